import type { DraftKind, DraftStatus, PublishedRefs } from '../../shared/drafts/envelope'
import { byMostRecentlyChanged } from '../../shared/drafts/listOrder'
import type { MediaRef } from '../../shared/creatives/media'

/**
 * The drafts list, as main keeps it: one small summary per draft (never its content), in the
 * order the list shows by default — most recently changed first, ties by id — so a page is a
 * slice. Every change bumps `revision` and is remembered, so a list that is already up to date
 * to some revision is brought up to date with what changed since, not with everything again.
 */
export interface DraftListEntry {
  id: string
  kind: DraftKind
  name: string
  status: DraftStatus
  updatedAt: string
  errorCount: number
  warningCount: number
  published?: PublishedRefs
  /** The medium the row shows as its thumbnail (shared/creatives/cover). */
  cover?: MediaRef
}

export interface PageQuery {
  offset: number
  limit: number
  /** Only these kinds (all when absent). */
  kinds?: readonly DraftKind[] | undefined
  status?: DraftStatus | undefined
}

export interface Changes {
  changed: DraftListEntry[]
  removed: string[]
}

export interface SummaryIndex {
  readonly revision: number
  readonly size: number
  get(id: string): DraftListEntry | undefined
  /** Replaces everything (a load); earlier revisions can no longer be caught up from. */
  reset(entries: Iterable<DraftListEntry>): void
  /**
   * Replaces everything, as reset() does, except that when few entries differ (the store's load
   * replacing the saved index it was answered from, which usually still holds) those are
   * recorded as changes: a list up to date with the old entries catches up with only them.
   */
  replace(entries: Iterable<DraftListEntry>): void
  upsert(entry: DraftListEntry): void
  remove(id: string): void
  page(query: PageQuery): { entries: DraftListEntry[]; total: number }
  /** What changed after `revision`, or undefined when that is not known any more (a reset since). */
  changesSince(revision: number): Changes | undefined
  entries(): readonly DraftListEntry[]
}

const compareEntries = byMostRecentlyChanged

/**
 * Above this many differences replace() resets instead: each change is a splice into the ordered
 * list, and a list that far behind is read again whole anyway.
 */
export const CATCH_UP_LIMIT = 1_000

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

/** Whether two entries show the same: every field, objects (published refs, cover) by their JSON. */
function sameEntry(a: DraftListEntry, b: DraftListEntry): boolean {
  const left = a as unknown as Record<string, unknown>
  const right = b as unknown as Record<string, unknown>
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
    if (!sameJson(left[key], right[key])) return false
  return true
}

export function createSummaryIndex(): SummaryIndex {
  let ordered: DraftListEntry[] = []
  const byId = new Map<string, DraftListEntry>()
  let revision = 0
  /** The revision of the last reset: changes before it are not remembered. */
  let baseRevision = 0
  const changedAt = new Map<string, number>()
  const removedAt = new Map<string, number>()

  /** Index of `entry` in `ordered`, or where it would go. */
  const position = (entry: DraftListEntry): number => {
    let low = 0
    let high = ordered.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compareEntries(ordered[middle]!, entry) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  const take = (id: string): void => {
    const existing = byId.get(id)
    if (!existing) return
    const at = position(existing)
    if (ordered[at] === existing) ordered.splice(at, 1)
    else ordered = ordered.filter((entry) => entry !== existing) // cannot happen; stays correct if it does
    byId.delete(id)
  }

  const reset = (entries: Iterable<DraftListEntry>): void => {
    byId.clear()
    for (const entry of entries) byId.set(entry.id, entry)
    ordered = [...byId.values()].sort(compareEntries)
    revision += 1
    baseRevision = revision
    changedAt.clear()
    removedAt.clear()
  }
  const upsert = (entry: DraftListEntry): void => {
    take(entry.id)
    ordered.splice(position(entry), 0, entry)
    byId.set(entry.id, entry)
    revision += 1
    changedAt.set(entry.id, revision)
    removedAt.delete(entry.id)
  }
  const remove = (id: string): void => {
    if (!byId.has(id)) return
    take(id)
    revision += 1
    removedAt.set(id, revision)
    changedAt.delete(id)
  }

  return {
    get revision() {
      return revision
    },
    get size() {
      return ordered.length
    },
    get: (id) => byId.get(id),
    reset,
    replace(entries) {
      const next = new Map<string, DraftListEntry>()
      for (const entry of entries) next.set(entry.id, entry)
      const changed: DraftListEntry[] = []
      const same: DraftListEntry[] = []
      for (const entry of next.values()) {
        const old = byId.get(entry.id)
        if (!old || !sameEntry(old, entry)) changed.push(entry)
        else same.push(entry)
      }
      const removed = [...byId.keys()].filter((id) => !next.has(id))
      if (changed.length + removed.length > CATCH_UP_LIMIT) return reset(next.values())
      // An entry that did not change is no change to catch up with, but the new object is kept:
      // it shares its strings with the store's own summary, where the old one (read from the
      // saved index) held copies of them (~7 MB at 50,000 drafts).
      for (const entry of same) {
        const at = position(byId.get(entry.id)!)
        if (ordered[at]?.id === entry.id) ordered[at] = entry
        byId.set(entry.id, entry)
      }
      for (const id of removed) remove(id)
      for (const entry of changed) upsert(entry)
    },
    upsert,
    remove,
    page({ offset, limit, kinds, status }) {
      const filtered =
        kinds || status
          ? ordered.filter(
              (entry) => (!kinds || kinds.includes(entry.kind)) && (!status || entry.status === status),
            )
          : ordered
      return { entries: filtered.slice(offset, offset + limit), total: filtered.length }
    },
    changesSince(since) {
      if (since < baseRevision || since > revision) return undefined
      const changed: DraftListEntry[] = []
      for (const [id, at] of changedAt) if (at > since) changed.push(byId.get(id)!)
      const removed: string[] = []
      for (const [id, at] of removedAt) if (at > since) removed.push(id)
      return { changed: changed.sort(compareEntries), removed }
    },
    entries: () => ordered,
  }
}
