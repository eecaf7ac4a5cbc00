import { Check, ChevronDown } from 'lucide-react'
import { Select as RadixSelect } from 'radix-ui'
import { Fragment, useId, useState, type ReactNode } from 'react'
import { useAfterFirstPaint } from '../lib/afterFirstPaint'
import { inertOutsideRef } from '../lib/inertOutside'
import './select.css'

export interface SelectOption<T extends string> {
  value: T
  label: string
  /** A second, quieter line; the option's name reads on into it, as the eye does (WCAG 2.5.3). */
  description?: string
}

export interface SelectGroup<T extends string> {
  label: string
  options: readonly SelectOption<T>[]
}

export type SelectEntry<T extends string> = SelectOption<T> | SelectGroup<T>

/** A select without an accessible name fails screen readers, so the type demands one. */
type SelectName =
  { 'aria-labelledby': string; 'aria-label'?: never } | { 'aria-label': string; 'aria-labelledby'?: never }

export type SelectProps<T extends string> = SelectName & {
  /** `null` shows the placeholder. */
  value: T | null
  onChange(value: T): void
  options: readonly SelectEntry<T>[]
  placeholder?: string
  disabled?: boolean
  /** Lets a `<label htmlFor>` point at the trigger. */
  id?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-busy'?: boolean
  'data-testid'?: string
  /** Extra classes for the trigger. */
  className?: string
  /** Drops the text-field look, for triggers styled entirely by `className`. */
  plain?: boolean
  /** Replaces the chevron. */
  icon?: ReactNode
}

function isGroup<T extends string>(entry: SelectEntry<T>): entry is SelectGroup<T> {
  return 'options' in entry
}

function labelOf<T extends string>(entries: readonly SelectEntry<T>[], value: T | null): string | undefined {
  for (const entry of entries) {
    if (isGroup(entry)) {
      const label = labelOf(entry.options, value)
      if (label !== undefined) return label
    } else if (entry.value === value) return entry.label
  }
  return undefined
}

/** A Radix Select (typeahead, arrow keys, Enter) with the app's trigger, list and check. */
export function Select<T extends string>({
  value,
  onChange,
  options,
  placeholder,
  disabled,
  className,
  plain = false,
  icon,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledby,
  ...trigger
}: SelectProps<T>) {
  const triggerClass = ['select__trigger', plain ? null : 'input', className].filter(Boolean).join(' ')
  const hiddenLabelId = useId()
  const valueId = useId()
  // The trigger's name is its label followed by the value it shows, so the visible text is part
  // of the accessible name (WCAG 2.5.3, Label in Name) and speech users can say what they see.
  const labelledBy = `${ariaLabelledby ?? hiddenLabelId} ${valueId}`
  const [open, setOpen] = useState(false)
  // Rule P10 (bench/PERFORMANCE.md): no work for options nobody sees. Closed, Radix still renders
  // every option into a detached fragment (its typeahead on the trigger reads them) and portals
  // the chosen one's text into the trigger, a second render. So the trigger shows the label
  // itself, and the hidden list waits until the first frame is up (the drafts page's three
  // filters cost its first render ~47 ms of script).
  const listMounted = useAfterFirstPaint() || open
  return (
    <RadixSelect.Root
      value={value ?? ''}
      onValueChange={(next) => onChange(next as T)}
      open={open}
      onOpenChange={setOpen}
      disabled={disabled}
    >
      {ariaLabel ? (
        <span id={hiddenLabelId} hidden>
          {ariaLabel}
        </span>
      ) : null}
      <RadixSelect.Trigger className={triggerClass} aria-labelledby={labelledBy} {...trigger}>
        <span id={valueId} className="truncate select__value">
          <RadixSelect.Value placeholder={placeholder}>{labelOf(options, value)}</RadixSelect.Value>
        </span>
        <RadixSelect.Icon className="select__icon">
          {icon ?? <ChevronDown size={14} aria-hidden="true" />}
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      {listMounted ? (
        <RadixSelect.Portal>
          <RadixSelect.Content
            ref={inertOutsideRef}
            className="menu select__content"
            position="popper"
            sideOffset={4}
          >
            <RadixSelect.Viewport>
              {options.map((entry, index) =>
                isGroup(entry) ? (
                  <Fragment key={`group:${entry.label}`}>
                    {index > 0 ? <RadixSelect.Separator className="select__separator" /> : null}
                    <RadixSelect.Group>
                      <RadixSelect.Label className="select__group-label">{entry.label}</RadixSelect.Label>
                      {entry.options.map((option) => (
                        <SelectItem key={option.value} option={option} />
                      ))}
                    </RadixSelect.Group>
                  </Fragment>
                ) : (
                  <SelectItem key={entry.value} option={entry} />
                ),
              )}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      ) : null}
    </RadixSelect.Root>
  )
}

function SelectItem<T extends string>({ option }: { option: SelectOption<T> }) {
  const labelId = useId()
  const descriptionId = useId()
  return (
    <RadixSelect.Item
      value={option.value}
      className="menu__item select__item"
      // Named by all the text it shows (Label in Name): a speech user says what they read.
      // Without a description Radix names it by its text; an undefined here would undo that.
      {...(option.description ? { 'aria-labelledby': `${labelId} ${descriptionId}` } : {})}
    >
      {option.description ? (
        // Two lines, with a space between them in the text: read off the option, its text is
        // "label description", as its name is, not the two run together.
        <div className="select__item-text">
          <RadixSelect.ItemText id={labelId}>{option.label}</RadixSelect.ItemText>{' '}
          <div className="select__description" id={descriptionId}>
            {option.description}
          </div>
        </div>
      ) : (
        <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
      )}
      <RadixSelect.ItemIndicator className="select__check">
        <Check size={14} aria-hidden="true" />
      </RadixSelect.ItemIndicator>
    </RadixSelect.Item>
  )
}
