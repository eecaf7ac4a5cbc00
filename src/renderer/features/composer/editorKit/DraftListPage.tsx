import { ChevronRight, Plus, type LucideIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { DraftKind } from '../../../../shared/drafts/envelope'
import { plural } from '../../../../shared/rules/issues'
import { Banner } from '../../../components/Banner'
import { Button } from '../../../components/Button'
import { EmptyState } from '../../../components/EmptyState'
import { PageHeader } from '../../../components/PageHeader'
import type { RouteInfo } from '../../../app/routes'
import { navigate } from '../../../app/useRoute'
import { useDraftsStore } from '../../drafts/draftsStore'

const STATUS_LABELS = {
  draft: 'Draft',
  queued: 'Queued',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
} as const

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

  const mine = drafts
    .filter((draft) => draft.kind === kind)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))

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
        <ul className="draft-list" aria-label={`${route.label} drafts`}>
          {mine.map((draft) => (
            <li key={draft.id}>
              <a className="draft-list__row" href={`#/${route.id}/${draft.id}`}>
                <span className="draft-list__name">{draft.name}</span>
                <span className="draft-list__meta">
                  <span
                    className={draft.status === 'published' ? 'badge badge--success' : 'badge badge--neutral'}
                  >
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
          ))}
        </ul>
      )}
    </>
  )
}
