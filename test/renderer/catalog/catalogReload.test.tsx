// The Catalog page reads its state again every second while the outbox has catalog work, even
// when a read finds nothing new (the state then keeps its object and nothing re-renders).
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  RELOAD_MS,
  useCatalogState,
  useReloadWhile,
} from '../../../src/renderer/features/catalog/catalogClient'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
let pending = 5
const reads = vi.fn()

beforeEach(() => {
  vi.useFakeTimers()
  pending = 5
  reads.mockReset()
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      catalog: {
        state: vi.fn(async () => {
          reads()
          return {
            ok: true,
            value: {
              catalog: { name: 'Shop', status: 'created', id: 'c1' },
              counts: { total: 5, pending, sent: 5 - pending, refused: 0, fixed: 0, deleting: 0 },
              itemGroups: ['g1'],
              sets: [],
              resendable: 0,
            },
          }
        }),
      },
    },
  })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function usePageLike() {
  const { state, reload } = useCatalogState(PROFILE_ID)
  useReloadWhile((state?.counts.pending ?? 0) > 0, reload)
  return state
}

describe('the catalog state while products wait to be sent', () => {
  it('is read again every second though each read finds the same, and no more once nothing waits', async () => {
    const { result } = renderHook(usePageLike)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current?.counts.pending).toBe(5)
    const first = result.current
    for (let second = 1; second <= 3; second++) await act(() => vi.advanceTimersByTimeAsync(RELOAD_MS))
    expect(reads).toHaveBeenCalledTimes(4)
    // Nothing new: the same object, so the page did not re-render for those reads.
    expect(result.current).toBe(first)

    pending = 0
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_MS))
    expect(result.current?.counts.pending).toBe(0)
    await act(() => vi.advanceTimersByTimeAsync(10 * RELOAD_MS))
    expect(reads).toHaveBeenCalledTimes(5)
  })
})
