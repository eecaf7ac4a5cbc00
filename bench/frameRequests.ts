/**
 * Who asked for the renderer's frames during a trace, for the run-long slow state (rule P3,
 * bench/PERFORMANCE.md): a frame asked for with nothing to draw, late after a key, keeps the
 * compositor listening into the next key. Needs the `toplevel` category (each task names the
 * function that posted it) and `cc` (each request for a frame, inside the task that made it).
 */

export interface FrameTraceEvent {
  name: string
  ph?: string
  pid?: number
  tid?: number
  ts: number
  dur?: number
  args?: { src_func?: string; type?: string; [key: string]: unknown }
}

export interface FrameRequestSource {
  /** The function that posted the task that asked for the frame (`toplevel`'s `src_func`). */
  source: string
  requests: number
  /** Time from the last keydown to the request, ms: the 10th, 50th and 90th percentiles. */
  msAfterKey: [number, number, number] | undefined
}

const REQUESTS = new Set([
  'ProxyMain::SetNeedsAnimate',
  'ProxyMain::SetNeedsCommit',
  'ProxyMain::SetNeedsUpdateLayers',
])
const TASK = 'ThreadControllerImpl::RunTask'
const KEYDOWN_TYPES = new Set(['RawKeyDown', 'KeyDown'])

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!

/** Frame requests on the renderer main thread, grouped by what posted the task that made them. */
export function frameRequestSources(events: readonly FrameTraceEvent[]): FrameRequestSource[] {
  const requests = events.filter((event) => REQUESTS.has(event.name))
  // The renderer main thread: the one that made the most requests.
  const perThread = new Map<string, number>()
  for (const event of requests) {
    const thread = `${event.pid}:${event.tid}`
    perThread.set(thread, (perThread.get(thread) ?? 0) + 1)
  }
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0]
  if (!main) return []
  const onMain = (event: FrameTraceEvent) => `${event.pid}:${event.tid}` === main
  const tasks = events
    .filter((event) => event.name === TASK && event.ph === 'X' && event.dur !== undefined && onMain(event))
    .sort((a, b) => a.ts - b.ts)
  const keys = events
    .filter(
      (event) =>
        event.name === 'WebFrameWidgetImpl::HandleInputEvent' && KEYDOWN_TYPES.has(event.args?.type ?? ''),
    )
    .map((event) => event.ts)
    .sort((a, b) => a - b)

  const bySource = new Map<string, { requests: number; after: number[] }>()
  for (const request of requests.filter(onMain)) {
    // Tasks do not overlap on one thread: the enclosing one is the last to start before it.
    const task = lastAtOrBefore(tasks, request.ts, (candidate) => candidate.ts)
    const source =
      task && request.ts <= task.ts + task.dur!
        ? (task.args?.src_func ?? 'a task with no name')
        : 'outside any task'
    const entry = bySource.get(source) ?? { requests: 0, after: [] }
    entry.requests += 1
    const key = lastAtOrBefore(keys, request.ts, (ts) => ts)
    if (key !== undefined) entry.after.push((request.ts - key) / 1000)
    bySource.set(source, entry)
  }
  return [...bySource]
    .map(([source, { requests: count, after }]) => {
      after.sort((a, b) => a - b)
      return {
        source,
        requests: count,
        msAfterKey:
          after.length > 0
            ? ([percentile(after, 0.1), percentile(after, 0.5), percentile(after, 0.9)] as [
                number,
                number,
                number,
              ])
            : undefined,
      }
    })
    .sort((a, b) => b.requests - a.requests)
}

function lastAtOrBefore<T>(sorted: readonly T[], ts: number, at: (item: T) => number): T | undefined {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (at(sorted[middle]!) <= ts) low = middle + 1
    else high = middle
  }
  return low > 0 ? sorted[low - 1] : undefined
}

/** One line per source: "ScheduleDelayedIntersection 167 (10 / 37 / 72 ms after the key)". */
export function describeFrameRequests(sources: readonly FrameRequestSource[]): string[] {
  return sources.map(
    ({ source, requests, msAfterKey }) =>
      `${source} ${requests}${msAfterKey ? ` (${msAfterKey.map((ms) => ms.toFixed(0)).join(' / ')} ms after the key, p10 / p50 / p90)` : ''}`,
  )
}
