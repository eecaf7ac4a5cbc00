/**
 * Where a key's time goes: types into the composer (25,000 characters) or the card builder (six
 * slides) under a Chromium trace and sums the renderer main thread's work per kind (script,
 * style, layout, paint…) and the script's self time per function. Prints a table per key.
 *
 *   PROFILE_BUILD=1 npx electron-vite build && npx tsx bench/profile.ts composer|connected|builder|drafts
 *
 * (`connected`: an empty new post with a sandbox profile connected and its account selected, as
 * bench/audiences.ts types into: the composer's fixed cost per key, whatever the text's length.)
 *
 * (PROFILE_BUILD=1 keeps function names; PROFILE_OUT=<file> also saves the V8 CPU profile,
 * PROFILE_TRACE=<file> the Chromium trace, which chrome://tracing or Perfetto opens.)
 */
import { existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { seedDrafts } from '../test/support/seedDrafts'
import { ok, startBenchBrowser, typeAndTime, type BenchApp } from './browser'
import { SEARCH_WARMUP, searchKeys } from './draftsScale'
import { alternatingKeys, benchBuilder, benchComposer } from './keyToFrame'
import { summarize } from './stats'
import { startSandboxThread } from './sandboxThread'
import { connectSandboxProfile, type ServiceHandlers } from './sandboxProfile'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: { frame?: string } }
}

const KEYS = 80
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
  HitTest: 'hit test',
  RunMicrotasks: 'microtasks',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
}

async function traceTyping(
  page: Page,
  browser: Awaited<ReturnType<typeof startBenchBrowser>>['browser'],
  keys: readonly string[],
) {
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'disabled-by-default-v8.gc',
    ],
  })
  const timings = await typeAndTime(page, keys)
  const buffer = await browser.stopTracing()
  if (process.env.PROFILE_TRACE) writeFileSync(process.env.PROFILE_TRACE, buffer)
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }
  // The renderer main thread: the one that ran the most Layout events.
  const counts = new Map<string, number>()
  for (const event of traceEvents)
    if (event.name === 'Layout')
      counts.set(`${event.pid}:${event.tid}`, (counts.get(`${event.pid}:${event.tid}`) ?? 0) + 1)
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
  const totals = new Map<string, number>()
  for (const event of traceEvents) {
    if (`${event.pid}:${event.tid}` !== main || event.ph !== 'X' || !event.dur) continue
    const kind = KINDS[event.name]
    if (kind) totals.set(kind, (totals.get(kind) ?? 0) + event.dur / 1000)
  }
  return {
    timings,
    totals,
    self: selfTimes(traceEvents.filter((event) => `${event.pid}:${event.tid}` === main)),
  }
}

/**
 * Self time per trace event name on one thread: each complete event's duration minus the events
 * nested in it, so a layout forced inside a key's event dispatch counts as layout, not twice.
 */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const complete = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const self = new Map<string, number>()
  const open: { event: TraceEvent; end: number; children: number }[] = []
  const close = (until: number) => {
    while (open.length > 0 && open.at(-1)!.end <= until) {
      const done = open.pop()!
      const own = done.event.dur! - done.children
      self.set(done.event.name, (self.get(done.event.name) ?? 0) + own / 1000)
      if (open.length > 0) open.at(-1)!.children += done.event.dur!
    }
  }
  for (const event of complete) {
    close(event.ts)
    open.push({ event, end: event.ts + event.dur!, children: 0 })
  }
  close(Infinity)
  return self
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

/** The renderer's JavaScript self time per function while typing, from a V8 CPU profile. */
async function profileTyping(page: Page, keys: readonly string[]) {
  const session = await page.context().newCDPSession(page)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', { interval: 200 })
  await session.send('Profiler.start')
  await typeAndTime(page, keys)
  const { profile } = (await session.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
  }
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile))
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame
    if (['(idle)', '(program)', '(root)'].includes(frame.functionName)) return
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${frame.lineNumber + 1}`
    self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
  })
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)
}

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number }
  selfSize: number
  children: HeapNode[]
}

/** Bytes the renderer's JavaScript allocates per function while typing (V8 sampling heap profiler). */
async function allocationsWhileTyping(page: Page, keys: readonly string[]) {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.enable')
  // Objects collected before the profile stops count too: per-key garbage is what we look for.
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never)
  await typeAndTime(page, keys)
  const { profile } = (await session.send('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: HeapNode }
  }
  await session.detach()
  const self = new Map<string, number>()
  const visit = (node: HeapNode) => {
    const frame = node.callFrame
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${frame.lineNumber + 1}`
    self.set(where, (self.get(where) ?? 0) + node.selfSize)
    node.children.forEach(visit)
  }
  visit(profile.head)
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)
}

/** The drafts page at 50,000 (bench/draftsScale.ts): types into its search box. */
async function benchDraftsSearch(app: BenchApp): Promise<number[]> {
  const { page } = app
  await page.locator('[data-draft-id]').first().waitFor({ timeout: 120_000 })
  const table = page.locator('table.drafts-table')
  for (const deadline = Date.now() + 180_000; ;) {
    if ((await table.getAttribute('aria-rowcount')) === String(DRAFTS + 1)) break
    if (Date.now() > deadline) throw new Error('the drafts list never held all 50,000 drafts')
    await new Promise((done) => setTimeout(done, 250))
  }
  await page.getByRole('searchbox', { name: 'Search drafts' }).focus()
  await typeAndTime(page, searchKeys(SEARCH_WARMUP))
  return typeAndTime(page, searchKeys(KEYS))
}

