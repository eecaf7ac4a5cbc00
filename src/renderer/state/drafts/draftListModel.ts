// Search, filter and sort for the drafts list: pure, so it is tested without a DOM.

import type { DraftKind, DraftStatus } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { byMostRecentlyChanged } from '../../../shared/drafts/listOrder'
import type { RouteId } from '../../nav/routes'

import { KIND_LABELS } from '../../../shared/drafts/kinds'

export { KIND_LABELS }

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

type Summary = DraftSummaryWithIssues

/**
 * The drafts in the chosen order. Main sends them most recently changed first, which is the
 * "Last changed" order already; the others sort once per change of data or sort key.
 */
export function sortDrafts(drafts: readonly Summary[], sort: SortKey): readonly Summary[] {
  if (sort === 'updated') return drafts
  const compare =
    sort === 'name'
      ? (a: Summary, b: Summary) => collator.compare(a.name, b.name) || byMostRecentlyChanged(a, b)
      : (a: Summary, b: Summary) =>
          collator.compare(KIND_LABELS[a.kind], KIND_LABELS[b.kind]) || byMostRecentlyChanged(a, b)
  return [...drafts].sort(compare)
}

/** What the cells of each column hold across a whole list, whichever of its drafts are in view. */
export interface ColumnContents {
  kinds: readonly DraftKind[]
  statuses: readonly DraftStatus[]
  /** The most problems any draft has: 0 when none has any. */
  mostProblems: number
  anyReady: boolean
  /** The list's newest and oldest change (it is kept most recent first). */
  newest: string | undefined
  oldest: string | undefined
}

/** One pass over a list kept in `byMostRecentlyChanged` order (as the drafts store keeps it). */
export function columnContents(drafts: readonly Summary[]): ColumnContents {
  const kinds = new Set<DraftKind>()
  const statuses = new Set<DraftStatus>()
  let mostProblems = 0
  let anyReady = false
  for (const draft of drafts) {
    kinds.add(draft.kind)
    statuses.add(draft.status)
    if (draft.errorCount === 0) anyReady = true
    else if (draft.errorCount > mostProblems) mostProblems = draft.errorCount
  }
  return {
    kinds: [...kinds],
    statuses: [...statuses],
    mostProblems,
    anyReady,
    newest: drafts[0]?.updatedAt,
    oldest: drafts.at(-1)?.updatedAt,
  }
}

/** What search matches, lower-cased once per list rather than once per keystroke. */
export function searchTexts(drafts: readonly Summary[]): string[] {
  return drafts.map((draft) => `${draft.name}\n${KIND_LABELS[draft.kind]}`.toLocaleLowerCase())
}

/** The sorted drafts that match the query's search, kind and status; `texts` from searchTexts. */
export function filterDrafts(
  sorted: readonly Summary[],
  texts: readonly string[],
  query: ListQuery,
): readonly Summary[] {
  const needle = query.search.trim().toLocaleLowerCase()
  // Nothing to filter out (an emptied search box): the sorted list as it is, not a 50,000-row copy.
  if (needle === '' && query.kind === 'all' && query.status === 'all') return sorted
  const rows: Summary[] = []
  for (let index = 0; index < sorted.length; index++) {
    const draft = sorted[index]!
    if (query.kind !== 'all' && draft.kind !== query.kind) continue
    if (query.status !== 'all' && draft.status !== query.status) continue
    if (needle !== '' && !texts[index]!.includes(needle)) continue
    rows.push(draft)
  }
  return rows
}

/** How many query results a draft filter keeps before it starts again (bounded memory). */
const FILTER_RESULTS_KEPT = 32

/**
 * filterDrafts for one sorted list, remembering its results: typing a search narrows the rows
 * the previous key matched (a row whose text holds "spr" holds "sp"), and deleting back returns
 * what the same query matched before, without a pass over every draft. Make a new one when the
 * list or its order changes.
 */
