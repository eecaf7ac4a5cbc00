import { Dialog } from 'radix-ui'
import { useEffect, useState } from 'react'
import type { BulkPreview } from '../../../shared/ipc/contracts/bulkEdit'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DialogActions } from '../../components/DialogActions'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import type { ListNotice } from '../../kits/draftList/DraftsList'
import { BulkPreviewList, plural } from './BulkPreviewList'

interface BulkField {
  column: string
  label: string
  numeric: boolean
  /** The value every selected draft has; null: they differ ("Mixed"). */
  value: string | null
}

/** One field of the panel: the common value (or "Mixed"), and Apply once it is changed. */
function BulkFieldRow({
  field,
  count,
  busy,
  onApply,
}: {
  field: BulkField
  count: number
  busy: boolean
  onApply(value: string): void
}) {
  const [value, setValue] = useState(field.value ?? '')
  useEffect(() => setValue(field.value ?? ''), [field.value])
  const changed = field.value === null ? value !== '' : value !== field.value
  return (
    <form
      className="bulk-panel__field"
      onSubmit={(event) => {
        event.preventDefault()
        if (changed) onApply(value)
      }}
    >
      <Field
        label={field.label}
        value={value}
        placeholder={field.value === null ? 'Mixed' : undefined}
        hint={field.value === null ? 'The selected drafts differ here.' : undefined}
        inputMode={field.numeric ? 'numeric' : undefined}
        onChange={(event) => setValue(event.target.value)}
        data-testid={`bulk-field-${field.column}`}
      />
      {changed ? (
        <div className="bulk-panel__field-actions">
          <Button type="button" className="button--small" onClick={() => setValue(field.value ?? '')}>
            Undo
          </Button>
          <Button type="submit" className="button--small" variant="primary" busy={busy}>
            Set on {plural(count, 'draft', 'drafts')}
          </Button>
        </div>
      ) : null}
    </form>
  )
}

/**
 * The side panel for the selected drafts: the fields they all have, each with its common value or
 * "Mixed". Setting one is previewed in main; with nothing skipped it applies at once, else the
 * drafts that would break a rule are listed and the rest apply only once the designer confirms.
 */
export function BulkEditPanel({
  ids,
  onNotice,
}: {
  ids: readonly string[]
  onNotice(notice: ListNotice): void
}) {
  // The answer is for the ids it was asked for: an older selection's is never shown.
  const [answer, setAnswer] = useState<{
    ids: readonly string[]
    count: number
    fields: BulkField[]
  } | null>(null)
  const fields = answer?.ids === ids ? answer : null
  const [confirm, setConfirm] = useState<{ preview: BulkPreview; label: string } | null>(null)
  const [reload, setReload] = useState(0)
  const action = useAction<string, string>(messageOf)
  const { setProblem } = action

  useEffect(() => {
    // Main reads the kinds from its index and only as many drafts as it needs, so each change
    // of the selection asks; an answer for a selection since changed is dropped.
    let live = true
    void unwrap(studio().bulkEdit.fields({ ids: [...ids] }))
      .then((fields) => live && setAnswer({ ...fields, ids }))
      .catch((error: unknown) => live && setProblem(messageOf(error)))
    return () => {
      live = false
    }
  }, [ids, reload, setProblem])

  const applied = (
    label: string,
    result: { applied: number; skipped: { name: string; reason: string }[] },
  ) => {
    setConfirm(null)
    setReload((count) => count + 1)
    onNotice({
      tone: result.skipped.length > 0 ? 'info' : 'success',
      text: `${label} set on ${plural(result.applied, 'draft', 'drafts')}.${
        result.skipped.length > 0
          ? ` Not changed: ${result.skipped.map((item) => `“${item.name}”: ${item.reason}`).join(' ')}`
          : ''
      }`,
    })
  }
  const set = (field: BulkField, value: string) =>
    action.run(field.column, async () => {
      onNotice(null)
      const preview = await unwrap(
        studio().bulkEdit.preview({
          scope: { ids: [...ids] },
          operation: { type: 'set', column: field.column, value },
        }),
      )
      if (preview.counts.changed === 0 && preview.counts.refused === 0) {
        onNotice({ tone: 'info', text: `${field.label} already reads that on every selected draft.` })
        return
      }
      if (preview.counts.refused > 0) {
        setConfirm({ preview, label: field.label })
        return
      }
      applied(field.label, await unwrap(studio().bulkEdit.apply({ token: preview.token })))
    })
  const confirmApply = (open: { preview: BulkPreview; label: string }) =>
    action.run('confirm', async () => {
      applied(open.label, await unwrap(studio().bulkEdit.apply({ token: open.preview.token })))
    })

  return (
    <aside
      className="bulk-panel surface surface--raised"
      aria-labelledby="bulk-panel-title"
      data-testid="bulk-panel"
    >
      <h2 className="bulk-panel__title" id="bulk-panel-title">
        Edit {plural(ids.length, 'draft', 'drafts')}
      </h2>
      <p className="muted bulk-panel__hint">
        Fields all the selected drafts have. Each keeps its rules: a draft a new value would break is listed
        and left as it is.
      </p>
      {action.problem && !confirm ? <Banner tone="error">{action.problem}</Banner> : null}
      {fields === null ? (
        <p className="muted">Reading the selected drafts…</p>
      ) : (
        fields.fields.map((field) => (
          <BulkFieldRow
            key={field.column}
            field={field}
            count={fields.count}
            busy={action.busy === field.column}
            onApply={(value) => void set(field, value)}
          />
        ))
      )}
      <Dialog.Root open={confirm !== null} onOpenChange={(open) => (open ? null : setConfirm(null))}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          {confirm ? (
            <Dialog.Content className="dialog dialog--wide bulk-confirm" data-testid="bulk-confirm">
              <DialogTitleBar>Set {confirm.label}?</DialogTitleBar>
              <Dialog.Description className="dialog__description">
                {plural(confirm.preview.counts.refused, 'draft would', 'drafts would')} break a rule with this
                value and {confirm.preview.counts.refused === 1 ? 'is' : 'are'} skipped. The others change
                only if you apply.
              </Dialog.Description>
              <BulkPreviewList preview={confirm.preview} />
              {action.problem ? <Banner tone="error">{action.problem}</Banner> : null}
              <DialogActions>
                <Button
                  variant="primary"
                  disabled={confirm.preview.counts.changed === 0}
                  busy={action.busy === 'confirm'}
                  onClick={() => void confirmApply(confirm)}
                  data-testid="bulk-confirm-apply"
                >
                  Apply to {plural(confirm.preview.counts.changed, 'draft', 'drafts')}
                </Button>
              </DialogActions>
            </Dialog.Content>
          ) : null}
        </Dialog.Portal>
      </Dialog.Root>
    </aside>
  )
}
