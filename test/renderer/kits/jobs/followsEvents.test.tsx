import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useJob } from '../../../../src/renderer/kits/jobs/useJob'
import { useOutboxJobs } from '../../../../src/renderer/kits/jobs/useOutbox'
import type { OutboxJobView } from '../../../../src/shared/ipc/contracts/outbox'
import { fakeEvents } from '../../fakeEvents'

// What main does reaches the renderer as events: the outbox list and a followed write change
// when main says so, with no reading again on a clock.

function job(id: string, state: OutboxJobView['state'], stepsDone = 0): OutboxJobView {
  return {
    id,
    type: 'operation',
    title: `Job ${id}`,
    area: 'line_items',
    profileId: 'p1',
    accountId: 'a1',
    state,
    steps: [{ kind: 'operation', label: 'Pause', status: stepsDone > 0 ? 'done' : 'pending' }],
    stepsDone,
    created: { mediaKeys: [] },
    createdAt: '2026-12-07T10:00:00.000Z',
    updatedAt: '2026-12-07T10:00:00.000Z',
  }
}

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
let events: ReturnType<typeof fakeEvents>

beforeEach(() => {
  events = fakeEvents()
})
afterEach(cleanup)

function install(outbox: Record<string, unknown>) {
  Object.defineProperty(window, 'studio', { configurable: true, value: { on: events.on, outbox } })
}

describe('the outbox list', () => {
  it("is read once, then takes each job's view, new jobs and removals from main's events", async () => {
    const list = vi.fn(() => ok({ jobs: [job('j1', 'running'), job('j2', 'queued')] }))
    install({ list })
    const { result } = renderHook(() => useOutboxJobs())
    await waitFor(() => expect(result.current.jobs).toHaveLength(2))

    act(() => events.emit('job.progress', { job: job('j1', 'done', 1) }))
    expect(result.current.jobs?.map((entry) => [entry.id, entry.state])).toEqual([
      ['j1', 'done'],
      ['j2', 'queued'],
    ])
    act(() => events.emit('job.progress', { job: job('j3', 'queued') }))
    act(() => events.emit('outbox.changed', { jobId: 'j2', change: 'removed' }))
    expect(result.current.jobs?.map((entry) => entry.id)).toEqual(['j1', 'j3'])

    // A running job and no news: nothing is asked for, however long.
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(list).toHaveBeenCalledOnce()
  })

  it('stops listening when it goes', async () => {
    install({ list: vi.fn(() => ok({ jobs: [] })) })
    const { unmount } = renderHook(() => useOutboxJobs())
    expect(events.listeners('job.progress')).toBe(1)
    unmount()
    expect(events.listeners('job.progress')).toBe(0)
    expect(events.listeners('outbox.changed')).toBe(0)
  })
})

describe('a write followed by its screen (useJob)', () => {
  it('shows each state main sends and finishes once, though the catch-up read and an event both say done', async () => {
    const queued = job('j1', 'queued')
    const get = vi.fn(() => ok({ job: job('j1', 'running') }))
    install({ get })
    const onFinished = vi.fn()
    const { result } = renderHook(() => useJob(onFinished))
    await act(() => result.current.start(async () => ({ job: queued })))
    await waitFor(() => expect(result.current.state).toMatchObject({ job: { state: 'running' } }))
    expect(get).toHaveBeenCalledOnce()

    act(() => events.emit('job.progress', { job: job('other', 'done', 1) }))
    expect(result.current.state).toMatchObject({ phase: 'following', job: { id: 'j1', state: 'running' } })
    act(() => events.emit('job.progress', { job: job('j1', 'done', 1) }))
    act(() => events.emit('job.progress', { job: job('j1', 'done', 1) }))
    expect(result.current.state).toMatchObject({ phase: 'finished', job: { state: 'done' } })
    expect(onFinished).toHaveBeenCalledOnce()
    expect(events.listeners('job.progress')).toBe(0)
    expect(get).toHaveBeenCalledOnce()
  })

  it('says so when the job leaves the outbox while it is followed', async () => {
    install({ get: vi.fn(() => ok({ job: job('j1', 'queued') })) })
    const { result } = renderHook(() => useJob())
    await act(() => result.current.start(async () => ({ job: job('j1', 'queued') })))
    act(() => events.emit('outbox.changed', { jobId: 'j1', change: 'removed' }))
    expect(result.current.state).toEqual({
      phase: 'refused',
      message: 'This job is no longer in the outbox.',
      field: undefined,
    })
  })
})
