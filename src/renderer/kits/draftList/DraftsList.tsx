import { FileText, Trash2, type LucideIcon } from 'lucide-react'
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DRAFT_STATUSES, type DraftKind } from '../../../shared/drafts/kinds'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { navigate } from '../../nav/routes'
import { Banner } from '../../components/Banner'
import { EmptyState } from '../../components/EmptyState'
import { FilterSelect } from './FilterSelect'
import { QuarantinePanel } from './QuarantinePanel'
import {
  columnContents,
  CREATABLE_KINDS,
  DEFAULT_QUERY,
  EDITOR_ROUTES,
  createDraftFilter,
  KIND_LABELS,
  searchTexts,
  sortDrafts,
  STATUS_LABELS,
  type ListQuery,
  type SortKey,
} from '../../state/drafts/draftListModel'
import { DraftsTable, type RowAction } from './DraftsTable'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { latestAfterPaint } from '../../lib/latestAfterPaint'
import { SearchField } from './SearchField'
import { SelectionBar, useRowSelection } from './SelectionBar'
import './drafts.css'

const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'updated', label: 'Last changed' },
  { value: 'name', label: 'Name' },
  { value: 'kind', label: 'Kind' },
]

const KIND_OPTIONS: { value: ListQuery['kind']; label: string }[] = [
  { value: 'all', label: 'All kinds' },
  ...CREATABLE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
]

const STATUS_OPTIONS: { value: ListQuery['status']; label: string }[] = [
  { value: 'all', label: 'Any status' },
  ...DRAFT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
]

export type ListNotice = { tone: 'success' | 'info'; text: string } | null

/**
 * The drafts with search, filters and sort, row actions (open, duplicate, export, delete with
 * undo), and the messages those actions produce. `kind` fixes the list to one kind of creative.
 */
