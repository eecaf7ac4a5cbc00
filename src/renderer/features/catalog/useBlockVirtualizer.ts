import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual'
import { useLayoutEffect, useReducer, useRef, useState } from 'react'
import { blockRange, maxRowsMounted, mountedKey, OVERSCAN_ROWS, ROW_HEIGHT } from './tableWindow'

/**
 * tanstack's virtualizer for the product table, re-rendering the table only when what it
 * mounts changes: the block of rows (tableWindow.blockRange) or whether it is scrolling.
 * useVirtualizer re-renders on every change of the visible range, about every frame of a fast
 * scroll, though the mounted blocks change only every dozen rows; those renders changed
 * nothing on screen and were the table's main per-frame cost while scrolling.
 */
/** The rows to mount for the view's height as last measured (none yet: the least). */
const spanOf = (instance: Virtualizer<HTMLDivElement, Element>) =>
  maxRowsMounted(instance.scrollRect?.height ?? 0)

export function useBlockVirtualizer({
  count,
  getScrollElement,
}: {
  count: number
  getScrollElement(): HTMLDivElement | null
}): { virtualizer: Virtualizer<HTMLDivElement, Element>; span: number } {
  const rerender = useReducer((value: number) => value + 1, 0)[1]
  /** How many rows are mounted (tableWindow.blockRange), for the view's last known height. */
  const span = useRef(maxRowsMounted(0))
  /** What the last render mounted; see mountedKey. */
  const rendered = useRef('')
  const options: VirtualizerOptions<HTMLDivElement, Element> = {
    count,
    getScrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    rangeExtractor: (range) => blockRange(range, span.current),
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    // React batches the re-render instead of rendering inside the scroll event; the overscan
    // covers the frame it may trail by.
    onChange: (instance) => {
      span.current = spanOf(instance)
      if (mountedKey(instance.getVirtualIndexes(), instance.isScrolling) !== rendered.current) rerender()
    },
  }
  const [instance] = useState(() => new Virtualizer(options))
  instance.setOptions(options)
  // Read before the range below: a new height (the window resized) mounts a new span at once.
  span.current = spanOf(instance)
  const key = mountedKey(instance.getVirtualIndexes(), instance.isScrolling)
  useLayoutEffect(() => instance._didMount(), [instance])
  useLayoutEffect(() => {
    rendered.current = key
    return instance._willUpdate()
  })
  return { virtualizer: instance, span: span.current }
}
