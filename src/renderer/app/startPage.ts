import type { DraftsPage } from '../features/drafts/DraftsPage'

let draftsPage: typeof DraftsPage | undefined

/**
 * Loads the drafts page's code (the usual start page) before the app's first render, so that
 * render shows the page itself. Through React.lazy it would first commit an empty Suspense
 * fallback, and React holds back the content that replaces a fallback for up to 300 ms
 * (its fallback throttle): a third of the start-up budget spent waiting with the code loaded.
 * The page's chunk stays lazy (test/e2e/bundle.e2e.ts); index.html preloads it with the entry.
 */
export async function loadStartPage(): Promise<void> {
  draftsPage = (await import('../features/drafts/DraftsPage')).DraftsPage
}

/** The drafts page if loadStartPage() finished before the first render; else PageFor's lazy one. */
export function loadedDraftsPage(): typeof DraftsPage | undefined {
  return draftsPage
}
