import { ChevronRight, Plus, type LucideIcon } from 'lucide-react'
import { memo, useEffect, useMemo, useState } from 'react'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import type { RouteInfo } from '../../nav/routes'
import { navigate } from '../../nav/routes'
import { useVirtualRows } from '../../lib/useVirtualRows'
import { STATUS_LABELS } from '../../state/drafts/draftListModel'
import { useDraftsStore } from '../../state/drafts/draftsStore'

/** An editor page without a draft open: the drafts of its kind, newest first, and "New …". */
export function DraftListPage({
  route,
  kind,
  noun,
  icon,
}: {
  route: RouteInfo
  kind: DraftKind
  /** "poll", "video conversation card", "post". */
  noun: string
  icon: LucideIcon
}) {
  const drafts = useDraftsStore((state) => state.drafts)
  const loaded = useDraftsStore((state) => state.loaded)
  const error = useDraftsStore((state) => state.error)
  const load = useDraftsStore((state) => state.load)
  const create = useDraftsStore((state) => state.create)
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    void load()
  }, [load])

  const mine = useMemo(
    () =>
      drafts.filter((draft) => draft.kind === kind).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    [drafts, kind],
  )

  const startNew = async () => {
    setCreating(true)
    const id = await create(kind)
    setCreating(false)
    if (id) navigate(route.id, id)
  }

  const newButton = (
    <Button variant="primary" onClick={() => void startNew()} busy={creating}>
      <Plus size={16} aria-hidden="true" />
      New {noun}
    </Button>
  )

  return (
    <>
      <PageHeader title={route.label} summary={route.summary} actions={newButton} />
      {error ? <Banner tone="error">{error}</Banner> : null}
      {!loaded ? null : mine.length === 0 ? (
        <EmptyState icon={icon} title={`No ${noun} drafts yet`}>
          <p>Start one with “New {noun}”. Every change is saved as you type, even offline.</p>
        </EmptyState>
      ) : (
        <VirtualDraftList drafts={mine} route={route} />
      )}
    </>
  )
}

/** What a row measures with the design tokens (re-measured from the first row drawn). */
const ESTIMATED_ROW_HEIGHT = 47

/**
 * The drafts of one kind, drawing only the rows in view: with tens of thousands of drafts the
 * list costs the DOM of a screenful. Spacer items keep the scroll height true; each row says
 * where it stands in the whole list (aria-posinset / aria-setsize) for assistive technology.
 */
function VirtualDraftList({
  drafts,
  route,
}: {
  drafts: readonly DraftSummaryWithIssues[]
  route: RouteInfo
}) {
  const { containerRef, items, before, after } = useVirtualRows<HTMLUListElement>({
    count: drafts.length,
    getKey: (index) => drafts[index]!.id,
    estimatedRowHeight: ESTIMATED_ROW_HEIGHT,
  })
  return (
    <ul ref={containerRef} className="draft-list surface" aria-label={`${route.label} drafts`}>
      {before > 0 ? (
        <li className="draft-list__spacer" aria-hidden="true" style={{ height: before }} />
      ) : null}
      {items.map((item) => (
        <DraftListRow
          key={item.key}
          index={item.index}
          setSize={drafts.length}
          draft={drafts[item.index]!}
          routeId={route.id}
        />
      ))}
      {after > 0 ? <li className="draft-list__spacer" aria-hidden="true" style={{ height: after }} /> : null}
    </ul>
  )
}

const DraftListRow = memo(function DraftListRow({
  index,
  setSize,
  draft,
  routeId,
}: {
  index: number
  setSize: number
  draft: DraftSummaryWithIssues
  routeId: RouteInfo['id']
}) {
  return (
    <li data-index={index} aria-posinset={index + 1} aria-setsize={setSize}>
      <a className="draft-list__row" href={`#/${routeId}/${draft.id}`}>
        <span className="truncate draft-list__name">{draft.name}</span>
        <span className="draft-list__meta">
          <span className={draft.status === 'published' ? 'badge badge--success' : 'badge badge--neutral'}>
            {STATUS_LABELS[draft.status]}
          </span>
          {draft.errorCount > 0 ? (
            <span className="badge badge--danger">{plural(draft.errorCount, 'problem')}</span>
          ) : null}
          <time dateTime={draft.updatedAt}>{new Date(draft.updatedAt).toLocaleString()}</time>
        </span>
        <ChevronRight size={16} aria-hidden="true" />
      </a>
    </li>
  )
})
