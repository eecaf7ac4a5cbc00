import { ImagePlus, Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import type { LibraryMediaRef, MediaRef } from '../../../shared/creatives/media'
import type { VariantField, VariantValue } from '../../../shared/ipc/contracts/variants'
import { Button } from '../../components/Button'
import { CheckboxRow } from '../../components/CheckboxRow'
import { LibraryPickerDialog } from '../media/LibraryPickerDialog'

/** A medium in words: its library name, its file's name, or its key. */
export function mediaWords(ref: MediaRef): string {
  if (ref.source === 'library') return ref.name || `Library medium ${ref.mediaKey}`
  return ref.path.split(/[\\/]/).pop() || 'Local file'
}

/** A field's label inside a sentence: "Destination URL" → "destination URL". */
export function inSentence(label: string): string {
  return label
    .split(' ')
    .map((word) => (word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ')
}

/** Two values are the same medium (or the same text). */
export function sameValue(a: VariantValue, b: VariantValue): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b
  if (a.source === 'library' && b.source === 'library') return a.mediaKey === b.mediaKey
  if (a.source === 'local' && b.source === 'local') return a.sha256 === b.sha256
  return false
}

/** A variable whose values are strings: texts typed, or choices ticked. */
interface TextLikeValuesProps {
  field: VariantField
  values: readonly string[]
  onChange(values: string[]): void
}

/** A text variable's values, one field each; "Add value" adds a field and focuses it. */
export function TextValues({ field, values, onChange }: TextLikeValuesProps) {
  const id = useId()
  const [focusLast, setFocusLast] = useState(false)
  return (
    <div className="variant-values" role="group" aria-label={`${field.label} values`}>
      {values.map((value, index) => (
        <div className="variant-values__row" key={index}>
          <span className="variant-values__tag" aria-hidden="true">
            {String.fromCharCode(65 + (index % 26))}
          </span>
          <input
            className="input"
            aria-label={`${field.label} ${index + 1}`}
            id={`${id}-${index}`}
            value={value}
            ref={(input) => {
              if (input && focusLast && index === values.length - 1) {
                input.focus()
                setFocusLast(false)
              }
            }}
            onChange={(event) => onChange(values.map((old, at) => (at === index ? event.target.value : old)))}
          />
          <Button
            variant="ghost"
            aria-label={`Remove ${field.label} ${index + 1}`}
            disabled={values.length === 1}
            onClick={() => onChange(values.filter((_, at) => at !== index))}
          >
            <X size={14} aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="ghost"
        onClick={() => {
          onChange([...values, ''])
          setFocusLast(true)
        }}
      >
        <Plus size={14} aria-hidden="true" />
        Add value
      </Button>
    </div>
  )
}

/** A choice variable's values: a checkbox per choice. */
export function ChoiceValues({ field, values, onChange }: TextLikeValuesProps) {
  const id = useId()
  const choices = field.choices ?? []
  return (
    <div className="variant-values variant-values--choices" role="group" aria-label={`${field.label} values`}>
      {choices.map((choice) => (
        <CheckboxRow
          key={choice.value}
          id={`${id}-${choice.value}`}
          label={choice.label}
          checked={values.includes(choice.value)}
          onChange={(checked) =>
            onChange(
              choices
                .map((option) => option.value)
                .filter((value) => (value === choice.value ? checked : values.includes(value))),
            )
          }
        />
      ))}
    </div>
  )
}

/** A media variable's values: the draft's media and any picked from the library, ticked. */
export function MediaValues({
  field,
  offered,
  values,
  onOffer,
  onChange,
}: {
  field: VariantField
  offered: readonly MediaRef[]
  values: readonly MediaRef[]
  onOffer(ref: LibraryMediaRef): void
  onChange(values: MediaRef[]): void
}) {
  const id = useId()
  const [picking, setPicking] = useState(false)
  const isChosen = (ref: MediaRef) => values.some((value) => sameValue(value, ref))
  return (
    <div className="variant-values variant-values--choices" role="group" aria-label={`${field.label} values`}>
      {offered.length === 0 ? (
        <p className="muted">This draft has no media yet: add some from the library.</p>
      ) : null}
      {offered.map((ref, index) => (
        <CheckboxRow
          key={index}
          id={`${id}-${index}`}
          label={mediaWords(ref)}
          checked={isChosen(ref)}
          onChange={(checked) =>
            onChange(offered.filter((other) => (other === ref ? checked : isChosen(other))))
          }
        />
      ))}
      <Button variant="ghost" onClick={() => setPicking(true)}>
        <ImagePlus size={14} aria-hidden="true" />
        Add from the library…
      </Button>
      <LibraryPickerDialog
        open={picking}
        onOpenChange={setPicking}
        onPick={(ref) => {
          setPicking(false)
          onOffer(ref)
        }}
      />
    </div>
  )
}
