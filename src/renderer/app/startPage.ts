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
  const [page, store] = await Promise.all([
    import('../features/drafts/DraftsPage'),
    import('../features/drafts/draftsStore'),
  ])
  draftsPage = page.DraftsPage
  // The list starts loading now, taking the first page main.tsx asked for, rather than from the
  // list's first effect after the first render: when that page is back before React renders
  // (the usual case), the first render already shows the rows, instead of a render and a frame
  // without them and a second render with them. The list's own load() then only catches up.
  void store.useDraftsStore.getState().load()
}

/** The drafts page if loadStartPage() finished before the first render; else PageFor's lazy one. */
export function loadedDraftsPage(): typeof DraftsPage | undefined {
  return draftsPage
}
