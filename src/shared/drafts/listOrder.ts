/**
 * The order of every drafts list: most recently changed first, ties by id. Main's summary index
 * keeps its pages in this order and the renderer merges changes into its copy by it.
 */
export function byMostRecentlyChanged(
  a: { updatedAt: string; id: string },
  b: { updatedAt: string; id: string },
): number {
  // ISO timestamps written by one clock format compare as strings.
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
