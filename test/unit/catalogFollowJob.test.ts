import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followJob, POLL_MS } from '../../src/renderer/kits/jobs/followJob'

/** A job that answers `states` in turn (the last one again if looked at more often). */
function scriptedJob(states: readonly ('active' | 'done')[]) {
  const shown: string[] = []
  let at = 0
  return {
    shown,
    look: vi.fn(async () => {
      const state = states[Math.min(at, states.length - 1)]!
      at += 1
      shown.push(state)
      return state === 'active'
    }),
  }
}

describe('the import panel follows its job by polling', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('looks every POLL_MS while the panel shows, and ends on the look that found the job finished', async () => {
    const job = scriptedJob(['active', 'active', 'done'])
    const onEnd = vi.fn()
    followJob({ look: job.look, isVisible: () => true, onEnd })
    await vi.advanceTimersByTimeAsync(0)
    expect(job.look).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(POLL_MS - 1)
    expect(job.look).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(job.look).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(job.shown).toEqual(['active', 'active', 'done'])
    expect(onEnd).toHaveBeenCalledExactlyOnceWith(true)
    await vi.advanceTimersByTimeAsync(100 * POLL_MS)
    expect(job.look).toHaveBeenCalledTimes(3)
  })

  it('does not look while the panel is hidden; shown again, it looks at once, shows the finished state last and tells the page', async () => {
    const job = scriptedJob(['active', 'done'])
    let visible = false
    const onEnd = vi.fn()
    const follower = followJob({ look: job.look, isVisible: () => visible, onEnd })
    await vi.advanceTimersByTimeAsync(0)
    // The first look tells whether the job runs; then nothing while hidden, however long.
    expect(job.look).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(100 * POLL_MS)
    expect(job.look).toHaveBeenCalledTimes(1)
    expect(onEnd).not.toHaveBeenCalled()
    visible = true
    follower.poke()
    await vi.advanceTimersByTimeAsync(0)
    expect(job.shown).toEqual(['active', 'done'])
    expect(onEnd).toHaveBeenCalledExactlyOnceWith(true)
  })

  it('looks at once when the panel is shown again (poke), then at the visible pace', async () => {
    const job = scriptedJob(['active', 'active', 'active', 'done'])
    let visible = false
    const follower = followJob({ look: job.look, isVisible: () => visible, onEnd: vi.fn() })
    await vi.advanceTimersByTimeAsync(100)
    expect(job.look).toHaveBeenCalledTimes(1)
    visible = true
    follower.poke()
    await vi.advanceTimersByTimeAsync(0)
    expect(job.look).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(job.look).toHaveBeenCalledTimes(3)
  })

  it('a poke during a look looks again right after it, as that look may predate the change', async () => {
    let finishLook: (active: boolean) => void = () => {}
    const look = vi.fn(() => new Promise<boolean>((done) => (finishLook = done)))
    const follower = followJob({ look, isVisible: () => false, onEnd: vi.fn() })
    expect(look).toHaveBeenCalledTimes(1)
    follower.poke()
    finishLook(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(look).toHaveBeenCalledTimes(2)
  })

  it('a job seen only finished does not tell the page; a look that fails ends the loop; stop() ends it', async () => {
    const finished = vi.fn()
    followJob({ look: async () => false, isVisible: () => true, onEnd: finished })
    await vi.advanceTimersByTimeAsync(0)
    expect(finished).toHaveBeenCalledExactlyOnceWith(false)

    const failing = vi.fn()
    followJob({ look: () => Promise.reject(new Error('offline')), isVisible: () => true, onEnd: failing })
    await vi.advanceTimersByTimeAsync(0)
    expect(failing).toHaveBeenCalledExactlyOnceWith(false)

    const job = scriptedJob(['active'])
    const stopped = vi.fn()
    const follower = followJob({ look: job.look, isVisible: () => true, onEnd: stopped })
    await vi.advanceTimersByTimeAsync(0)
    follower.stop()
    await vi.advanceTimersByTimeAsync(100 * POLL_MS)
    expect(job.look).toHaveBeenCalledTimes(1)
    expect(stopped).not.toHaveBeenCalled()
  })
})