export function DraftsList({
  kind,
  emptyIcon = FileText,
  emptyTitle = 'No drafts yet',
  emptyHidden = false,
  emptyText = 'Create a card, a poll, a video conversation or a post: everything is saved as you type.',
  notice,
  onNotice,
  onShownRows,
  onSelection,
  selectionActions,
}: {
  kind?: DraftKind
  emptyIcon?: LucideIcon
  emptyTitle?: string
  /** Another panel on the page already says what to do first. */
  emptyHidden?: boolean
  emptyText?: string
  notice?: ListNotice
  onNotice?: (notice: ListNotice) => void
  /** The rows the filters and search leave, as shown (the drafts CSV exports these). */
  onShownRows?: (rows: readonly DraftSummaryWithIssues[]) => void
  /** Given, the rows can be selected (checkboxes, Shift and Ctrl/Cmd, keys): the ids in list order. */
  onSelection?: (ids: readonly string[]) => void
  /** What the page offers for the selection, shown beside its count. */
  selectionActions?: React.ReactNode
}) {
  const {
    drafts,
    loaded,
    error,
    lastRemoved,
    quarantined,
    notices,
    load,
    duplicate,
    remove,
    undoRemove,
    dismissRemoved,
    exportDraft,
    rowsPainted,
  } = useDraftsStore()
  const [query, setQuery] = useState<Omit<ListQuery, 'search'>>({
    kind: kind ?? DEFAULT_QUERY.kind,
    status: DEFAULT_QUERY.status,
    sort: DEFAULT_QUERY.sort,
  })
  // The search box shows each key at once, re-rendering itself alone; the list follows once
  // that frame is painted, in a transition the next key can interrupt (50,000 drafts to filter).
  const [search, setSearch] = useState('')
  const searchLater = useMemo(
    () => latestAfterPaint<string>((value) => startTransition(() => setSearch(value))),
    [],
  )
  useEffect(() => () => searchLater.cancel(), [searchLater])
  const [ownNotice, setOwnNotice] = useState<ListNotice>(null)
  const shownNotice = notice === undefined ? ownNotice : notice
  const say = onNotice ?? setOwnNotice

  useEffect(() => {
    void load()
  }, [load])

  const ofKind = useMemo(
    () => (kind ? drafts.filter((draft) => draft.kind === kind) : drafts),
    [drafts, kind],
  )
  const contents = useMemo(() => columnContents(ofKind), [ofKind])
  // Sorting and lower-casing run when the drafts or the sort change; a keystroke only filters.
  const sorted = useMemo(() => sortDrafts(ofKind, query.sort), [ofKind, query.sort])
  const texts = useMemo(() => searchTexts(sorted), [sorted])
  const filter = useMemo(() => createDraftFilter(sorted, texts), [sorted, texts])
  const rows = useMemo(
    () => filter({ search, sort: query.sort, status: query.status, kind: kind ?? query.kind }),
    [filter, search, query.sort, query.status, query.kind, kind],
  )
  useEffect(() => onShownRows?.(rows), [onShownRows, rows])
  const selection = useRowSelection(rows, onSelection)
  // Stable, so a key in the search box re-renders neither the filters nor the table.
  const onKind = useCallback((value: ListQuery['kind']) => setQuery((old) => ({ ...old, kind: value })), [])
  const onStatus = useCallback(
    (value: ListQuery['status']) => setQuery((old) => ({ ...old, status: value })),
    [],
  )
  const onSort = useCallback((value: SortKey) => setQuery((old) => ({ ...old, sort: value })), [])

  const onExport = async (draft: DraftSummaryWithIssues) => {
    const fileName = await exportDraft(draft.id)
    say(fileName ? { tone: 'success', text: `“${draft.name}” exported as ${fileName}.` } : null)
  }
  const onDuplicate = async (draft: DraftSummaryWithIssues) => {
    const id = await duplicate(draft.id)
    say(id ? { tone: 'success', text: `“${draft.name}” duplicated.` } : null)
  }
  const onRemove = async (draft: DraftSummaryWithIssues) => {
    say(null)
    await remove(draft.id)
  }
  // Rows are memoised: they get one callback for good, which calls the latest handlers.
  const handlers = useRef({ onExport, onDuplicate, onRemove })
  handlers.current = { onExport, onDuplicate, onRemove }
  const onAction = useCallback((action: RowAction, draft: DraftSummaryWithIssues) => {
    const route = EDITOR_ROUTES[draft.kind]
    if (action === 'open') {
      if (route) navigate(route, draft.id)
    } else if (action === 'duplicate') void handlers.current.onDuplicate(draft)
    else if (action === 'export') void handlers.current.onExport(draft)
    else void handlers.current.onRemove(draft)
  }, [])

  return (
    <div className="drafts">
      <div className="drafts__messages stack stack--tight">
        {error ? <Banner tone="error">{error}</Banner> : null}
        {lastRemoved ? (
          <div className="banner banner--neutral undo-banner" role="status">
            <Trash2 size={18} aria-hidden="true" />
            <div>“{lastRemoved.name}” moved to the trash.</div>
            <div className="undo-banner__actions">
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void undoRemove()}
              >
                Undo
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={dismissRemoved}
                aria-label="Dismiss"
              >
                Dismiss
              </button>
            </div>
          </div>
        ) : null}
        {shownNotice ? <Banner tone={shownNotice.tone}>{shownNotice.text}</Banner> : null}
        {!kind ? <QuarantinePanel listed={quarantined.length} onRestored={() => void load()} /> : null}
        {notices.length > 0 && !kind ? (
          <Banner tone="info">
            <strong>Some draft files need your attention</strong>; your other drafts are unaffected:
            <ul className="quarantine-list">
              {notices.map((notice) => (
                <li key={`${notice.fileName ?? ''}${notice.message}`}>{notice.message}</li>
              ))}
            </ul>
          </Banner>
        ) : null}
      </div>

      {loaded && ofKind.length === 0 ? (
        emptyHidden ? null : (
          <EmptyState icon={emptyIcon} title={emptyTitle}>
            <p>{emptyText}</p>
          </EmptyState>
        )
      ) : (
        <>
          <div className="drafts__toolbar" role="search" aria-label="Filter drafts">
            <SearchField initial={search} onSearch={searchLater.push} />
            {kind ? null : (
              <FilterSelect label="Kind" value={query.kind} options={KIND_OPTIONS} onChange={onKind} />
            )}
            <FilterSelect label="Status" value={query.status} options={STATUS_OPTIONS} onChange={onStatus} />
            <FilterSelect label="Sort by" value={query.sort} options={SORT_OPTIONS} onChange={onSort} />
          </div>

          {selection ? (
            <SelectionBar count={selection.selected.size} onClear={selection.handlers.clear}>
              {selectionActions}
            </SelectionBar>
          ) : null}
          <DraftsTable
            rows={rows}
            contents={contents}
            kind={kind}
            onAction={onAction}
            onRowsPainted={rowsPainted}
            selected={selection?.selected}
            selection={selection?.handlers}
          />
          {rows.length === 0 ? <p className="drafts__none muted">No drafts match these filters.</p> : null}
        </>
      )}
    </div>
  )
}
