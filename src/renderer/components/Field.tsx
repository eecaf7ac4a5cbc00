import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import type { FieldMessage } from '../kits/editor/issues'
import './field.css'

/** The line under a field: the rule it breaks (error or warning), else its hint. */
export function FieldNote({
  id,
  message,
  hint,
  ruleMessage,
}: {
  id: string
  message?: FieldMessage | undefined
  hint?: ReactNode
  /** The rule's message when the note rephrases it; the problems list looks fields up by it. */
  ruleMessage?: string
}) {
  if (message) {
    return (
      <p
        className={message.severity === 'error' ? 'field__error' : 'field__warning'}
        id={id}
        data-testid="field-message"
        data-severity={message.severity}
        data-rule-message={ruleMessage}
      >
        {message.text}
      </p>
    )
  }
  return hint ? (
    <p className="field__hint" id={id}>
      {hint}
    </p>
  ) : null
}

/** A labelled input or textarea with a counter aside and the rule it breaks underneath. */
export function EditorField({
  label,
  message,
  hint,
  aside,
  prefix,
  multiline = false,
  className,
  ...control
}: {
  label: string
  message?: FieldMessage | undefined
  hint?: ReactNode
  aside?: ReactNode
  /** A fixed part shown inside the input, before what is typed (the '#' of a hashtag). */
  prefix?: string
  multiline?: boolean
  className?: string
} & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement> & InputHTMLAttributes<HTMLInputElement>,
  'id' | 'prefix'
>) {
  const id = useId()
  const noteId = `${id}-note`
  const describedBy = message || hint ? noteId : undefined
  const common = {
    id,
    'aria-invalid': message?.severity === 'error' ? true : undefined,
    'aria-describedby': describedBy,
  }
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {multiline ? (
        <textarea
          className="input textarea"
          rows={3}
          {...common}
          {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : prefix ? (
        <div
          className="input input--prefixed"
          data-invalid={message?.severity === 'error' ? true : undefined}
        >
          <span className="input__prefix" aria-hidden="true">
            {prefix}
          </span>
          <input {...common} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
        </div>
      ) : (
        <input className="input" {...common} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      <FieldNote id={noteId} message={message} hint={hint} />
    </div>
  )
}
