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

/**
 * The indexes to mount: `span` rows (maxRowsMounted of the view's height) from the block that
 * holds the first row wanted, the overscan included; fewer only when the list is shorter. The
 * span is the same wherever the view is, so when the view moves by a block, the block leaving one
 * end and the block entering the other are as many rows: the table gives the leaving rows the new
 * content (slotKey) instead of removing 12 rows and creating 12 (removeChild was the largest
 * single cost of a scroll; rule P8, bench/PERFORMANCE.md).
 */
export function blockRange({ startIndex, overscan, count }: VisibleRange, span: number): number[] {
  if (count === 0) return []
  const length = Math.min(span, count)
  const blockStart = Math.floor(Math.max(0, startIndex - overscan) / BLOCK_ROWS) * BLOCK_ROWS
  const start = Math.min(blockStart, count - length)
  return Array.from({ length }, (_, offset) => start + offset)
}

/** A mounted row's key: its place among the `span` rows, which a row entering takes over from one leaving. */
export function slotKey(index: number, span: number): number {
  return index % span
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
