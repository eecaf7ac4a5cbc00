import {
  CircleAlert,
  CircleCheck,
  Copy,
  Download,
  FileText,
  MoreHorizontal,
  Search,
  Trash2,
  type LucideIcon,
} from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { useEffect, useMemo, useState } from 'react'
import { DRAFT_STATUSES, type DraftKind } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { plural } from '../../../shared/rules/issues'
import { hashFor } from '../../app/routes'
import { navigate } from '../../app/useRoute'
import { Banner } from '../../components/Banner'
import { EmptyState } from '../../components/EmptyState'
import { FilterSelect } from './FilterSelect'
import {
  CREATABLE_KINDS,
  DEFAULT_QUERY,
  EDITOR_ROUTES,
  KIND_LABELS,
  relativeTime,
  STATUS_LABELS,
  visibleDrafts,
  type ListQuery,
  type SortKey,
} from './draftListModel'
import { useDraftsStore } from './draftsStore'
import '../media/controls.css'
import './drafts.css'

const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'updated', label: 'Last changed' },
  { value: 'name', label: 'Name' },
  { value: 'kind', label: 'Kind' },
]

function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

export type ListNotice = { tone: 'success' | 'info'; text: string } | null

/**
 * The drafts with search, filters and sort, row actions (open, duplicate, export, delete with
 * undo), and the messages those actions produce. `kind` fixes the list to one kind of creative.
 */
