import type { CatalogState, CatalogStateRead } from '../../../shared/ipc/contracts/catalogs'

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Whether a read can be merged into the state held: a read without item groups left them out
 * because the reader named their revision, so it needs the list of that revision in hand.
 */
export function canMerge(current: CatalogState | null, next: CatalogStateRead): boolean {
  return next.itemGroups !== undefined || current?.itemGroupsRevision === next.itemGroupsRevision
}

/**
 * The state read again, keeping the identity of every part that did not change, and of the
 * whole when nothing did. It is read every second while the outbox sends: an unchanged list of
 * item groups (thousands in a big catalog) is not sent again (the read names the revision held)
 * nor rebuilt into the filter, unchanged sets do not re-render the sets, and an unchanged state
 * re-renders nothing.
 */
export function mergeCatalogState(current: CatalogState | null, next: CatalogStateRead): CatalogState {
  if (!canMerge(current, next))
    throw new Error('A catalog state read without item groups needs the list of its revision in hand')
  if (!current) return next as CatalogState // canMerge: a first read carries the list
  const itemGroups = next.itemGroups ?? current.itemGroups
  const merged: CatalogState = {
    catalog: sameJson(current.catalog, next.catalog) ? current.catalog : next.catalog,
    counts: sameJson(current.counts, next.counts) ? current.counts : next.counts,
    itemGroups: sameList(current.itemGroups, itemGroups) ? current.itemGroups : itemGroups,
    itemGroupsRevision: next.itemGroupsRevision,
    sets: sameJson(current.sets, next.sets) ? current.sets : next.sets,
    resendable: next.resendable,
  }
  const unchanged =
    merged.catalog === current.catalog &&
    merged.counts === current.counts &&
    merged.itemGroups === current.itemGroups &&
    merged.itemGroupsRevision === current.itemGroupsRevision &&
    merged.sets === current.sets &&
    merged.resendable === current.resendable
  return unchanged ? current : merged
}
