// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { StudioApi } from '../../../../src/shared/ipc/api'
import { numberedDraft as draft } from '../../draftsListFake'
import { fakeEvents } from '../../fakeEvents'

// The drafts list follows main's drafts.changed: what changed since the revision it holds is
// asked for, and nothing when main names the revision already held.

describe('the drafts list store', () => {
  beforeEach(() => vi.resetModules())

  it('asks what changed since its revision when main says the list changed, and only then', async () => {
    const { useDraftsStore } = await import('../../../../src/renderer/state/drafts/draftsStore')
    const events = fakeEvents()
    const renamed = { ...draft(1), name: 'Renamed by the outbox' }
    const list = vi.fn(async (request: { since?: number; offset?: number; limit?: number }) => ({
      ok: true,
      value:
        request.since === undefined
          ? { revision: 1, total: 2, offset: 0, drafts: [draft(0), draft(1)], loading: false }
          : { revision: 2, total: 2, offset: 0, drafts: [renamed], removed: [draft(0).id], loading: false },
    }))
    Object.defineProperty(window, 'studio', {
      value: { on: events.on, drafts: { list } } as unknown as StudioApi,
      configurable: true,
    })
    await useDraftsStore.getState().load()
    expect(useDraftsStore.getState().drafts.map((entry) => entry.name)).toEqual(['Draft 0', 'Draft 1'])
    const calls = list.mock.calls.length

    events.emit('drafts.changed', { revision: 1 })
    await vi.waitFor(() => expect(useDraftsStore.getState().complete).toBe(true))
    expect(list).toHaveBeenCalledTimes(calls)

    events.emit('drafts.changed', { revision: 2 })
    await vi.waitFor(() => expect(useDraftsStore.getState().revision).toBe(2))
    expect(list).toHaveBeenLastCalledWith({ since: 1, limit: expect.any(Number) })
    expect(useDraftsStore.getState().drafts.map((entry) => entry.name)).toEqual(['Renamed by the outbox'])
  })
})
