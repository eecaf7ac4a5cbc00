import { describe, expect, it } from 'vitest'
import {
  describeFrameRequests,
  frameRequestSources,
  type FrameTraceEvent,
} from '../../../bench/frameRequests'

// The bench's slow-state tool names what asked for each frame: the task around each request,
// by the function that posted it, and how long after the last key it came (a frame asked for
// late after a key is what rule P3 of bench/PERFORMANCE.md forbids).

const MAIN = { pid: 1, tid: 10 }
const COMPOSITOR = { pid: 1, tid: 20 }
const ms = (value: number) => value * 1000

const key = (at: number): FrameTraceEvent => ({
  name: 'WebFrameWidgetImpl::HandleInputEvent',
  ph: 'X',
  ...MAIN,
  ts: ms(at),
  dur: 100,
  args: { type: 'RawKeyDown' },
})
const task = (at: number, durationMs: number, src_func?: string): FrameTraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ...MAIN,
  ts: ms(at),
  dur: ms(durationMs),
  ...(src_func ? { args: { src_func } } : {}),
})
const request = (at: number, name = 'ProxyMain::SetNeedsAnimate', thread = MAIN): FrameTraceEvent => ({
  name,
  ph: 'X',
  ...thread,
  ts: ms(at),
  dur: 5,
})

describe('frameRequestSources', () => {
  it('groups the main thread’s frame requests by the task around them, with their time after the key', () => {
    const events = [
      // Two keys, 80 ms apart; each asks for its frame from the input task.
      key(0),
      task(0, 2, 'PostTaskToMainThread'),
      request(0.5),
      key(80),
      task(80, 2, 'PostTaskToMainThread'),
      request(80.5),
      // A delayed-intersection timer after each key, and a commit request from React's scheduler.
      task(30, 1, 'ScheduleDelayedIntersection'),
      request(30.2),
      task(120, 1, 'ScheduleDelayedIntersection'),
      request(120.4),
      task(88, 3, 'Notify'),
      request(89, 'ProxyMain::SetNeedsCommit'),
      // Outside any task, and on another thread (never counted).
      request(50),
      request(60, 'ProxyMain::SetNeedsAnimate', COMPOSITOR),
    ]
    expect(frameRequestSources(events)).toEqual([
      { source: 'PostTaskToMainThread', requests: 2, msAfterKey: [0.5, 0.5, 0.5] },
      { source: 'ScheduleDelayedIntersection', requests: 2, msAfterKey: [30.2, 40.4, 40.4] },
      { source: 'Notify', requests: 1, msAfterKey: [9, 9, 9] },
      { source: 'outside any task', requests: 1, msAfterKey: [50, 50, 50] },
    ])
  })

  it('says so when a task has no name, and reads nothing from a trace without requests', () => {
    expect(frameRequestSources([task(0, 2), request(1)])).toEqual([
      { source: 'a task with no name', requests: 1, msAfterKey: undefined },
    ])
    expect(frameRequestSources([key(0), task(0, 2, 'PostTaskToMainThread')])).toEqual([])
  })

  it('writes one line per source', () => {
    expect(
      describeFrameRequests([
        { source: 'ScheduleDelayedIntersection', requests: 167, msAfterKey: [10.6, 37.2, 72.4] },
        { source: 'a task with no name', requests: 1, msAfterKey: undefined },
      ]),
    ).toEqual([
      'ScheduleDelayedIntersection 167 (11 / 37 / 72 ms after the key, p10 / p50 / p90)',
      'a task with no name 1',
    ])
  })
})
