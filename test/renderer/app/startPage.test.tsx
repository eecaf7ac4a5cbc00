// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { StudioApi } from '../../../src/shared/ipc/api'
import { preloadedPage } from '../../../src/renderer/app/routes'
import { FIRST_ROWS_WAIT_MS, loadStartPage } from '../../../src/renderer/app/startPage'
import { FIRST_PAGE, requestFirstDraftsPage } from '../../../src/renderer/state/drafts/firstDraftsPage'
import { useDraftsStore } from '../../../src/renderer/state/drafts/draftsStore'
import { numberedDraft as draft, pagedDraftsList } from '../draftsListFake'

describe('starting on the drafts list', () => {
  it('fills the drafts store from the first page asked for at start, before anything renders', async () => {
    const all = Array.from({ length: FIRST_PAGE + 20 }, (_, index) => draft(index))
    const list = vi.fn(pagedDraftsList(all))
    Object.defineProperty(window, 'studio', {
      value: { drafts: { list } } as unknown as StudioApi,
      configurable: true,
    })

    // What main.tsx does when the app opens on the drafts list.
    requestFirstDraftsPage()
    await loadStartPage()

    expect(preloadedPage('drafts')).toBeDefined()
    await vi.waitFor(() => expect(useDraftsStore.getState().loaded).toBe(true))
    expect(useDraftsStore.getState().drafts.map((shown) => shown.id)).toEqual(
      all.slice(0, FIRST_PAGE).map((first) => first.id),
    )
    // The store took the answer already asked for: the first page is asked for once.
    expect(list.mock.calls.filter(([request]) => request.offset === 0)).toHaveLength(1)
    // The rest waits until the table says it has painted the first rows…
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(list.mock.calls.filter(([request]) => request.offset === FIRST_PAGE)).toHaveLength(0)
    expect(useDraftsStore.getState().drafts).toHaveLength(FIRST_PAGE)
    // …then follows, and the list is whole.
    useDraftsStore.getState().rowsPainted()
    await vi.waitFor(() => expect(useDraftsStore.getState().drafts).toHaveLength(all.length))
  })

  it('has the first page in the store when the first render may begin, if it comes in time', async () => {
    let answer!: (value: unknown) => void
    const list = vi.fn(() => new Promise((resolve) => (answer = resolve)))
    Object.defineProperty(window, 'studio', {
      value: { drafts: { list } } as unknown as StudioApi,
      configurable: true,
    })
    useDraftsStore.setState({ drafts: [], loaded: false, revision: null, error: null })

    requestFirstDraftsPage()
    const started = loadStartPage()
    // main answers while the page's code is being loaded and run.
    setTimeout(() =>
      answer({
        ok: true,
        value: {
          revision: 2,
          total: 1,
          offset: 0,
          drafts: [draft(7)],
          loading: false,
          trash: [],
          quarantined: [],
        },
      }),
    )
    await started
    // main.tsx renders once this resolves: that first render has the rows.
    expect(useDraftsStore.getState().loaded).toBe(true)
    expect(useDraftsStore.getState().drafts.map((shown) => shown.name)).toEqual(['Draft 7'])
  })

  it(`renders without the rows after ${FIRST_ROWS_WAIT_MS} ms when main is slow to answer (its very first start)`, async () => {
    const list = vi.fn(() => new Promise(() => undefined))
    Object.defineProperty(window, 'studio', {
      value: { drafts: { list } } as unknown as StudioApi,
      configurable: true,
    })
    useDraftsStore.setState({ drafts: [], loaded: false, revision: null, error: null })

    requestFirstDraftsPage()
    await loadStartPage()
    expect(list).toHaveBeenCalled()
    expect(useDraftsStore.getState().loaded).toBe(false)
  })
})
