import { ArrowRight, Clock, History, Layers, RotateCcw, Send, Undo2 } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useCallback, useEffect, useState } from 'react'
import type { FieldChangeView, TimelineEntry } from '../../../shared/ipc/contracts/history'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import { adoptRestoredDraft, useDraftEditorStore } from '../../state/drafts/draftEditor'
import './draftHistory.css'

type VersionEntry = Extract<TimelineEntry, { type: 'version' }>
/** Rows drawn at first; a long history shows more on request (a timeline of 1,000 versions). */
const SHOWN_AT_FIRST = 100
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const MARK_ICONS = { publish: Send, bulk: Layers, restore: RotateCcw, undo: Undo2 }
const MARK_WORDS = { publish: 'Published', bulk: 'Bulk change', restore: 'Restored', undo: 'Undone' }

const when = (iso: string) => <time dateTime={iso}>{WHEN.format(new Date(iso))}</time>

/**
 * The draft's history (issue 43): its versions, publishes and bulk steps, newest first; two
 * versions chosen are compared field by field (old → new); Restore makes a version the draft's
 * state, one step that Undo takes back (the editor's and the Drafts page's undo list).
 */
export function DraftHistoryButton({ readOnly }: { readOnly: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" aria-label="History" title="History: versions, publishes and bulk changes">
          <History size={16} aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--column draft-history" data-testid="draft-history">
          {open ? <HistoryBody readOnly={readOnly} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function HistoryBody({ readOnly }: { readOnly: boolean }) {
  const editor = useDraftEditorStore()
  const draftId = editor.getState().draft.id
  const [entries, setEntries] = useState<TimelineEntry[] | null>(null)
  const [picked, setPicked] = useState<number[]>([])
  const [shown, setShown] = useState(SHOWN_AT_FIRST)
  const [notice, setNotice] = useState<string | null>(null)
  const action = useAction<'load' | 'restore', string>(messageOf)

  const { run } = action
  const load = useCallback(
    () =>
      run('load', async () => {
        // Typing not sent yet is part of the draft as it is now: main keeps it as the newest version.
        await editor.getState().flush()
        const { entries: loaded } = await unwrap(studio().history.timeline({ draftId }))
        setEntries(loaded)
        const versions = loaded.filter((entry): entry is VersionEntry => entry.type === 'version')
        setPicked(versions.slice(0, 2).map((entry) => entry.n))
      }),
    [run, draftId, editor],
  )
  useEffect(() => void load(), [load])

  const restore = (n: number) =>
    action.run('restore', async () => {
      await editor.getState().flush()
      const draft = await unwrap(studio().history.restore({ draftId, n }))
      adoptRestoredDraft(editor, draft)
      setNotice(`Version ${n} is the draft now. Undo (Ctrl+Z) takes it back, or the Drafts page’s Undo list.`)
      await load()
    })

  const toggle = (n: number) =>
    setPicked((current) =>
      current.includes(n) ? current.filter((item) => item !== n) : [...current.slice(-1), n],
    )

  const versionCount = entries?.filter((entry) => entry.type === 'version').length ?? 0
  return (
    <>
      <DialogTitleBar>History</DialogTitleBar>
      <Dialog.Description className="dialog__description">
        {entries
          ? `${plural(versionCount, 'version')} kept. Choose two to compare them; restoring one is a step you can undo.`
          : 'Reading this draft’s history…'}
      </Dialog.Description>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {action.problem ? <Banner tone="error">{action.problem}</Banner> : null}
      <div className="draft-history__body">
        <ol
          className="draft-history__timeline"
          aria-label="Versions, publishes and bulk changes, newest first"
        >
          {(entries ?? [])
            .slice(0, shown)
            .map((entry, index) =>
              entry.type === 'version' ? (
                <VersionRow
                  key={`v${entry.n}`}
                  entry={entry}
                  picked={picked.includes(entry.n)}
                  onToggle={toggle}
                  onRestore={readOnly ? undefined : restore}
                  busy={action.busy === 'restore'}
                />
              ) : (
                <MarkRow key={`m${index}`} entry={entry} />
              ),
            )}
        </ol>
        {entries && entries.length > shown ? (
          <Button variant="ghost" onClick={() => setShown((count) => count + SHOWN_AT_FIRST * 5)}>
            Show{' '}
            {plural(Math.min(entries.length - shown, SHOWN_AT_FIRST * 5), 'older entry', 'older entries')}
          </Button>
        ) : null}
        <Comparison draftId={draftId} picked={picked} />
      </div>
    </>
  )
}

function VersionRow({
  entry,
  picked,
  onToggle,
  onRestore,
  busy,
}: {
  entry: VersionEntry
  picked: boolean
  onToggle(n: number): void
  onRestore: ((n: number) => void) | undefined
  busy: boolean
}) {
  return (
    <li className="draft-history__entry" data-picked={picked || undefined}>
      <Clock size={14} aria-hidden="true" className="draft-history__icon" />
      <div className="draft-history__what">
        <span className="draft-history__title">
          Version {entry.n}
          {entry.current ? <span className="badge badge--neutral">Current</span> : null}
        </span>
        <span className="muted">{when(entry.at)}</span>
        <span className="muted">
          {entry.fields.length > 0 ? `Changed ${entry.fields.join(', ')}` : 'First version kept'}
        </span>
      </div>
      <div className="draft-history__actions">
        <Button variant="ghost" aria-pressed={picked} onClick={() => onToggle(entry.n)}>
          {picked ? 'Comparing' : 'Compare'}
          <span className="visually-hidden"> version {entry.n}</span>
        </Button>
        {onRestore && !entry.current ? (
          <Button onClick={() => onRestore(entry.n)} busy={busy}>
            Restore
            <span className="visually-hidden"> version {entry.n}</span>
          </Button>
        ) : null}
      </div>
    </li>
  )
}

function MarkRow({ entry }: { entry: Exclude<TimelineEntry, VersionEntry> }) {
  const Icon = MARK_ICONS[entry.type]
  return (
    <li className="draft-history__entry draft-history__entry--mark" data-mark={entry.type}>
      <Icon size={14} aria-hidden="true" className="draft-history__icon" />
      <div className="draft-history__what">
        <span className="draft-history__title">{MARK_WORDS[entry.type]}</span>
        <span className="muted">{when(entry.at)}</span>
        {entry.label !== MARK_WORDS[entry.type] ? <span className="muted">{entry.label}</span> : null}
      </div>
    </li>
  )
}

/** The two versions picked, older → newer, field by field. */
function Comparison({ draftId, picked }: { draftId: string; picked: number[] }) {
  const [changes, setChanges] = useState<FieldChangeView[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [from, to] = [...picked].sort((a, b) => a - b)
  useEffect(() => {
    setChanges(null)
    setProblem(null)
    if (from === undefined || to === undefined) return
    let live = true
    unwrap(studio().history.compare({ draftId, from, to }))
      .then((result) => live && setChanges(result.changes))
      .catch((error: unknown) => live && setProblem(messageOf(error)))
    return () => {
      live = false
    }
  }, [draftId, from, to])

  if (from === undefined || to === undefined)
    return <p className="muted draft-history__hint">Choose two versions to compare them.</p>
  return (
    <section className="draft-history__compare" aria-label={`Version ${from} compared with version ${to}`}>
      <h3 className="draft-history__compare-title">
        Version {from} <ArrowRight size={14} aria-label="to" /> version {to}
      </h3>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {changes && changes.length === 0 ? <p className="muted">The two versions are the same.</p> : null}
      {changes && changes.length > 0 ? (
        <table className="draft-history__changes">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Version {from}</th>
              <th scope="col">Version {to}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td className="draft-history__old">{change.before}</td>
                <td>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
