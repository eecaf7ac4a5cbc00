/**
 * Loads ICU's data while the page waits for its scripts (rule P15, bench/PERFORMANCE.md). The
 * first Intl object a renderer process builds loads it: 30–150 ms on these machines, measured in
 * Chromium, and the start page builds three at module level (the list's counts, sort and dates), in
 * the one task that stands between the scripts' arrival and the first render. The preload runs
 * before any of those scripts are in, and the main thread idles while they load; ICU's data is
 * the process's, shared by the preload's isolated world and the page's, so the page's own
 * objects then cost a tenth of a millisecond. Idle time only: never ahead of the page's work
 * (when no idle period comes, the page has paid the cost itself by the deadline).
 */
export function warmIcuWhenIdle(): void {
  const warm = () => {
    new Intl.NumberFormat('en-US').format(1)
    new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare('a', 'b')
    new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')
  }
  // The preload is type-checked without the DOM's types; a renderer always has this.
  const { requestIdleCallback } = globalThis as {
    requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number
  }
  if (requestIdleCallback) requestIdleCallback(warm, { timeout: 2_000 })
  else setTimeout(warm, 0)
}
