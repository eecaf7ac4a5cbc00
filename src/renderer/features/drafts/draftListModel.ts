// Search, filter and sort for the drafts list: pure, so it is tested without a DOM.

import type { DraftKind, DraftStatus } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import type { RouteId } from '../../app/routes'

export const KIND_LABELS: Record<DraftKind, string> = {
  card: 'Card',
  poll_card: 'Poll card',
  video_conversation_card: 'Video conversation',
  post: 'Post',
  media_library: 'Library media',
}

export const STATUS_LABELS: Record<DraftStatus, string> = {
  draft: 'Draft',
  queued: 'Queued',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
}

/** The editor page of each kind; media library drafts have no editor page of their own yet. */
export const EDITOR_ROUTES: Partial<Record<DraftKind, RouteId>> = {
  card: 'cards',
  poll_card: 'polls',
  video_conversation_card: 'video-conversations',
  post: 'composer',
}

/** The kinds a designer can start from the "New draft" menu: those with an editor page. */
export const CREATABLE_KINDS = Object.keys(EDITOR_ROUTES) as DraftKind[]

export type SortKey = 'updated' | 'name' | 'kind'

export interface ListQuery {
  search: string
  kind: DraftKind | 'all'
  status: DraftStatus | 'all'
  sort: SortKey
}

export const DEFAULT_QUERY: ListQuery = { search: '', kind: 'all', status: 'all', sort: 'updated' }

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

export function visibleDrafts(
  drafts: readonly DraftSummaryWithIssues[],
  query: ListQuery,
): DraftSummaryWithIssues[] {
  const needle = query.search.trim().toLocaleLowerCase()
  const matches = drafts.filter(
    (draft) =>
      (query.kind === 'all' || draft.kind === query.kind) &&
      (query.status === 'all' || draft.status === query.status) &&
      (needle === '' ||
        draft.name.toLocaleLowerCase().includes(needle) ||
        KIND_LABELS[draft.kind].toLocaleLowerCase().includes(needle)),
  )
  const byUpdated = (a: DraftSummaryWithIssues, b: DraftSummaryWithIssues) =>
    b.updatedAt.localeCompare(a.updatedAt)
  const compare: Record<SortKey, (a: DraftSummaryWithIssues, b: DraftSummaryWithIssues) => number> = {
    updated: byUpdated,
    name: (a, b) => collator.compare(a.name, b.name) || byUpdated(a, b),
    kind: (a, b) => collator.compare(KIND_LABELS[a.kind], KIND_LABELS[b.kind]) || byUpdated(a, b),
  }
  return matches.sort(compare[query.sort])
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "just now", "5 minutes ago", "yesterday". */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000
  if (!Number.isFinite(seconds)) return ''
  if (Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute')
      return relative.format(Math.round(seconds / size), unit)
  }
  return ''
}
