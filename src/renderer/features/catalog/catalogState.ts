import type { CatalogState } from '../../../shared/ipc/contracts/catalogs'

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The state read again, keeping the identity of every part that did not change, and of the
 * whole when nothing did. It is read every second while the outbox sends: an unchanged list of
 * item groups (thousands in a big catalog) is not rebuilt into the filter, unchanged sets do
 * not re-render the sets, and an unchanged state re-renders nothing.
 */
export function mergeCatalogState(current: CatalogState | null, next: CatalogState): CatalogState {
  if (!current) return next
  const merged: CatalogState = {
    catalog: sameJson(current.catalog, next.catalog) ? current.catalog : next.catalog,
    counts: sameJson(current.counts, next.counts) ? current.counts : next.counts,
    itemGroups: sameList(current.itemGroups, next.itemGroups) ? current.itemGroups : next.itemGroups,
    sets: sameJson(current.sets, next.sets) ? current.sets : next.sets,
    resendable: next.resendable,
  }
  const unchanged =
    merged.catalog === current.catalog &&
    merged.counts === current.counts &&
    merged.itemGroups === current.itemGroups &&
    merged.sets === current.sets &&
    merged.resendable === current.resendable
  return unchanged ? current : merged
}
