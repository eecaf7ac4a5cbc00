const SCROLL_ROOT_ATTRIBUTE = 'data-scroll-root'

/**
 * Spread on the app's scrolling area (the shell's main), so a list inside it finds it without
 * computing styles: getComputedStyle in a list's first layout effect forced the page's first
 * style recalculation on its own, before the rows were in (rule P12, bench/PERFORMANCE.md). A
 * virtual list put in a scrolling box of its own inside a page marks that box too: the nearest
 * mark wins.
 */
export const scrollRootProps = { [SCROLL_ROOT_ATTRIBUTE]: '' } as const

/** The marked scrolling area around `element`, if any. */
export function markedScrollRootOf(element: HTMLElement): HTMLElement | null {
  return element.closest<HTMLElement>(`[${SCROLL_ROOT_ATTRIBUTE}]`)
}
