import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { COUNTRIES, type Country } from '../../../shared/rules/countries'

const MAX_SHOWN = 50

function matches(country: Country, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase()
  if (needle === '') return true
  return country.code.toLocaleLowerCase() === needle || country.name.toLocaleLowerCase().includes(needle)
}

/**
 * A searchable country picker (the ARIA 1.2 combobox pattern: type to filter, arrows to move,
 * Enter to choose, Escape to close). Radix has no combobox; this is the smallest faithful one.
 */
export function CountryPicker({
  value,
  onChange,
  describedBy,
  invalid,
}: {
  value: string
  onChange(code: string): void
  describedBy?: string | undefined
  invalid?: boolean
}) {
  const id = useId()
  const listId = `${id}-list`
  const inputRef = useRef<HTMLInputElement>(null)
  const selected = COUNTRIES.find((country) => country.code === value)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const open = query !== null
  const options = useMemo(
    () => (query === null ? [] : COUNTRIES.filter((country) => matches(country, query)).slice(0, MAX_SHOWN)),
    [query],
  )
  // An exact code typed in goes first, so "US" then Enter picks the United States.
  const ordered = useMemo(() => {
    const exact = options.findIndex(
      (country) => country.code.toLocaleLowerCase() === query?.trim().toLocaleLowerCase(),
    )
    return exact > 0 ? [options[exact]!, ...options.filter((_, index) => index !== exact)] : options
  }, [options, query])

  const activeId = open && ordered[active] ? `${id}-${ordered[active].code}` : undefined
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeId])

  const choose = (country: Country) => {
    onChange(country.code)
    setQuery(null)
  }
  const display = open ? query : selected ? `${selected.name} (${selected.code})` : value

  return (
    <div className="combobox">
      <label className="field__label" htmlFor={id}>
        Country
      </label>
      <div className="combobox__control">
        <input
          ref={inputRef}
          id={id}
          className="input combobox__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          placeholder="Search countries, e.g. Germany or DE"
          value={display}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
          }}
          onBlur={() => setQuery(null)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault()
              if (!open) {
                setQuery('')
                setActive(0)
                return
              }
              const step = event.key === 'ArrowDown' ? 1 : -1
              setActive((current) => Math.min(Math.max(current + step, 0), Math.max(ordered.length - 1, 0)))
            } else if (event.key === 'Enter' && open) {
              event.preventDefault()
              const country = ordered[active]
              if (country) choose(country)
            } else if (event.key === 'Escape' && open) {
              event.preventDefault()
              setQuery(null)
            }
          }}
        />
        <ChevronDown size={16} className="combobox__chevron" aria-hidden="true" />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Countries"
        className="combobox__list"
        hidden={!open || ordered.length === 0}
      >
        {ordered.map((country, index) => (
          <li
            key={country.code}
            id={`${id}-${country.code}`}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            // mousedown, not click: it must land before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault()
              choose(country)
            }}
            onMouseMove={() => setActive(index)}
          >
            <span>{country.name}</span>
            <span className="combobox__code">{country.code}</span>
          </li>
        ))}
      </ul>
      {open && ordered.length === 0 ? <p className="field__hint">No country matches “{query}”.</p> : null}
    </div>
  )
}
