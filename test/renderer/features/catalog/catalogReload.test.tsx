// The Catalog page reads its state again each time main says its catalog changed (catalog.changed),
// never on a clock, even when a read finds nothing new (the state then keeps its object and
// nothing re-renders). Each read names the revision of the item groups it holds, and main (here a
// stand-in that answers as catalogService.stateRead does) leaves an unchanged list out.
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCatalogState } from '../../../../src/renderer/features/catalog/catalogClient'
import {
  CATALOG_REREAD_GAP_MS,
  useCatalogChanges,
} from '../../../../src/renderer/features/catalog/useCatalogChanges'
import { fakeEvents } from '../../fakeEvents'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
let pending = 5
let groups = { revision: 1, list: ['g1'] }
const requests: { profileId: string; itemGroupsRevision?: number }[] = []
/** Answers held back until released, to land reads out of order. */
let holdNext: ((release: () => void) => void) | undefined
let events: ReturnType<typeof fakeEvents>
/** Main says this profile's catalog changed, and the read it causes (after the gap) is answered. */
const catalogChanged = (profileId = PROFILE_ID) =>
  act(async () => {
    events.emit('catalog.changed', { profileId })
    await vi.advanceTimersByTimeAsync(CATALOG_REREAD_GAP_MS)
  })

function answer(request: { itemGroupsRevision?: number }) {
  return {
    ok: true,
    value: {
      catalog: { name: 'Shop', status: 'created', id: 'c1' },
      counts: { total: 5, pending, sent: 5 - pending, refused: 0, fixed: 0, deleting: 0 },
      ...(request.itemGroupsRevision === groups.revision ? {} : { itemGroups: groups.list }),
      itemGroupsRevision: groups.revision,
      sets: [],
      resendable: 0,
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  pending = 5
  groups = { revision: 1, list: ['g1'] }
  requests.length = 0
  holdNext = undefined
  events = fakeEvents()
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      on: events.on,
      catalog: {
        state: vi.fn(async (request: { profileId: string; itemGroupsRevision?: number }) => {
          requests.push(request)
          const value = answer(request)
          const hold = holdNext
          holdNext = undefined
          if (hold) await new Promise<void>((release) => hold(release))
          return value
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
  useCatalogChanges(PROFILE_ID, reload)
  return { state, reload }
}

describe('the catalog state while products wait to be sent', () => {
  it('is read again on each catalog.changed of its profile though each read finds the same, never on a clock', async () => {
    const { result } = renderHook(usePageLike)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current.state?.counts.pending).toBe(5)
    const first = result.current.state
    // Products wait to be sent, and nothing is said: nothing is read.
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(requests).toHaveLength(1)
    for (let change = 1; change <= 3; change++) await catalogChanged()
    expect(requests).toHaveLength(4)
    // Nothing new: the same object, so the page did not re-render for those reads.
    expect(result.current.state).toBe(first)
    await catalogChanged('another-profile')
    expect(requests).toHaveLength(4)

    pending = 0
    await catalogChanged()
    expect(result.current.state?.counts.pending).toBe(0)
    expect(requests).toHaveLength(5)
  })

  it('reads once more after a read, however many changes were said during it', async () => {
    const { result } = renderHook(usePageLike)
    await act(() => vi.advanceTimersByTimeAsync(0))
    let release = () => {}
    holdNext = (resolve) => (release = resolve)
    await catalogChanged()
    expect(requests).toHaveLength(2)
    pending = 2
    for (let change = 1; change <= 5; change++) await catalogChanged()
    expect(requests).toHaveLength(2)
    await act(async () => {
      release()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(requests).toHaveLength(3)
    expect(result.current.state?.counts.pending).toBe(2)
  })

  it('reads at most once per gap while a send says it changed hundreds of times', async () => {
    renderHook(usePageLike)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(requests).toHaveLength(1)
    await act(async () => {
      for (let change = 0; change < 100; change++) {
        events.emit('catalog.changed', { profileId: PROFILE_ID })
        await vi.advanceTimersByTimeAsync(CATALOG_REREAD_GAP_MS / 100)
      }
    })
    expect(requests.length).toBeLessThanOrEqual(3)
    // The last change is read.
    await act(() => vi.advanceTimersByTimeAsync(CATALOG_REREAD_GAP_MS))
    expect(requests.length).toBeGreaterThanOrEqual(2)
    expect(requests.length).toBeLessThanOrEqual(4)
  })

  it('asks with the item groups revision it holds: an unchanged list is not sent again; a changed one is', async () => {
    const { result } = renderHook(usePageLike)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(requests[0]).toEqual({ profileId: PROFILE_ID })
    const heldList = result.current.state?.itemGroups
    expect(heldList).toEqual(['g1'])

    await catalogChanged()
    expect(requests[1]).toEqual({ profileId: PROFILE_ID, itemGroupsRevision: 1 })
    expect(result.current.state?.itemGroups).toBe(heldList)

    groups = { revision: 2, list: ['g1', 'g2'] }
    await catalogChanged()
    expect(requests[2]).toEqual({ profileId: PROFILE_ID, itemGroupsRevision: 1 })
    expect(result.current.state?.itemGroups).toEqual(['g1', 'g2'])
    expect(result.current.state?.itemGroupsRevision).toBe(2)
  })

  it('reads the whole state again when an answer left out a list that is no longer the one held', async () => {
    const { result } = renderHook(usePageLike)
    await act(() => vi.advanceTimersByTimeAsync(0))
    // A read asking with revision 1 is answered "revision 1, unchanged" but lands late, after
    // another read brought revision 2's list.
    let releaseSlow = () => {}
    holdNext = (release) => (releaseSlow = release)
    let slow: Promise<void> = Promise.resolve()
    act(() => {
      slow = result.current.reload()
    })
    groups = { revision: 2, list: ['g1', 'g2'] }
    await act(() => result.current.reload())
    expect(result.current.state?.itemGroupsRevision).toBe(2)
    const before = requests.length
    await act(async () => {
      releaseSlow()
      await slow
    })
    // The late answer could not be merged as it was: the whole state was read again.
    expect(requests.length).toBe(before + 1)
    expect(requests.at(-1)).toEqual({ profileId: PROFILE_ID })
    expect(result.current.state?.itemGroups).toEqual(['g1', 'g2'])
  })
})
