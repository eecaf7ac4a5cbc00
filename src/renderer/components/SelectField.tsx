import { useId, type ReactNode } from 'react'
import { FieldNote, type FieldMessage } from './Field'
import { Select, type SelectProps } from './Select'

type OwnSelectProps<T extends string> = Omit<
  SelectProps<T>,
  'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid' | 'className'
>

/** A labelled Select with its message (or hint) underneath, announced with it, as a Field has. */
export function SelectField<T extends string>({
  label,
  message,
  hint,
  className,
  triggerClassName,
  ...select
}: OwnSelectProps<T> & {
  label: string
  message?: FieldMessage | undefined
  hint?: ReactNode
  /** Extra classes for the field around the select. */
  className?: string
  triggerClassName?: string
}) {
  const id = useId()
  const noteId = `${id}-note`
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <Select
        {...select}
        aria-labelledby={`${id}-label`}
        aria-invalid={message?.severity === 'error' ? true : undefined}
        aria-describedby={message || hint ? noteId : undefined}
        {...(triggerClassName ? { className: triggerClassName } : {})}
      />
      <FieldNote id={noteId} message={message} hint={hint} />
    </div>
  )
}
