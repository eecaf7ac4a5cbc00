/**
 * The renderer's JavaScript self time per function over a stretch of a bench, from a V8 CPU
 * profile taken through the DevTools protocol: where the main thread's script time goes.
 */
import { writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describeFrameRequests, frameRequestSources } from './frameRequests'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

/**
 * With RENDERER_PROFILE_DIR set, the whole profile is also written there as `<label>.cpuprofile`
 * (open it in Chromium's DevTools, Performance panel, for the call tree).
 */
export async function startRendererProfile(page: Page, top = 25, label = 'renderer') {
  const session = await page.context().newCDPSession(page)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', { interval: 200 })
  await session.send('Profiler.start')
  return {
    async stop(): Promise<[string, number][]> {
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
      }
      await session.detach()
      const dir = process.env.RENDERER_PROFILE_DIR
      if (dir) writeFileSync(join(dir, `${label}.cpuprofile`), JSON.stringify(profile))
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
      const self = new Map<string, number>()
      profile.samples.forEach((id, index) => {
        const frame = nodes.get(id)!.callFrame
        if (['(idle)', '(program)', '(root)'].includes(frame.functionName)) return
        const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${frame.lineNumber + 1}`
        self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
      })
      return [...self].sort((a, b) => b[1] - a[1]).slice(0, top)
    },
  }
}

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time; `dur` is wall time and includes time the thread was not running. */
  tdur?: number
  tid: number
  pid: number
  args?: { data?: { functionName?: string; url?: string; type?: string } }
}

const KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'event dispatch (script)',
  UpdateLayoutTree: 'style recalc',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  RunMicrotasks: 'microtasks',
  MajorGC: 'GC',
  MinorGC: 'GC',
}

/**
 * A Chromium timeline trace of a stretch of a bench: the renderer main thread's time per kind
 * of work, and its tasks longer than a 60 Hz frame (each one a frame that could not begin on
 * time). Needs the browser, as tracing is the browser's. With RENDERER_TRACE_DIR set, the raw
 * trace is written there too. RENDERER_TRACE_CATEGORIES (comma-separated) records only those
 * categories: the full timeline costs the browser a good deal, which may change what it measures.
 */
export async function startRendererTrace(browser: Browser, page: Page, label = 'renderer') {
  await browser.startTracing(page, {
    categories: process.env.RENDERER_TRACE_CATEGORIES?.split(',') ?? [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
    ],
  })
  const started = Date.now()
  return {
    async stop() {
      const seconds = (Date.now() - started) / 1000
      const raw = (await browser.stopTracing()).toString('utf8')
      // RENDERER_TRACE_DIR keeps the whole trace as `<label>.json` (DevTools' Performance panel
      // opens it), for the tasks around one slow key.
      const dir = process.env.RENDERER_TRACE_DIR
      if (dir) writeFileSync(join(dir, `${label}.json`), raw)
      const { traceEvents } = JSON.parse(raw) as { traceEvents: TraceEvent[] }
      // The renderer main thread: the one that ran the most Layout events.
      const layouts = new Map<string, number>()
      for (const event of traceEvents)
        if (event.name === 'Layout')
          layouts.set(`${event.pid}:${event.tid}`, (layouts.get(`${event.pid}:${event.tid}`) ?? 0) + 1)
      const main = [...layouts].sort((a, b) => b[1] - a[1])[0]?.[0]
      const perKind = new Map<string, number>()
      const tasks: TraceEvent[] = []
      const inner: TraceEvent[] = []
      for (const event of traceEvents) {
        if (`${event.pid}:${event.tid}` !== main || event.ph !== 'X' || !event.dur) continue
        if (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') tasks.push(event)
        const kind = KINDS[event.name]
        if (kind) {
          perKind.set(kind, (perKind.get(kind) ?? 0) + event.dur / 1000)
          inner.push(event)
        }
      }
      // What each long task spent its time on: its largest kinds of work, with the script's
      // entry point (event type or function) where the trace names one.
      const describe = (task: TraceEvent) => {
        const parts = new Map<string, number>()
        for (const event of inner) {
          if (event.ts < task.ts || event.ts >= task.ts + task.dur!) continue
          const data = event.args?.data
          const what = `${KINDS[event.name]}${data?.type ? ` ${data.type}` : ''}${data?.functionName ? ` ${data.functionName}` : ''}${data?.url ? ` ${data.url.split('/').at(-1)}` : ''}`
          parts.set(what, (parts.get(what) ?? 0) + event.dur! / 1000)
        }
        const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 3)
        return `${(task.dur! / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)}): ${top.map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join('; ')}`
      }
      const long = tasks.filter((task) => task.dur! / 1000 > 1000 / 60).sort((a, b) => b.dur! - a.dur!)
      return {
        seconds,
        perKind: [...perKind].sort((a, b) => b[1] - a[1]),
        busyMs: tasks.reduce((sum, task) => sum + task.dur! / 1000, 0),
        cpuMs: tasks.reduce((sum, task) => sum + (task.tdur ?? 0) / 1000, 0),
        longCpuTasks: tasks.filter((task) => (task.tdur ?? 0) / 1000 > 1000 / 60).length,
        longTasks: long.map((task) => task.dur! / 1000),
        longest: long.slice(0, 6).map(describe),
        // Empty unless the trace has the `toplevel` and `cc` categories.
        frameRequests: frameRequestSources(traceEvents),
      }
    },
  }
}

export function printTrace(
  label: string,
  trace: Awaited<ReturnType<Awaited<ReturnType<typeof startRendererTrace>>['stop']>>,
) {
  console.log(
    `${label}: renderer main thread busy ${trace.busyMs.toFixed(0)} ms (CPU ${trace.cpuMs.toFixed(0)} ms; ${trace.longCpuTasks} tasks over 16.7 ms of CPU) in ${trace.seconds.toFixed(1)} s; ` +
      `${trace.longTasks.length} tasks > 16.7 ms (${trace.longTasks
        .slice(0, 8)
        .map((ms) => ms.toFixed(0))
        .join(', ')})`,
  )
  for (const [kind, ms] of trace.perKind) console.log(`  ${kind.padEnd(26)} ${ms.toFixed(0)} ms`)
  for (const task of trace.longest) console.log(`  long task ${task}`)
}

/**
 * The renderer's CPU time so far (DevTools Performance metrics, ms): its main thread and the
 * whole process. Differences between two readings are the page's own work over a stretch,
 * apart from any time it spent waiting for a core.
 */
export async function rendererCpuClock(page: Page) {
  const session = await page.context().newCDPSession(page)
  await session.send('Performance.enable')
  return {
    async read() {
      const { metrics } = await session.send('Performance.getMetrics')
      const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN
      return { thread: value('ThreadTime') * 1000, process: value('ProcessTime') * 1000, wall: Date.now() }
    },
    detach: () => session.detach(),
  }
}

/** A key that waited a tick of the display's clock (rule P3, bench/PERFORMANCE.md): over 10 ms. */
const SLOW_KEY_MS = 10

/**
 * TRACE_IF_SLOW=1: when a stretch of typing had the run-long slow state (keys waiting a tick
 * behind a frame asked for late, rule P3 of bench/PERFORMANCE.md; at least 8 % of its keys over
 * 10 ms; TRACE_IF_SLOW=always: in any case), types as much again under a light trace (kept in
 * RENDERER_TRACE_DIR or the temp directory) and says whether the state was still there while
 * traced, and what asked for the frames meanwhile: the frame and input categories, with
 * `toplevel` and `cc` to name the task behind each request for a frame (which is how Chromium's
 * navigation predictor was found, rule P18). Those keys are not counted in any row.
 */
export async function traceIfSlow(
  browser: Browser,
  page: Page,
  label: string,
  timings: number[],
  typeAgain: () => Promise<number[]>,
) {
  const mode = process.env.TRACE_IF_SLOW
  if (mode !== '1' && mode !== 'always') return
  const slowShare = (keys: number[]) => keys.filter((ms) => ms > SLOW_KEY_MS).length / keys.length
  const before = slowShare(timings)
  if (before < 0.08 && mode !== 'always') return
  process.env.RENDERER_TRACE_CATEGORIES ??= 'toplevel,cc,disabled-by-default-devtools.timeline.frame,input'
  process.env.RENDERER_TRACE_DIR ??= tmpdir()
  const trace = await startRendererTrace(browser, page, `${label}-slow`)
  const faultsBefore = await majorPageFaults()
  const traced = await typeAgain()
  const faults = (await majorPageFaults()) - faultsBefore
  const { frameRequests } = await trace.stop()
  console.log(
    `${label}: ${(before * 100).toFixed(0)} % of keys over ${SLOW_KEY_MS} ms; typed again under a light trace: ${(slowShare(traced) * 100).toFixed(0)} %, ${faults} major page faults on the machine meanwhile (${join(process.env.RENDERER_TRACE_DIR, `${label}-slow.json`)})`,
  )
  if (frameRequests.length > 0) {
    console.log(`  frame requests on the page's main thread, by the function that posted their task:`)
    for (const line of describeFrameRequests(frameRequests)) console.log(`    ${line}`)
  }
}

/**
 * The machine's major page faults so far (/proc/vmstat): pages read back from disk. This machine
 * runs a DAMON pageout scheme that drops file pages unused for a minute, which a browser may need
 * again mid-typing.
 */
async function majorPageFaults(): Promise<number> {
  const vmstat = await readFile('/proc/vmstat', 'utf8').catch(() => '')
  return Number(/^pgmajfault (\d+)$/m.exec(vmstat)?.[1] ?? Number.NaN)
}
