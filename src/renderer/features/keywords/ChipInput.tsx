import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { normaliseKeyword } from '../../../shared/catalog/keywords'

/** A text field that turns what is typed into chips on Enter or comma; Backspace takes the last one back. */
export function ChipInput({
  label,
  chips,
  onChange,
  full,
  invalid,
  describedBy,
  testId,
  onLeave,
}: {
  label: string
  chips: string[]
  onChange(next: string[]): void
  full: boolean
  invalid: boolean
  describedBy: string
  testId: string
  onLeave?(): void
}) {
  const id = useId()
  const [text, setText] = useState('')
  const add = (raw: string) => {
    const words = raw.split(',').map(normaliseKeyword).filter(Boolean)
    const next = [...chips]
    for (const word of words)
      if (!next.some((chip) => chip.toLowerCase() === word.toLowerCase())) next.push(word)
    onChange(next)
    setText('')
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="chip-input" data-invalid={invalid || undefined}>
        <ul className="chip-input__chips" aria-label={label}>
          {chips.map((chip) => (
            <li key={chip} className="chip">
              {chip}
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${chip}`}
                onClick={() => onChange(chips.filter((other) => other !== chip))}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          className="chip-input__field"
          value={text}
          placeholder={full ? 'Limit reached' : 'Type and press Enter'}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            const value = event.target.value
            if (value.includes(',')) add(value)
            else setText(value)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text.trim()) {
              event.preventDefault()
              add(text)
            } else if (event.key === 'Backspace' && text === '' && chips.length > 0) {
              onChange(chips.slice(0, -1))
            }
          }}
          onBlur={() => {
            if (text.trim()) add(text)
            onLeave?.()
          }}
          data-testid={testId}
        />
      </div>
    </div>
  )
}
