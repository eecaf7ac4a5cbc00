import { Undo2 } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useCallback, useEffect, useState } from 'react'
import type { UndoEntryView } from '../../../shared/ipc/contracts/history'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import type { ListNotice } from '../../kits/draftList/DraftsList'
import './undoList.css'

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Ctrl/Cmd+Shift+Z outside a text field: a field's own redo keeps the keys where one has focus. */
function isAppUndoKey(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.altKey) return false
  if (event.key.toLowerCase() !== 'z') return false
  const target = event.target as HTMLElement | null
  return !target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')
}

/**
 * The app's undo list (issue 43): every bulk edit, replace, variants, CSV import and restored
 * version, newest first, kept by main across restarts. The newest is undone here (or with
 * Ctrl/Cmd+Shift+Z on the page), unless its drafts were published since: then it says so.
 */
export function UndoList({ onNotice }: { onNotice(notice: ListNotice): void }) {
  const [open, setOpen] = useState(false)
  const [entries, setEntries] = useState<UndoEntryView[] | null>(null)
  const action = useAction<'load' | 'undo', string>(messageOf)
  const { run } = action

  const load = useCallback(
    () =>
      run('load', async () => {
        setEntries((await unwrap(studio().undo.list({}))).entries)
      }),
    [run],
  )
  const undo = useCallback(
    (id: string) =>
      run('undo', async () => {
        const result = await unwrap(studio().undo.undo({ id }))
        const skipped =
          result.skipped > 0 ? ` ${plural(result.skipped, 'draft')} deleted since left as is.` : ''
        onNotice({ tone: 'success', text: `Undone: ${result.label}.${skipped}` })
        setOpen(false)
        setEntries(null)
      }),
    [onNotice, run],
  )

  // The list is read when it opens, never polled.
  useEffect(() => {
    if (open) void load()
  }, [open, load])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isAppUndoKey(event)) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const newest = entries?.[0]
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="button button--secondary"
        title="Undo list (Ctrl+Shift+Z)"
        data-testid="undo-list"
      >
        <Undo2 size={16} aria-hidden="true" />
        Undo…
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="undo-list" align="end" sideOffset={6} aria-label="Undo list">
          <h2 className="undo-list__title">Undo list</h2>
          <p className="undo-list__hint muted">
            Bulk edits, replaces, variants, CSV imports and restored versions, newest first. Only the newest
            can be undone, and not once its drafts are published.
          </p>
          {action.problem ? <Banner tone="error">{action.problem}</Banner> : null}
          {entries && entries.length === 0 ? <p className="muted">Nothing to undo.</p> : null}
          {entries && entries.length > 0 ? (
            <ol className="boxed-list undo-list__entries">
              {entries.map((entry) => (
                <li key={entry.id} className="undo-list__entry">
                  <span className="undo-list__label">{entry.label}</span>
                  <span className="muted">
                    <time dateTime={entry.at}>{WHEN.format(new Date(entry.at))}</time> ·{' '}
                    {plural(entry.drafts, 'draft')}
                  </span>
                  {entry === newest && entry.blocked ? (
                    <span className="undo-list__blocked">{entry.blocked}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          {newest && !newest.blocked ? (
            <div className="undo-list__actions">
              <Button
                variant="primary"
                busy={action.busy === 'undo'}
                onClick={() => void undo(newest.id)}
                data-testid="undo-newest"
              >
                Undo the newest step
              </Button>
            </div>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
