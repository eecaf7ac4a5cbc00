import type { useDraftsStore } from '../state/drafts/draftsStore'
import { preloadPage } from './routes'

/**
 * How long the first render waits for the first page of drafts once the page's code is in.
 * Usually the page is already back (it was asked for before the page's code ran, and main
 * answers from its saved index in a few ms), so this wait is 0. When it is not (the very first
 * start, when main must read every draft file first), the shell renders after this and the rows
 * follow, as before: the shell then shows up to this much later than it did. The usual wait is
 * shorter than what it saves: a render without rows, then a second render (and frame) with them
 * (in one trace 114 ms, then 65 ms once the page had come). Rule P12 (bench/PERFORMANCE.md).
 */
export const FIRST_ROWS_WAIT_MS = 80

/** Resolves when the drafts store has its first page (or an error), or after `ms`. */
function firstRowsIn(store: typeof useDraftsStore, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const ready = () => store.getState().loaded || store.getState().error !== null
    if (ready()) return resolve()
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, ms)
    const unsubscribe = store.subscribe(() => {
      if (ready()) done()
    })
  })
}

/**
 * Loads the drafts page's code (the usual start page) before the app's first render, so that
 * render shows the page itself. Through React.lazy it would first commit an empty Suspense
 * fallback, and React holds back the content that replaces a fallback for up to 300 ms
 * (its fallback throttle): a third of the start-up budget spent waiting with the code loaded.
 * The page's chunk stays lazy (test/e2e/bundle.e2e.ts); index.html preloads it with the entry.
 */
export async function loadStartPage(): Promise<void> {
  const [, store] = await Promise.all([preloadPage('drafts'), import('../state/drafts/draftsStore')])
  // The list starts loading now, taking the first page main.tsx asked for, rather than from the
  // list's first effect after the first render, and the first render waits (briefly) for it, so
  // it already shows the rows instead of a render and a frame without them and a second render
  // with them. The list's own load() then only catches up.
  void store.useDraftsStore.getState().load()
  // One render with the rows rather than one without and one with them: see FIRST_ROWS_WAIT_MS.
  await firstRowsIn(store.useDraftsStore, FIRST_ROWS_WAIT_MS)
}
