import { describe, expect, it } from 'vitest'
import {
  blockRange,
  BLOCK_ROWS,
  maxRowsMounted,
  mountedKey,
  OVERSCAN_ROWS,
  ROW_HEIGHT,
  slotKey,
} from '../../src/renderer/features/catalog/tableWindow'

/** What tanstack's virtualizer reports as visible for a scroll position (rows partly shown count). */
function visible(scrollTop: number, height: number, count: number) {
  const startIndex = Math.floor(scrollTop / ROW_HEIGHT)
  const endIndex = Math.min(count - 1, Math.ceil((scrollTop + height) / ROW_HEIGHT) - 1)
  return { startIndex, endIndex, overscan: OVERSCAN_ROWS, count }
}

describe('the product table mounts rows in blocks', () => {
  const height = 459
  const count = 10_000
  const span = maxRowsMounted(height)

  it('mounts every visible row and the overscan, within the bound the bench checks, at every scroll position', () => {
    // Checked in plain code and reported once: 57,000 positions through expect() took 20 s on a
    // loaded machine.
    const wrong: string[] = []
    for (let scrollTop = 0; scrollTop <= count * ROW_HEIGHT - height; scrollTop += 7) {
      const range = visible(scrollTop, height, count)
      const mounted = blockRange(range, span)
      const first = mounted[0]!
      if (first > Math.max(0, range.startIndex - OVERSCAN_ROWS)) wrong.push(`${scrollTop}: starts late`)
      if (mounted.at(-1)! < Math.min(count - 1, range.endIndex + OVERSCAN_ROWS))
        wrong.push(`${scrollTop}: ends early`)
      if (mounted.length !== span) wrong.push(`${scrollTop}: ${mounted.length} rows, not ${span}`)
      if (mounted.some((row, i) => row !== first + i)) wrong.push(`${scrollTop}: not consecutive`)
    }
    expect(wrong).toEqual([])
  })

  it('keeps the same rows mounted while the view moves inside a block', () => {
    const at = (scrollTop: number) => blockRange(visible(scrollTop, height, count), span).join()
    const changes = new Set<string>()
    for (
      let scrollTop = 10 * BLOCK_ROWS * ROW_HEIGHT;
      scrollTop < 11 * BLOCK_ROWS * ROW_HEIGHT;
      scrollTop += 4
    )
      changes.add(at(scrollTop))
    // Scrolling a block's height (12 rows) changes the mounted rows at most twice (a block added
    // at the bottom, one dropped at the top), not once per row.
    expect(changes.size - 1).toBeLessThanOrEqual(2)
  })

  it('stops at the ends of the list and mounts nothing for an empty one', () => {
    expect(blockRange({ startIndex: 0, endIndex: 4, overscan: OVERSCAN_ROWS, count: 5 }, span)).toEqual([
      0, 1, 2, 3, 4,
    ])
    expect(blockRange({ startIndex: 0, endIndex: 0, overscan: OVERSCAN_ROWS, count: 0 }, span)).toEqual([])
    expect(blockRange(visible(count * ROW_HEIGHT - height, height, count), span).at(-1)).toBe(count - 1)
  })

  it('re-renders the table (a new mounted key) only when the blocks or the scrolling state change', () => {
    const keyAt = (scrollTop: number, scrolling: boolean) =>
      mountedKey(blockRange(visible(scrollTop, height, count), span), scrolling)
    const keys = new Set<string>()
    let visibleRanges = 0
    let lastVisible = ''
    for (let scrollTop = 0; scrollTop < 10 * BLOCK_ROWS * ROW_HEIGHT; scrollTop += 100) {
      keys.add(keyAt(scrollTop, true))
      const range = visible(scrollTop, height, count)
      if (`${range.startIndex}:${range.endIndex}` !== lastVisible) visibleRanges += 1
      lastVisible = `${range.startIndex}:${range.endIndex}`
    }
    // A fast wheel (100 px a frame) changes the visible range every frame, the blocks twice a
    // block's height (one added below, one dropped above): a render every few frames.
    expect(visibleRanges).toBeGreaterThan(2 * keys.size)
    expect(keys.size).toBeLessThanOrEqual(2 * 10 + 1)
    expect(keyAt(0, true)).not.toBe(keyAt(0, false))
    expect(mountedKey([], false)).not.toBe(mountedKey([0], false))
  })

  it('gives the rows leaving one end to the rows entering the other: the same keys, new content', () => {
    for (let scrollTop = 0; scrollTop < 40 * BLOCK_ROWS * ROW_HEIGHT; scrollTop += 100) {
      const before = blockRange(visible(scrollTop, height, count), span)
      const after = blockRange(visible(scrollTop + 100, height, count), span)
      const keys = (indexes: number[]) => indexes.map((index) => slotKey(index, span)).sort((a, b) => a - b)
      expect(new Set(keys(before)).size).toBe(span)
      expect(keys(after)).toEqual(keys(before))
    }
  })
})
