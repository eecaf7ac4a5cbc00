import { ImageIcon, Save } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useOpenerFocus } from '../../lib/useOpenerFocus'
import { useState, type FormEvent } from 'react'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { Button } from '../../components/Button'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { JobReport } from '../../kits/jobs/JobReport'
import { failureText, useJob } from '../../kits/jobs/useJob'
import { Field, FieldAlert } from '../../components/Field'
import { MEDIA_TYPE_LABELS, itemTitle } from '../../kits/media/format'
import { LibraryPickerDialog } from '../../kits/media/LibraryPickerDialog'
import {
  changesOf,
  initialValues,
  problemsOf,
  TEXT_FIELDS,
  type EditField,
  type EditValues,
} from './mediaEdit'
import type { AccountScope } from '../../state/connection/activeProfile'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { DialogActions } from '../../components/DialogActions'

type FieldErrors = Partial<Record<EditField, string>>

/** Main's refusal, on the fields it names; anything else as one sentence. */
function refusalOf(error: unknown): { fields: FieldErrors; message?: string } {
  if (!(error instanceof IpcFailure)) return { fields: {}, message: failureText(error) }
  const fields: FieldErrors = {}
  const known = new Set<string>([...TEXT_FIELDS.map((entry) => entry.field), 'posterMediaKey'])
  for (const issue of error.error.issues ?? (error.error.field ? [error.error] : [])) {
    if (issue.field && known.has(issue.field)) fields[issue.field as EditField] ??= issue.message
  }
  return Object.keys(fields).length > 0 ? { fields } : { fields, message: failureText(error) }
}

/**
 * Edits a media library entry (B:91): name and file name for every medium; title, description
 * and poster image for videos, the fields the platform takes for them. Saving queues the PUT in
 * the outbox; the dialog follows the job and closes when it is done. Enter saves, Esc cancels.
 */
export function EditMediaDialog({
  scope,
  item,
  onClose,
  onSaved,
}: {
  scope: AccountScope
  item: LibraryItem
  onClose(): void
  onSaved(item: LibraryItem, job: OutboxJobView): void
}) {
  const [values, setValues] = useState<EditValues>(() => initialValues(item))
  const openerFocus = useOpenerFocus()
  const [posterName, setPosterName] = useState<string | null>(null)
  const [picking, setPicking] = useState(false)
  const [touched, setTouched] = useState<ReadonlySet<EditField>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [refused, setRefused] = useState<{ fields: FieldErrors; message?: string } | null>(null)
  const isVideo = item.mediaType === 'VIDEO'
  const changes = changesOf(item, values)
  const problems = problemsOf(item, values)
  const job = useJob((finished) => {
    if (finished.state !== 'done') return
    const saved: LibraryItem = { ...item }
    for (const [field, value] of Object.entries(changes)) {
      if (value === '') delete saved[field as EditField]
      else saved[field as EditField] = value
    }
    onSaved(saved, finished)
  })

  const errorOf = (field: EditField) =>
    refused?.fields[field] ?? (submitted || touched.has(field) ? problems[field] : undefined)
  const set = (field: EditField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setTouched((current) => new Set(current).add(field))
    setRefused(null)
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (job.busy || Object.keys(problems).length > 0 || Object.keys(changes).length === 0) return
    let queued: OutboxJobView
    try {
      queued = (await unwrap(studio().library.updateMedia({ ...scope, mediaKey: item.mediaKey, ...changes })))
        .job
    } catch (error) {
      setRefused(refusalOf(error))
      return
    }
    await job.start(async () => ({ job: queued }))
  }

  const unchanged = Object.keys(changes).length === 0
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide" data-testid="edit-media-dialog" {...openerFocus}>
          <form onSubmit={(event) => void save(event)} noValidate>
            <DialogTitleBar className="edit-media__head" closeSize={18}>
              Edit “{itemTitle(item)}”
            </DialogTitleBar>
            <Dialog.Description className="dialog__description">
              {isVideo
                ? 'The name, file name, title, description and poster of this video. '
                : `The name and file name of this ${item.mediaType ? MEDIA_TYPE_LABELS[item.mediaType].toLowerCase() : 'medium'}; title, description and poster apply to videos only. `}
              Saving goes through the Outbox.
            </Dialog.Description>
            <div className="stack stack--tight edit-media">
              {TEXT_FIELDS.filter((entry) => isVideo || !entry.videoOnly).map(({ field, label, max }) => {
                const error = errorOf(field)
                const length = [...values[field]].length
                return (
                  <Field
                    key={field}
                    label={label}
                    multiline={field === 'description'}
                    value={values[field]}
                    onChange={(event) => set(field, event.target.value)}
                    onKeyDown={(event) => {
                      // Enter in the description is a new line; ⌘/Ctrl+Enter saves from there too.
                      if (
                        field === 'description' &&
                        event.key === 'Enter' &&
                        (event.metaKey || event.ctrlKey)
                      )
                        event.currentTarget.form?.requestSubmit()
                    }}
                    message={error ? { text: error, severity: 'error' } : undefined}
                    aside={
                      <span className={`field__count${length > max ? ' field__count--over' : ''}`}>
                        {length}/{max}
                      </span>
                    }
                    data-testid={`edit-media-${field}`}
                  />
                )
              })}
              {isVideo ? (
                <div className="field">
                  <span className="field__label" id="edit-media-poster-label">
                    Poster image
                  </span>
                  <div className="row row--loose card-surface edit-media__poster">
                    <ImageIcon size={16} aria-hidden="true" />
                    <span className="edit-media__poster-name" data-testid="edit-media-poster">
                      {posterName ??
                        (values.posterMediaKey
                          ? `Image ${values.posterMediaKey}`
                          : 'The first frame (default)')}
                    </span>
                    <Button
                      onClick={() => setPicking(true)}
                      aria-describedby="edit-media-poster-label"
                      disabled={job.busy}
                    >
                      Choose image…
                    </Button>
                  </div>
                  <FieldAlert message={errorOf('posterMediaKey')} />
                </div>
              ) : null}
              {submitted && unchanged && job.state.phase === 'idle' ? (
                <p className="muted" role="status">
                  Nothing was changed yet.
                </p>
              ) : null}
              <FieldAlert message={refused?.message} testId="edit-media-refused" />
              <JobReport state={job.state} onRetry={() => void job.retry()} />
            </div>
            <DialogActions closeLabel={job.busy ? 'Close' : 'Cancel'}>
              <Button
                type="submit"
                variant="primary"
                busy={job.busy}
                aria-disabled={unchanged || undefined}
                title={unchanged ? 'Nothing was changed yet' : undefined}
                data-testid="edit-media-save"
              >
                <Save size={16} aria-hidden="true" />
                Save
              </Button>
            </DialogActions>
          </form>
          <LibraryPickerDialog
            open={picking}
            onOpenChange={setPicking}
            mediaType="IMAGE"
            title="Choose a poster image"
            onPick={(ref) => {
              set('posterMediaKey', ref.mediaKey)
              setPosterName(ref.name ?? `Image ${ref.mediaKey}`)
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
