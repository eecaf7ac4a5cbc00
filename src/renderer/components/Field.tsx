import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'
import type { Issue } from '../../shared/rules/issues'
import { InlineIssues } from './InlineIssues'
import './field.css'

/** A message on one field: the rule it breaks, or main's refusal. */
export interface FieldMessage {
  text: string
  severity: 'error' | 'warning'
}

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

/** A failure said at once (an alert) under the field or form it concerns; nothing when there is none. */
export function FieldAlert({ message, id, testId }: { message: ReactNode; id?: string; testId?: string }) {
  return message ? (
    <p className="field__error" role="alert" id={id} data-testid={testId}>
      {message}
    </p>
  ) : null
}

export type FieldProps = {
  label: string
  /** The one message under the field, in place of the hint. */
  message?: FieldMessage | undefined
  /** Shorthand for an error message. */
  error?: string | undefined
  /** Every rule message of the field, listed above the hint (the card builder's fields). */
  issues?: readonly Pick<Issue, 'message' | 'severity'>[]
  hint?: ReactNode
  /** Shown to the right of the label, e.g. a character counter. */
  aside?: ReactNode
  /** A fixed part shown inside the input, before what is typed (the '#' of a hashtag). */
  prefix?: string
  multiline?: boolean
  className?: string
  ref?: Ref<HTMLInputElement>
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement> & InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix'>

/**
 * A labelled input or textarea whose messages and hint are announced with it (aria-describedby):
 * a counter beside the label, the message it breaks (or every rule message) underneath.
 */
export function Field({
  label,
  message,
  error,
  issues,
  hint,
  aside,
  prefix,
  multiline = false,
  className,
  ...control
}: FieldProps) {
  const id = useId()
  const note = message ?? (error ? { text: error, severity: 'error' as const } : undefined)
  const noteId = `${id}-note`
  const issuesId = issues && issues.length > 0 ? `${id}-issues` : undefined
  const common = {
    id,
    'aria-invalid':
      note?.severity === 'error' || issues?.some((issue) => issue.severity === 'error') ? true : undefined,
    'aria-describedby': [issuesId, note || hint ? noteId : undefined].filter(Boolean).join(' ') || undefined,
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
        <div className="input input--prefixed" data-invalid={common['aria-invalid']}>
          <span className="input__prefix" aria-hidden="true">
            {prefix}
          </span>
          <input {...common} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
        </div>
      ) : (
        <input className="input" {...common} {...(control as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      {issues ? <InlineIssues id={issuesId} issues={issues} /> : null}
      <FieldNote id={noteId} message={note} hint={hint} />
    </div>
  )
}
