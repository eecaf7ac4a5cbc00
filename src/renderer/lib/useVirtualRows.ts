import { observeElementRect, useVirtualizer, type VirtualItem } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { markedScrollRootOf } from './scrollRoot'

/** Without layout (before the first frame, or in a DOM without one) assume a screenful. */
const FALLBACK_VIEWPORT_HEIGHT = 800

/**
 * The nearest ancestor that scrolls: the virtual rows follow its scroll position. The nearest
 * marked one (scrollRoot.ts) when there is one, without computing styles.
 */
export function scrollParentOf(element: HTMLElement | null): HTMLElement | null {
  const marked = element?.parentElement ? markedScrollRootOf(element.parentElement) : null
  if (marked) return marked
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if (overflowY === 'auto' || overflowY === 'scroll') return node
  }
  return (document.scrollingElement ?? document.documentElement) as HTMLElement
}

/**
 * The viewport before anything is measured, so the first render already holds a screenful of
 * rows, rather than none until the scroller's size is read and a second render has them.
 */
export function viewportGuess(): { width: number; height: number } {
  return { width: window.innerWidth, height: window.innerHeight || FALLBACK_VIEWPORT_HEIGHT }
}

export const observeViewport: typeof observeElementRect = (instance, notify) =>
  observeElementRect(instance, (rect) =>
    notify(
      rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight || FALLBACK_VIEWPORT_HEIGHT },
    ),
  )

export interface VirtualRows<T extends HTMLElement> {
  /** The list element; its rows carry data-index so their height can be measured. */
  containerRef: RefObject<T | null>
  items: VirtualItem[]
  /** Space to leave above the first row drawn and below the last, in px. */
  before: number
  after: number
}

/**
 * A list that draws only the rows in view (plus `overscan`), scrolled by its page's scrolling
 * area rather than a box of its own: thousands of rows cost the DOM of a screenful. Rows are
 * taken to be as tall as the first one drawn (measured again when the list's width changes).
 */
export function useVirtualRows<T extends HTMLElement>({
  count,
  getKey,
  estimatedRowHeight,
  overscan = 8,
}: {
  count: number
  getKey(index: number): string
  estimatedRowHeight: number
  overscan?: number
}): VirtualRows<T> {
  const containerRef = useRef<T>(null)
  const [scroller, setScroller] = useState<HTMLElement | null>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const [rowHeight, setRowHeight] = useState(estimatedRowHeight)

  useLayoutEffect(() => setScroller(scrollParentOf(containerRef.current)), [])

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin,
    observeElementRect: observeViewport,
    initialRect: viewportGuess(),
    getItemKey: getKey,
  })

  // Where the list starts within the scrolling area, and how tall a row really is: both change
  // only when something around the list changes size, so they are read after layout.
  useLayoutEffect(() => {
    const container = containerRef.current
    if (!container || !scroller) return
    const measure = () => {
      const top =
        container.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
      setScrollMargin((current) => (Math.abs(current - top) >= 1 ? top : current))
      const row = container.querySelector<HTMLElement>('[data-index]')
      const height = row?.getBoundingClientRect().height ?? 0
      if (height > 0) setRowHeight((current) => (Math.abs(current - height) >= 0.5 ? height : current))
    }
    measure()
    const parent = container.parentElement
    if (!parent || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(parent)
    return () => observer.disconnect()
  }, [scroller])

  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  return {
    containerRef,
    items,
    before: first ? first.start - scrollMargin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
  }
}
