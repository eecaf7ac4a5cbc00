import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { formatNumber } from '../../shared/rules/issues'
import './combobox.css'

export interface ComboboxOption {
  value: string
  label: string
  /** A quieter second part, shown at the option's end (a country's code). */
  detail?: string
}

export interface ComboboxProps<T extends ComboboxOption> {
  label: string
  /** Keeps the label for screen readers only, where the field sits in a row of filters. */
  hideLabel?: boolean
  /** The chosen option's value. */
  value: string
  options: readonly T[]
  onChange(value: string): void
  /** What the closed field shows for the chosen option (default: its label). */
  shown?(option: T): string
  /** The options a query lists, in order (default: those whose label contains it, any case). */
  search?(options: readonly T[], query: string): readonly T[]
  placeholder?: string
  listLabel: string
  /** Said under the field when nothing matches. */
  noMatch(query: string): string
  /** At most this many options are in the list at once; the rest wait for a narrower query. */
  maxShown?: number
  /** The text typed while the list is open (null once it closes), for options looked up remotely. */
  onQueryChange?(query: string | null): void
  describedBy?: string | undefined
  invalid?: boolean
  'data-testid'?: string
}

const MAX_SHOWN = 50

function labelContains<T extends ComboboxOption>(options: readonly T[], query: string): readonly T[] {
  const needle = query.trim().toLocaleLowerCase()
  return needle === ''
    ? options
    : options.filter((option) => option.label.toLocaleLowerCase().includes(needle))
}

/**
 * A searchable picker (the ARIA 1.2 combobox pattern: type to filter, arrows to move, Enter to
 * choose, Escape to close). Radix has no combobox; this is the smallest faithful one. Only the
 * first `maxShown` matches are in the list, so a list of thousands (a big catalog's item groups)
 * costs what fifty do, open or closed.
 */
export function Combobox<T extends ComboboxOption>({
  label,
  hideLabel = false,
  value,
  options,
  onChange,
  shown = (option) => option.label,
  search = labelContains,
  placeholder,
  listLabel,
  noMatch,
  maxShown = MAX_SHOWN,
  onQueryChange,
  describedBy,
  invalid,
  'data-testid': testId,
}: ComboboxProps<T>) {
  const id = useId()
  const listId = `${id}-list`
  const moreId = `${id}-more`
  const selected = options.find((option) => option.value === value)
  const [query, setQueryState] = useState<string | null>(null)
  const setQuery = (next: string | null) => {
    setQueryState(next)
    onQueryChange?.(next)
  }
  const [active, setActive] = useState(0)
  const open = query !== null
  const matching = useMemo(() => (query === null ? [] : search(options, query)), [options, query, search])
  const listed = matching.slice(0, maxShown)

  const optionId = (index: number) => `${id}-option-${index}`
  const activeId = open && listed[active] ? optionId(active) : undefined
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeId])

  const openList = () => {
    setQuery('')
    setActive(0)
  }
  const choose = (option: T) => {
    onChange(option.value)
    setQuery(null)
  }
  const display = open ? query : selected ? shown(selected) : value

  return (
    <div className="combobox">
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="combobox__control">
        <input
          id={id}
          className="input input--icon-end combobox__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-describedby={
            [describedBy, open && matching.length > listed.length ? moreId : undefined]
              .filter(Boolean)
              .join(' ') || undefined
          }
          aria-invalid={invalid || undefined}
          data-testid={testId}
          placeholder={placeholder}
          value={display}
          onFocus={(event) => event.currentTarget.select()}
          // A click on the closed field lists the options, as a select would.
          onClick={() => {
            if (!open) openList()
          }}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
          }}
          onBlur={() => setQuery(null)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault()
              if (!open) return openList()
              const step = event.key === 'ArrowDown' ? 1 : -1
              setActive((current) => Math.min(Math.max(current + step, 0), Math.max(listed.length - 1, 0)))
            } else if (event.key === 'Enter' && open) {
              event.preventDefault()
              const option = listed[active]
              if (option) choose(option)
            } else if (event.key === 'Escape' && open) {
              event.preventDefault()
              setQuery(null)
            }
          }}
        />
        <ChevronDown size={16} className="input-icon input-icon--end" aria-hidden="true" />
      </div>
      <div className="popover-surface combobox__popup" hidden={!open || listed.length === 0}>
        <ul id={listId} role="listbox" aria-label={listLabel} className="combobox__list">
          {listed.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // mousedown, not click: it must land before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
              onMouseMove={() => setActive(index)}
            >
              <span>{option.label}</span>
              {option.detail ? <span className="combobox__detail">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
        {matching.length > listed.length ? (
          <p id={moreId} className="combobox__more">
            {formatNumber(listed.length)} of {formatNumber(matching.length)} shown — type to narrow
          </p>
        ) : null}
      </div>
      {open && listed.length === 0 ? <p className="field__hint">{noMatch(query)}</p> : null}
    </div>
  )
}