/** An empty new post, a sandbox profile connected and its account selected (bench/audiences.ts typingRow). */
async function benchConnectedComposer(
  app: BenchApp,
  sandbox: Awaited<ReturnType<typeof startSandboxThread>>,
) {
  const handlers = app.services.handlers as ServiceHandlers
  const profileId = await connectSandboxProfile(handlers, sandbox)
  await handlers['accounts.select']!({ profileId, accountId: sandbox.demo.accountIds[0] })
  const { page } = app
  const draft = await ok<{ id: string }>(
    page,
    `window.studio.drafts.create({ kind: 'post', name: 'Connected' })`,
  )
  await page.reload()
  await page.goto(page.url().replace(/#.*$/, `#/composer/${draft.id}`))
  const area = page.getByTestId('post-text')
  await area.waitFor()
  await area.focus()
  await typeAndTime(page, alternatingKeys(20))
  return typeAndTime(page, alternatingKeys(KEYS))
}

const DRAFTS = 50_000

/**
 * Counts the keys whose preview changed before the key's frame ended: a listener after the
 * probe's (bench/probe.js) checks, in the task right after the probe's frame-end timer, whether
 * the preview's DOM changed since the key. The composer's rules and preview render after the
 * key's frame (useContentAfterPaint); any key counted here had that render inside its figure.
 * Only in `connected`: the 25,000-character post's preview folds after 1,000 characters
 * (PostPreview), so a key at its end changes nothing there to see.
 */
const COUNT_EARLY_PREVIEW = `(() => {
  const preview = document.querySelector('.editor__preview-frame')
  if (!preview) throw new Error('no .editor__preview-frame on the page')
  let changed = false
  new MutationObserver(() => { changed = true }).observe(preview, { childList: true, subtree: true, characterData: true, attributes: true })
  const counts = (window.__earlyPreview = { keys: 0, early: 0 })
  window.addEventListener('keydown', () => {
    changed = false
    requestAnimationFrame(() => setTimeout(() => { counts.keys++; if (changed) counts.early++ }, 0))
  }, true)
})()`
const which = process.argv[2] ?? 'composer'
const keys = which === 'drafts' ? searchKeys(KEYS) : alternatingKeys(KEYS)
let dataDir: string | undefined
if (which === 'drafts') {
  // Seeded once and kept: the figures are about typing, not about the first load.
  dataDir = join(tmpdir(), 'ads-studio-profile-drafts-50000')
  if (!existsSync(dataDir)) await seedDrafts({ dataDir, count: DRAFTS })
}
const sandbox = which === 'connected' ? await startSandboxThread({ port: 0 }) : undefined
const bench = await startBenchBrowser()
try {
  const app = await bench.launch(dataDir ? { dataDir } : {})
  try {
    // Opens the page and types its own warm-up and samples; the trace covers further keys.
    const figures =
      which === 'builder'
        ? await benchBuilder(app)
        : which === 'drafts'
          ? await benchDraftsSearch(app)
          : which === 'connected'
            ? await benchConnectedComposer(app, sandbox!)
            : await benchComposer(app)
    const composer = which === 'connected'
    if (composer) await app.page.evaluate(COUNT_EARLY_PREVIEW)
    const { timings, totals, self } = await traceTyping(app.page, bench.browser, keys)
    if (composer) {
      const { keys: counted, early } = (await app.page.evaluate('window.__earlyPreview')) as {
        keys: number
        early: number
      }
      console.log(`${which}: the preview changed before the key's frame ended in ${early} of ${counted} keys`)
    }
    console.log(`${which}: key → frame before tracing ${JSON.stringify(summarize(figures))}`)
    console.log(`${which}: key → frame while tracing ${JSON.stringify(summarize(timings))}`)
    console.log(
      `renderer main thread per key (ms), over ${KEYS} keys (nested events overlap: script includes its layouts forced from script):`,
    )
    for (const [kind, ms] of [...totals].sort((a, b) => b[1] - a[1]))
      console.log(`  ${kind.padEnd(26)} ${(ms / KEYS).toFixed(2)}`)
    console.log(
      `renderer main thread self time per key (ms) by trace event, nested events subtracted, top 15:`,
    )
    for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${name.padEnd(34)} ${(ms / KEYS).toFixed(2)}`)
    console.log(`JavaScript self time per key (ms), over ${KEYS} more keys, top functions:`)
    for (const [where, ms] of await profileTyping(app.page, keys))
      console.log(`  ${(ms / KEYS).toFixed(2).padStart(6)}  ${where}`)
    console.log(`JavaScript allocation per key (KB, sampled), over ${KEYS} more keys, top functions:`)
    for (const [where, bytes] of await allocationsWhileTyping(app.page, keys))
      console.log(`  ${(bytes / 1024 / KEYS).toFixed(1).padStart(8)}  ${where}`)
  } finally {
    await app.close()
  }
} finally {
  await bench.dispose()
  await sandbox?.close()
}
