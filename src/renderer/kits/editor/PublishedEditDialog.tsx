import { ArrowRight, Clock, Pencil, Send } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useState, type FormEvent } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DialogActions } from '../../components/DialogActions'
import { Select } from '../../components/Select'
import { IpcFailure } from '../../lib/ipc'
import { Field } from '../../components/Field'
import { LengthCounter } from '../../components/LengthCounter'

/** One field a published creative lets the designer change; `key` is its content path, dotted. */
export interface EditableField {
  key: string
  label: string
  value: string
  /** The spec's limit, shown as a counter; main checks it again and has the last word. */
  max?: number
  hint?: string
  /** A choice among the spec's values (an enum, e.g. a button's label) instead of free text. */
  options?: readonly { value: string; label: string }[]
}

/** The edit a published creative offers: exactly the fields its update may change. */
export interface PublishedEditSpec {
  /** The button, e.g. "Edit name". */
  label: string
  title: string
  description: string
  fields: EditableField[]
  /** Queues the update in main; resolves with the outbox job, rejects with main's refusal. */
  send(values: Record<string, string>): Promise<{ job: OutboxJobView }>
  /** Records the item's base as the dialog opens (issue 42): what the platform holds now. */
  begin?(): Promise<unknown>
  /** Keeps the edit as a pending change, posted later from Changes. */
  keep?(values: Record<string, string>): Promise<unknown>
}

/** Main's refusal, field by field: each message goes on the field it names. */
function issuesOf(error: unknown): { byField: Record<string, string>; general: string | undefined } {
  if (!(error instanceof IpcFailure)) return { byField: {}, general: 'Something went wrong. Try again.' }
  const { field, message, issues } = error.error
  const byField: Record<string, string> = {}
  for (const issue of issues ?? (field ? [{ field, message }] : [])) byField[issue.field] ??= issue.message
  return { byField, general: Object.keys(byField).length === 0 ? message : undefined }
}

/**
 * The edit of a published creative, in a dialog: the fields the spec lets an update change, and
 * nothing else. Enter sends it, Escape cancels. Sending queues an update in the outbox; the
 * dialog closes once it is queued, and stays open with the errors on their fields when main
 * refuses it.
 */
export function PublishedEditDialog({
  spec,
  disabled,
  onQueued,
}: {
  spec: PublishedEditSpec
  disabled?: boolean
  onQueued(queue: () => Promise<{ job: OutboxJobView }>): void
}) {
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState<Record<string, string>>({})
  const [issues, setIssues] = useState<ReturnType<typeof issuesOf>>({ byField: {}, general: undefined })
  const [sending, setSending] = useState(false)

  const onOpenChange = (next: boolean) => {
    if (next) {
      setValues(Object.fromEntries(spec.fields.map((field) => [field.key, field.value])))
      setIssues({ byField: {}, general: undefined })
      // Offline, main falls back to the mirror's copy or the draft's; nothing to tell here.
      void Promise.resolve()
        .then(() => spec.begin?.())
        .catch(() => undefined)
    }
    setOpen(next)
  }
  const changed = spec.fields.some((field) => (values[field.key] ?? field.value) !== field.value)

  const onKeep = async () => {
    if (!changed || sending || !spec.keep) return
    setSending(true)
    try {
      await spec.keep(values)
      setOpen(false)
    } catch (error) {
      setIssues(issuesOf(error))
    } finally {
      setSending(false)
    }
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!changed || sending) return
    setSending(true)
    try {
      const queued = await spec.send(values)
      setOpen(false)
      onQueued(async () => queued)
    } catch (error) {
      setIssues(issuesOf(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button disabled={disabled} data-testid="published-edit">
          <Pencil size={16} aria-hidden="true" />
          {spec.label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="published-edit-dialog">
          <Dialog.Title className="dialog__title">{spec.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{spec.description}</Dialog.Description>
          <form
            className="stack stack--tight published-edit__form"
            onSubmit={(event) => void onSubmit(event)}
            noValidate
          >
            {spec.fields.map((field) => {
              const value = values[field.key] ?? field.value
              const error = issues.byField[field.key]
              const choose = (next: string) => {
                setValues((current) => ({ ...current, [field.key]: next }))
                setIssues(({ byField, general }) => {
                  const { [field.key]: _answered, ...rest } = byField
                  return { byField: rest, general }
                })
              }
              if (field.options) {
                const labelId = `published-edit-${field.key.replace(/\W/g, '-')}`
                return (
                  <div className="field" key={field.key}>
                    <span className="field__label" id={labelId}>
                      {field.label}
                    </span>
                    <Select
                      aria-labelledby={labelId}
                      value={value === '' ? null : value}
                      placeholder="Choose"
                      options={field.options}
                      onChange={choose}
                      aria-invalid={error !== undefined}
                      aria-describedby={error ? `${labelId}-error` : undefined}
                    />
                    {error ? (
                      <p className="field__error" role="alert" id={`${labelId}-error`}>
                        {error}
                      </p>
                    ) : null}
                  </div>
                )
              }
              return (
                <Field
                  key={field.key}
                  label={field.label}
                  value={value}
                  hint={field.hint}
                  name={field.key}
                  onChange={(event) => {
                    const next = event.target.value
                    setValues((current) => ({ ...current, [field.key]: next }))
                    // Main's answer was about the value it saw; once changed, it no longer applies.
                    setIssues(({ byField, general }) => {
                      const { [field.key]: _answered, ...rest } = byField
                      return { byField: rest, general }
                    })
                  }}
                  message={error ? { text: error, severity: 'error' } : undefined}
                  aside={
                    field.max !== undefined ? <LengthCounter value={value} max={field.max} /> : undefined
                  }
                />
              )
            })}
            <FieldChanges fields={spec.fields} values={values} />
            {issues.general ? <Banner tone="error">{issues.general}</Banner> : null}
            <DialogActions>
              {spec.keep ? (
                <Button type="button" disabled={!changed || sending} onClick={() => void onKeep()}>
                  <Clock size={16} aria-hidden="true" />
                  Keep for later
                </Button>
              ) : null}
              <Button type="submit" variant="primary" disabled={!changed} busy={sending}>
                <Send size={16} aria-hidden="true" />
                Send update
              </Button>
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A value as people read it: an option by its label, nothing as "empty". */
function shown(field: EditableField, value: string): string {
  if (value.trim() === '') return 'empty'
  return field.options?.find((option) => option.value === value)?.label ?? value
}

/**
 * What the update changes, field by field (what is on the platform → what will be), so the
 * designer reviews the change itself before it is sent, not only the form.
 */
function FieldChanges({ fields, values }: { fields: EditableField[]; values: Record<string, string> }) {
  const changes = fields.filter((field) => (values[field.key] ?? field.value) !== field.value)
  return (
    <section className="published-edit__changes" aria-labelledby="published-edit-changes" aria-live="polite">
      <h3 className="published-edit__changes-title" id="published-edit-changes">
        What changes
      </h3>
      {changes.length === 0 ? (
        <p className="published-edit__none">Nothing yet: change a field above.</p>
      ) : (
        <dl className="published-edit__change-list" data-testid="published-edit-changes">
          {changes.map((field) => (
            <div key={field.key}>
              <dt>{field.label}</dt>
              <dd>
                <span className="published-edit__old">
                  <span className="visually-hidden">from </span>
                  {shown(field, field.value)}
                </span>
                <ArrowRight size={14} aria-hidden="true" className="published-edit__arrow" />
                <span className="published-edit__new">
                  <span className="visually-hidden"> to </span>
                  {shown(field, values[field.key] ?? field.value)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