export function createDraftFilter(
  sorted: readonly Summary[],
  texts: readonly string[],
): (query: ListQuery) => readonly Summary[] {
  const results = new Map<string, { rows: Summary[]; indices: number[] }>()
  return (query) => {
    const needle = query.search.trim().toLocaleLowerCase()
    if (needle === '' && query.kind === 'all' && query.status === 'all') return sorted
    const keyFor = (search: string) => `${query.kind}\u0000${query.status}\u0000${search}`
    const known = results.get(keyFor(needle))
    if (known) return known.rows
    let candidates: number[] | undefined
    for (let length = needle.length - 1; length > 0 && !candidates; length--)
      candidates = results.get(keyFor(needle.slice(0, length)))?.indices
    const rows: Summary[] = []
    const indices: number[] = []
    const consider = (index: number) => {
      const draft = sorted[index]!
      if (query.kind !== 'all' && draft.kind !== query.kind) return
      if (query.status !== 'all' && draft.status !== query.status) return
      if (needle !== '' && !texts[index]!.includes(needle)) return
      rows.push(draft)
      indices.push(index)
    }
    if (candidates) for (const index of candidates) consider(index)
    else for (let index = 0; index < sorted.length; index++) consider(index)
    if (results.size >= FILTER_RESULTS_KEPT) results.clear()
    results.set(keyFor(needle), { rows, indices })
    return rows
  }
}

export function visibleDrafts(drafts: readonly Summary[], query: ListQuery): readonly Summary[] {
  const sorted = sortDrafts([...drafts].sort(byMostRecentlyChanged), query.sort)
  return filterDrafts(sorted, searchTexts(sorted), query)
}

/**
 * Brings a list in main's order up to date: drops removed and changed drafts, then merges the
 * changed ones back in at their place.
 */
export function applyChanges(
  drafts: readonly Summary[],
  changed: readonly Summary[],
  removed: readonly string[],
): Summary[] {
  if (changed.length === 0 && removed.length === 0) return drafts as Summary[]
  const gone = new Set([...removed, ...changed.map((draft) => draft.id)])
  const incoming = [...changed].sort(byMostRecentlyChanged)
  const merged: Summary[] = []
  let next = 0
  for (const draft of drafts) {
    if (gone.has(draft.id)) continue
    while (next < incoming.length && byMostRecentlyChanged(incoming[next]!, draft) < 0)
      merged.push(incoming[next++]!)
    merged.push(draft)
  }
  while (next < incoming.length) merged.push(incoming[next++]!)
  return merged
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
const JUST_NOW_SECONDS = 45

// toLocaleString()'s own fields, in one formatter: toLocaleString builds a formatter per call.
const FULL_DATE_TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

/** The date and time in full, as `Date.prototype.toLocaleString()` writes it. */
export function fullDateTime(iso: string): string {
  return FULL_DATE_TIME.format(new Date(iso))
}

/**
 * The widest texts `relativeTime` gives for any time from `oldest` to `newest`: per unit the span
 * reaches, on each side of now, the counts at the ends of its part of the span. The counts
 * between have the same words and no more digits (the table shows them in tabular figures), and
 * the nearer end covers the singular and the words for 1 ("yesterday").
 */
export function relativeTimeExtremes(newest: string, oldest: string, now: Date = new Date()): string[] {
  const from = (new Date(oldest).getTime() - now.getTime()) / 1000
  const to = (new Date(newest).getTime() - now.getTime()) / 1000
  if (!Number.isFinite(from) || !Number.isFinite(to)) return []
  const texts = new Set<string>()
  // Each side of now as distances from it: [nearest, farthest].
  const sides: [sign: 1 | -1, near: number, far: number][] = []
  if (Math.min(from, to) < 0) sides.push([-1, Math.max(0, -Math.max(from, to)), -Math.min(from, to)])
  if (Math.max(from, to) > 0) sides.push([1, Math.max(0, Math.min(from, to)), Math.max(from, to)])
  for (const [sign, near, far] of sides) {
    if (near < JUST_NOW_SECONDS) texts.add('just now')
    UNITS.forEach(([unit, size], index) => {
      const lowest = unit === 'minute' ? JUST_NOW_SECONDS : size
      const below = UNITS[index - 1]?.[1] ?? Infinity
      const low = Math.max(near, lowest)
      // Just short of the next unit, where this one's count is largest.
      const high = Math.min(far, below - 0.001)
      if (low > high) return
      for (const distance of [low, high])
        texts.add(relative.format(Math.round((sign * distance) / size), unit))
    })
  }
  return [...texts]
}

/** "just now", "5 minutes ago", "yesterday". */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000
  if (!Number.isFinite(seconds)) return ''
  if (Math.abs(seconds) < JUST_NOW_SECONDS) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute')
      return relative.format(Math.round(seconds / size), unit)
  }
  return ''
}
