import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FOLLOW_GAP_MS, followJob } from '../../src/renderer/kits/jobs/followJob'

/** A job that answers `states` in turn (the last one again if looked at more often). */
function scriptedJob(states: readonly ('active' | 'done')[]) {
  const shown: string[] = []
  let at = 0
  let onMove: (() => void) | undefined
  const unsubscribe = vi.fn(() => (onMove = undefined))
  return {
    shown,
    look: vi.fn(async () => {
      const state = states[Math.min(at, states.length - 1)]!
      at += 1
      shown.push(state)
      return state === 'active'
    }),
    /** The job's events, as listen('job.progress') filtered to the job gives them. */
    moves: (handler: () => void) => {
      onMove = handler
      return unsubscribe
    },
    unsubscribe,
    /** Main says the job moved. */
    move: () => onMove?.(),
  }
}

describe('the import panel follows its job as main says it moves', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('looks at the start and after each move, never on a clock, and ends on the look that found the job finished', async () => {
    const job = scriptedJob(['active', 'active', 'done'])
    const onEnd = vi.fn()
    followJob({ look: job.look, moves: job.moves, isVisible: () => true, onEnd })
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.look).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(job.look).toHaveBeenCalledTimes(1)
    job.move()
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.look).toHaveBeenCalledTimes(2)
    job.move()
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.shown).toEqual(['active', 'active', 'done'])
    expect(onEnd).toHaveBeenCalledExactlyOnceWith(true)
    expect(job.unsubscribe).toHaveBeenCalled()
    job.move()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(job.look).toHaveBeenCalledTimes(3)
  })

  it('does not look while the panel is hidden; shown again after a move, it looks at once, shows the finished state last and tells the page', async () => {
    const job = scriptedJob(['active', 'done'])
    let visible = false
    const onEnd = vi.fn()
    const follower = followJob({ look: job.look, moves: job.moves, isVisible: () => visible, onEnd })
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    // The first look tells whether the job runs; then nothing while hidden, however it moves.
    expect(job.look).toHaveBeenCalledTimes(1)
    for (let move = 0; move < 10; move++) job.move()
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.look).toHaveBeenCalledTimes(1)
    expect(onEnd).not.toHaveBeenCalled()
    visible = true
    follower.poke()
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.shown).toEqual(['active', 'done'])
    expect(onEnd).toHaveBeenCalledExactlyOnceWith(true)
  })

  it('shown again when the job has not moved, it does not look', async () => {
    const job = scriptedJob(['active', 'done'])
    let visible = false
    const follower = followJob({ look: job.look, moves: job.moves, isVisible: () => visible, onEnd: vi.fn() })
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    visible = true
    follower.poke()
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.look).toHaveBeenCalledTimes(1)
  })

  it('moves during a look make one more look right after it, as that look may predate them', async () => {
    let finishLook: (active: boolean) => void = () => {}
    const look = vi.fn(() => new Promise<boolean>((done) => (finishLook = done)))
    const job = scriptedJob(['active'])
    followJob({ look, moves: job.moves, isVisible: () => true, onEnd: vi.fn() })
    expect(look).toHaveBeenCalledTimes(1)
    job.move()
    job.move()
    expect(look).toHaveBeenCalledTimes(1)
    finishLook(true)
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(look).toHaveBeenCalledTimes(2)
    finishLook(true)
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(look).toHaveBeenCalledTimes(2)
  })

  it('a job seen only finished does not tell the page; a look that fails ends the following; stop() ends it', async () => {
    const finishedJob = scriptedJob(['done'])
    const finished = vi.fn()
    followJob({ look: finishedJob.look, moves: finishedJob.moves, isVisible: () => true, onEnd: finished })
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(finished).toHaveBeenCalledExactlyOnceWith(false)

    const failing = vi.fn()
    const offline = scriptedJob(['active'])
    followJob({
      look: () => Promise.reject(new Error('offline')),
      moves: offline.moves,
      isVisible: () => true,
      onEnd: failing,
    })
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(failing).toHaveBeenCalledExactlyOnceWith(false)

    const job = scriptedJob(['active'])
    const stopped = vi.fn()
    const follower = followJob({ look: job.look, moves: job.moves, isVisible: () => true, onEnd: stopped })
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    follower.stop()
    expect(job.unsubscribe).toHaveBeenCalled()
    job.move()
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    expect(job.look).toHaveBeenCalledTimes(1)
    expect(stopped).not.toHaveBeenCalled()
  })

  it('looks at most once per gap however often the job moves, and always after the last move', async () => {
    const job = scriptedJob(['active'])
    followJob({ look: job.look, moves: job.moves, isVisible: () => true, onEnd: vi.fn() })
    await vi.advanceTimersByTimeAsync(0)
    expect(job.look).toHaveBeenCalledTimes(1)
    // A send answering 100 requests in a gap: 100 moves.
    for (let move = 0; move < 100; move++) {
      job.move()
      await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS / 100)
    }
    expect(job.look.mock.calls.length).toBeLessThanOrEqual(3)
    const looksBeforeQuiet = job.look.mock.calls.length
    await vi.advanceTimersByTimeAsync(FOLLOW_GAP_MS)
    // The moves after the last look began are seen by one more look.
    expect(job.look.mock.calls.length).toBeLessThanOrEqual(looksBeforeQuiet + 1)
    expect(job.look.mock.calls.length).toBeGreaterThanOrEqual(2)
  })
})
