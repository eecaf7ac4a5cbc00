// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StudioApi } from '../../../../src/shared/ipc/api'
import { numberedDraft as draft, pagedDraftsList } from '../../draftsListFake'

describe('the rest of a long list when no table says its rows are painted', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.resetModules() // a store that has never heard from a table
  })
  afterEach(() => vi.useRealTimers())

  it('is asked for after ROWS_PAINT_WAIT_MS (a page that shows none of the first rows)', async () => {
    const { FIRST_PAGE, ROWS_PAINT_WAIT_MS, useDraftsStore } =
      await import('../../../../src/renderer/state/drafts/draftsStore')
    const all = Array.from({ length: FIRST_PAGE + 20 }, (_, index) => draft(index))
    const list = vi.fn(pagedDraftsList(all))
    Object.defineProperty(window, 'studio', {
      value: { drafts: { list } } as unknown as StudioApi,
      configurable: true,
    })
    const rest = () => list.mock.calls.filter(([request]) => request.offset === FIRST_PAGE)

    const loading = useDraftsStore.getState().load()
    await vi.advanceTimersByTimeAsync(ROWS_PAINT_WAIT_MS - 1)
    expect(useDraftsStore.getState().drafts).toHaveLength(FIRST_PAGE)
    expect(rest()).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await loading
    expect(rest()).toHaveLength(1)
    expect(useDraftsStore.getState().drafts).toHaveLength(all.length)
  })
})
