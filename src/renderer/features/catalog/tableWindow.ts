/**
 * Which rows of the product table are mounted. Rows come and go in blocks: while the view moves
 * inside the mounted blocks the DOM does not change, so most frames of a scroll are the
 * compositor's alone (no React work, no paint), and a block is added only every few frames.
 */
export const ROW_HEIGHT = 44
export const OVERSCAN_ROWS = 4
export const BLOCK_ROWS = 12

export interface VisibleRange {
  startIndex: number
  endIndex: number
  overscan: number
  count: number
}

/** The indexes to mount: the visible rows plus the overscan, widened to whole blocks. */
export function blockRange({ startIndex, endIndex, overscan, count }: VisibleRange): number[] {
  if (count === 0) return []
  const start = Math.floor(Math.max(0, startIndex - overscan) / BLOCK_ROWS) * BLOCK_ROWS
  const end = Math.min(count - 1, Math.ceil((endIndex + overscan + 1) / BLOCK_ROWS) * BLOCK_ROWS - 1)
  return Array.from({ length: end - start + 1 }, (_, offset) => start + offset)
}

/** The most rows mounted at once for a view `height` px tall: what the bench holds the table to. */
export function maxRowsMounted(height: number): number {
  // Rows at least partly on screen, the overscan each side, then a block's worth of rounding.
  const span = Math.ceil(height / ROW_HEIGHT) + 1 + 2 * OVERSCAN_ROWS
  return (Math.ceil(span / BLOCK_ROWS) + 1) * BLOCK_ROWS
}

/**
 * What a render of the table shows for these mounted indexes: their first and last, and whether
 * the view is scrolling (the table drops row hover while it scrolls). Equal keys, same DOM.
 */
export function mountedKey(indexes: readonly number[], scrolling: boolean): string {
  return `${indexes[0] ?? -1}:${indexes.at(-1) ?? -1}:${scrolling ? 1 : 0}`
}
