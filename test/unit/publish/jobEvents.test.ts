import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createJobEvents, PROGRESS_GAP_MS } from '../../../src/main/publish/jobEvents'
import type { OutboxJob } from '../../../src/main/publish/job'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'

/** A job stand-in: the events only read its id, and the view is whatever `view` makes of it. */
const job = (id: string, done: number) => ({ id, done }) as unknown as OutboxJob

function setUp() {
  let clock = 0
  const emitted: { name: string; payload: unknown }[] = []
  const onChange = createJobEvents({
    view: (each) =>
      ({ id: each.id, done: (each as unknown as { done: number }).done }) as unknown as OutboxJobView,
    events: { emit: (name, payload) => void emitted.push({ name, payload }) },
    now: () => clock,
  })
  const advance = async (ms: number) => {
    clock += ms
    await vi.advanceTimersByTimeAsync(ms)
  }
  const progressViews = () =>
    emitted
      .filter((event) => event.name === 'job.progress')
      .map((event) => (event.payload as { job: { done: number } }).job.done)
  return { onChange, emitted, advance, progressViews }
}

describe('job events while a job moves fast', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] }))
  afterEach(() => vi.useRealTimers())

  it('sends progress at most once per gap, the latest view last, and never holds back a state change', async () => {
    const { onChange, emitted, advance, progressViews } = setUp()
    onChange(job('j1', 0), 'added')
    await advance(0)
    expect(progressViews()).toEqual([0])
    // A send answering a request every 2 ms for two gaps.
    for (let done = 1; done <= PROGRESS_GAP_MS; done++) {
      onChange(job('j1', done), 'progress')
      await advance(2)
    }
    expect(progressViews().length).toBeLessThanOrEqual(4)
    await advance(PROGRESS_GAP_MS)
    expect(progressViews().at(-1)).toBe(PROGRESS_GAP_MS)

    emitted.length = 0
    onChange(job('j1', 99), 'progress')
    onChange(job('j1', 100), 'state')
    await advance(0)
    expect(emitted.map((event) => event.name)).toEqual(['outbox.changed', 'job.progress'])
    expect(progressViews()).toEqual([100])
  })

  it('sends nothing held back for a job once it is removed', async () => {
    const { onChange, emitted, advance } = setUp()
    onChange(job('j1', 0), 'added')
    await advance(0)
    onChange(job('j1', 1), 'progress')
    await advance(0)
    onChange(job('j1', 2), 'progress')
    await advance(0)
    onChange(job('j1', 2), 'removed')
    emitted.length = 0
    await advance(PROGRESS_GAP_MS * 2)
    expect(emitted).toEqual([])
  })
})