export function DraftsList({
  kind,
  emptyIcon = FileText,
  emptyTitle = 'No drafts yet',
  emptyText = 'Create a card, a poll, a video conversation or a post: everything is saved as you type.',
  notice,
  onNotice,
}: {
  kind?: DraftKind
  emptyIcon?: LucideIcon
  emptyTitle?: string
  emptyText?: string
  notice?: ListNotice
  onNotice?: (notice: ListNotice) => void
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
  } = useDraftsStore()
  const [query, setQuery] = useState<ListQuery>({ ...DEFAULT_QUERY, kind: kind ?? 'all' })
  const [ownNotice, setOwnNotice] = useState<ListNotice>(null)
  const shownNotice = notice === undefined ? ownNotice : notice
  const say = onNotice ?? setOwnNotice
  const now = useNow()

  useEffect(() => {
    void load()
  }, [load])

  const ofKind = useMemo(
    () => (kind ? drafts.filter((draft) => draft.kind === kind) : drafts),
    [drafts, kind],
  )
  const rows = useMemo(
    () => visibleDrafts(ofKind, { ...query, kind: kind ?? query.kind }),
    [ofKind, query, kind],
  )

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

  return (
    <div className="drafts">
      <div className="drafts__messages">
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
        {quarantined.length > 0 && !kind ? (
          <Banner tone="info">
            <strong>{plural(quarantined.length, 'draft file')} could not be read</strong> and{' '}
            {quarantined.length === 1 ? 'was' : 'were'} moved aside to the quarantine folder, not deleted:
            <ul className="quarantine-list">
              {quarantined.map((file) => (
                <li key={file.fileName}>
                  <code>{file.fileName}</code> — {file.message}
                </li>
              ))}
            </ul>
          </Banner>
        ) : null}
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
        <EmptyState icon={emptyIcon} title={emptyTitle}>
          <p>{emptyText}</p>
        </EmptyState>
      ) : (
        <>
          <div className="drafts__toolbar" role="search" aria-label="Filter drafts">
            <div className="search">
              <Search size={16} className="search__icon" aria-hidden="true" />
              <input
                className="input search__input"
                type="search"
                aria-label="Search drafts"
                placeholder="Search by name"
                value={query.search}
                onChange={(event) => setQuery({ ...query, search: event.target.value })}
              />
            </div>
            {kind ? null : (
              <FilterSelect
                label="Kind"
                value={query.kind}
                options={[
                  { value: 'all', label: 'All kinds' },
                  ...CREATABLE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
                ]}
                onChange={(value) => setQuery({ ...query, kind: value })}
              />
            )}
            <FilterSelect
              label="Status"
              value={query.status}
              options={[
                { value: 'all', label: 'Any status' },
                ...DRAFT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
              ]}
              onChange={(value) => setQuery({ ...query, status: value })}
            />
            <FilterSelect
              label="Sort by"
              value={query.sort}
              options={SORT_OPTIONS}
              onChange={(value) => setQuery({ ...query, sort: value })}
            />
          </div>

          <table className="drafts-table">
            <caption className="visually-hidden">
              {kind ? `${KIND_LABELS[kind]} drafts` : 'Drafts'}, {rows.length} shown
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                {kind ? null : <th scope="col">Kind</th>}
                <th scope="col">Status</th>
                <th scope="col">Checks</th>
                <th scope="col">Last changed</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((draft) => {
                const route = EDITOR_ROUTES[draft.kind]
                return (
                  <tr key={draft.id} data-draft-id={draft.id}>
                    <th scope="row" className="drafts-table__name">
                      {route ? (
                        <a href={hashFor(route, draft.id)} className="draft-link">
                          {draft.name}
                        </a>
                      ) : (
                        draft.name
                      )}
                    </th>
                    {kind ? null : (
                      <td>
                        <span className="kind-chip" data-kind={draft.kind}>
                          {KIND_LABELS[draft.kind]}
                        </span>
                      </td>
                    )}
                    <td>
                      <span className={`status status--${draft.status}`}>{STATUS_LABELS[draft.status]}</span>
                    </td>
                    <td>
                      <Validity draft={draft} />
                    </td>
                    <td className="muted">
                      <time dateTime={draft.updatedAt} title={new Date(draft.updatedAt).toLocaleString()}>
                        {relativeTime(draft.updatedAt, now)}
                      </time>
                    </td>
                    <td className="drafts-table__actions">
                      <DropdownMenu.Root>
                        <DropdownMenu.Trigger
                          className="icon-button"
                          aria-label={`Actions for ${draft.name}`}
                        >
                          <MoreHorizontal size={16} aria-hidden="true" />
                        </DropdownMenu.Trigger>
                        <DropdownMenu.Portal>
                          <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
                            {route ? (
                              <DropdownMenu.Item
                                className="menu__item"
                                onSelect={() => navigate(route, draft.id)}
                              >
                                <FileText size={16} aria-hidden="true" className="menu__icon" /> Open
                              </DropdownMenu.Item>
                            ) : null}
                            <DropdownMenu.Item
                              className="menu__item"
                              onSelect={() => void onDuplicate(draft)}
                            >
                              <Copy size={16} aria-hidden="true" className="menu__icon" /> Duplicate
                            </DropdownMenu.Item>
                            <DropdownMenu.Item className="menu__item" onSelect={() => void onExport(draft)}>
                              <Download size={16} aria-hidden="true" className="menu__icon" /> Export as
                              .json…
                            </DropdownMenu.Item>
                            <DropdownMenu.Separator className="menu__separator" />
                            <DropdownMenu.Item
                              className="menu__item menu__item--danger"
                              onSelect={() => void onRemove(draft)}
                            >
                              <Trash2 size={16} aria-hidden="true" className="menu__icon" /> Move to trash
                            </DropdownMenu.Item>
                          </DropdownMenu.Content>
                        </DropdownMenu.Portal>
                      </DropdownMenu.Root>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          {rows.length === 0 ? <p className="drafts__none muted">No drafts match these filters.</p> : null}
        </>
      )}
    </div>
  )
}

/**
 * The error count decides the badge. Warnings (local files still to upload, slide-count
 * advice) are shown in the editor; here they only add a tooltip.
 */
function Validity({ draft }: { draft: DraftSummaryWithIssues }) {
  if (draft.errorCount > 0) {
    return (
      <span className="badge badge--danger">
        <CircleAlert size={12} aria-hidden="true" /> {plural(draft.errorCount, 'problem')}
      </span>
    )
  }
  return (
    <span
      className="badge badge--success"
      title={draft.warningCount > 0 ? `${plural(draft.warningCount, 'note')} in the editor` : undefined}
    >
      <CircleCheck size={12} aria-hidden="true" /> Ready
    </span>
  )
}
