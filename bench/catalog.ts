/**
 * Catalog figures for issue 15, self-contained (it prints its own rows):
 * 1. Import of a 10,000-product CSV feed, parse + map + validate on the real path (the catalog
 *    service reading the file the dialog named, papaparse, the shared rules): target ≤ 1 s.
 * 2. Sending those 10,000 products through the outbox to the local sandbox (400 keyed PUTs of
 *    25): bound by the platform, reported as time and throughput.
 * 3. The UI while that send runs, in Chromium on the built renderer: typing into the product
 *    search; input → next painted frame, p95 ≤ 16 ms. The send runs until 100 keys were typed
 *    while it ran (create, then new versions of the feed: the same 400 keyed PUTs as updates).
 * 4. The product table with those 10,000 products, scrolled by real wheel input: frame
 *    intervals and dropped frames against 60 Hz, rows and menus mounted (bench/catalogScroll.ts).
 * `npx electron-vite build && npx tsx bench/catalog.ts`, or call `benchCatalog()`.
 * CATALOG_PROFILE=1 also prints the renderer's JavaScript self time per function while sending
 * (from the Send click; CATALOG_PROFILE=typing: from the first key) and while scrolling (build
 * with PROFILE_BUILD=1 for readable names); CATALOG_TRACE=1 prints the renderer main thread's
 * time per kind of work and its tasks longer than a frame (CATALOG_TRACE=quiet: only for the
 * typing with nothing sending; bench/rendererProfile.ts says how to keep or narrow the trace).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { installProbe, KEY_INTERVAL_MS, typeAndTime } from './browser'
import { benchProductScroll } from './catalogScroll'
import {
  printTrace,
  rendererCpuClock,
  startRendererProfile,
  startRendererTrace,
  traceIfSlow,
} from './rendererProfile'
import { alternatingKeys, benchFloor } from './keyToFrame'
import { createCatalogService } from '../src/main/catalog/catalogService'
import { createCatalogStores } from '../src/main/catalog/catalogStores'
import type { ServicesConfig, Services } from '../src/main/services'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { connectSandboxProfile } from './sandboxProfile'
import { startSandboxThread } from './sandboxThread'

const PRODUCTS = 10_000
const PARSE_SAMPLES = 7
const INPUT_SAMPLES = 120
/**
 * Keys typed while sending, at least: one send lasts only as long as the sandbox takes to answer
 * 400 requests (under a second on a fast machine: about ten keys), so the send runs again until
 * this many keys were typed while it ran, and at most MAX_SENDS times.
 */
const SENDING_KEYS = 100
const MAX_SENDS = 30
/**
 * The platform allows 900 requests per endpoint and user in a 15-minute window, which two sends
 * of 400 fit and a third would wait out. The sandbox's window is shortened to one second (more
 * than a send asks for in any second), so no send waits for a reset: the figure is the
 * UI while requests go out, not while the outbox waits. sendAndType checks that none did.
 */
const RATE = { requestsPerWindow: 900, windowMs: 1_000 }

export interface Row {
  name: string
  samples: number
  p50: number
  p95: number
  target: string
  pass: boolean | null
}

interface Harness {
  startE2e(): Promise<{
    browser: Browser
    server: { origin: string }
    launch(options: {
      config: Partial<ServicesConfig>
    }): Promise<{ page: Page; services: Services; close(): Promise<void> }>
    dispose(): Promise<void>
  }>
}

let parseCpuRow: Row | undefined

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/** The feed; `version` > 0 changes every description, so a re-import updates every product. */
function feedCsv(imageUrl: string, version = 0): string {
  const lines = [
    'id,title,description,availability,condition,price,link,image_link,brand,product_type,item_group_id,size',
  ]
  const types = ['Apparel > Shoes', 'Apparel > Hats', 'Apparel > Outerwear', 'Home > Kitchen']
  for (let i = 0; i < PRODUCTS; i++) {
    const group = i % 3 === 0 ? `group-${Math.floor(i / 3)}` : ''
    lines.push(
      [
        `SKU-${String(i).padStart(5, '0')}`,
        `"Product ${i}, ${types[i % types.length]}"`,
        `"A plain description of product ${i}, long enough to look like a real one.${version > 0 ? ` Version ${version + 1}.` : ''}"`,
        i % 7 === 0 ? 'preorder' : 'in stock',
        'new',
        `${(5 + (i % 200) * 0.75).toFixed(2)} USD`,
        `https://shop.example.com/p/${i}`,
        imageUrl,
        'Northwind',
        types[i % types.length],
        group,
        group ? ['S', 'M', 'L'][i % 3] : '',
      ].join(','),
    )
  }
  return `${lines.join('\n')}\n`
}

/**
 * A search a designer might run while the send goes on; 2,500 of the products' titles hold it.
 * Every typing window starts from it, so each key edits a search with text in it. Typed into an
 * empty field, every other key of the alternating pattern emptied it again, and each time the
 * field's own placeholder and clear button came and went, with two more style and layout passes
 * a key: a cost of the first letter of a search only, not of every key. The typing while sending
 * started from an empty field and the reference from whatever digit the last send's typing left,
 * so the two rows were not typed alike either (rule P19, bench/PERFORMANCE.md).
 */
const SEARCH_WORD = 'Shoes'
/** feedCsv gives every fourth product the type "Apparel > Shoes", which its title repeats. */
const SEARCH_MATCHES = PRODUCTS / 4

async function searchFor(page: Page): Promise<void> {
  const search = page.locator('input[type="search"]')
  await search.fill(SEARCH_WORD)
  // The table's rows: the header row and the matches.
  await page
    .getByTestId('product-table')
    .locator(`[aria-rowcount="${SEARCH_MATCHES + 1}"]`)
    .waitFor()
  await search.focus()
  await page.keyboard.press('End')
  // The keys time the typing, not the search's own results: they start once those are painted,
  // and at the typist's pace after that frame, as every other key comes after the one before.
  // After a frame the page's compositor keeps listening to the display's 60 Hz clock for about
  // two ticks, and a key in that time waits for the next tick, where a key after a pause gets
  // its frame at once (about 11 ms against 3 in the traces): the first key of each send, a
  // fifth of the samples, paid that. Rule P19 (bench/PERFORMANCE.md): every key typed alike.
  await installProbe(page)
  await page.evaluate('window.__benchProbe.afterFrame()')
  await new Promise((done) => setTimeout(done, KEY_INTERVAL_MS))
}

async function benchParse(dir: string, file: string): Promise<Row> {
  const stores = createCatalogStores(join(dir, 'parse'))
  const service = createCatalogService({
    stores,
    outbox: {
      enqueueOperations: () => Promise.reject(new Error('not sending here')),
      job: () => Promise.reject(new Error('none')),
      retry: () => Promise.reject(new Error('none')),
    },
    activeAccountOf: () => 'bench',
    withAdsContext: () => Promise.reject(new Error('offline')),
    dialogs: { chooseFeedFile: async () => file, chooseCsvExportPath: async () => null },
  })
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < PARSE_SAMPLES + 1; i++) {
    const cpuStart = process.cpuUsage()
    const started = performance.now()
    const opened = await service.importOpen('bench')
    if (!opened.picked) throw new Error('no file')
    const report = await service.importCheck(opened.importId, opened.mapping)
    const elapsed = performance.now() - started
    if (report.valid !== PRODUCTS) throw new Error(`expected ${PRODUCTS} valid rows, got ${report.valid}`)
    const used = process.cpuUsage(cpuStart)
    if (i > 0) {
      // The first run warms the JIT.
      times.push(elapsed)
      cpu.push((used.user + used.system) / 1000)
    }
  }
  const p95 = percentile(times, 95)
  // On a shared machine wall time includes waiting for a core; CPU time is this process's work.
  parseCpuRow = {
    name: 'import 10,000 products: CPU time of this process (ms)',
    samples: cpu.length,
    p50: percentile(cpu, 50),
    p95: percentile(cpu, 95),
    target: `info; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
    pass: null,
  }
  return {
    name: 'import 10,000 products: parse + map + validate',
    samples: times.length,
    p50: percentile(times, 50),
    p95,
    target: '≤ 1000 ms',
    pass: p95 <= 1000,
  }
}

/**
 * One send of the feed, started the way a designer starts it: Import, choose the feed (the
 * dialog answers with the file), see the report, Send; then back to Products while it runs, so
 * the import panel follows the job (it polls it) as it would. While it sends: real key events
 * (the DevTools protocol, as a person's keyboard) into the product search, each timed to the end
 * of its painted frame by the shared probe. Only keys typed while the job was still sending count.
 */
async function sendAndType(browser: Browser, page: Page, services: Services, round: number) {
  await page.getByTestId('tab-import').click()
  await page.getByTestId('import-choose').click()
  await page
    .getByTestId('import-report')
    .getByText(`${PRODUCTS.toLocaleString('en-US')} ready`)
    .waitFor()
  // The profilers start before the send, so the keys start as soon as the send does.
  const label = `catalog-sending-${round + 1}`
  let profile = process.env.CATALOG_PROFILE === '1' ? await startRendererProfile(page, 25, label) : undefined
  const trace = process.env.CATALOG_TRACE === '1' ? await startRendererTrace(browser, page, label) : undefined
  const clock = await rendererCpuClock(page)
  const sendStart = performance.now()
  const processCpuStart = process.cpuUsage()
  await page.getByTestId('import-send').click()
  await page.getByTestId('import-status').waitFor()
  const idle = services.outbox
    .idle()
    .then(() => ({ at: performance.now(), cpu: process.cpuUsage(processCpuStart) }))
  await page.getByTestId('tab-products').click()

  let sending = true
  void idle.then(() => (sending = false))
  // RATE promises that no send waits for a rate-limit reset: a wait lasts up to the window's
  // reset, so looking at the jobs ten times a second would see one.
  let waitedForReset = false
  const watch = setInterval(() => {
    void services.outbox.list().then((jobs) => {
      if (jobs.some((job) => job.state === 'rate_limited')) waitedForReset = true
    })
  }, 100)
  void idle.finally(() => clearInterval(watch))
  await searchFor(page)
  if (process.env.CATALOG_PROFILE === 'typing') profile = await startRendererProfile(page, 25, label)
  const cpuStart = await clock.read()
  const frame: number[] = []
  // Every key pressed while the job was still sending counts: the typing stops at the first key
  // after the send ended (whole batches of ten used to drop the keys of the batch the send ended
  // in: a third of them, sends being ~2 s).
  for (let batch = 0; sending && frame.length < INPUT_SAMPLES; batch++) {
    const keys = alternatingKeys(10).map((key) => (key === 'x' ? String(batch % 10) : key))
    frame.push(...(await typeAndTime(page, keys, undefined, () => sending)))
  }
  const cpuEnd = await clock.read()
  await clock.detach()
  const done = await idle
  if (waitedForReset)
    throw new Error(
      `send ${round + 1} waited for a rate-limit reset: shorten RATE.windowMs (bench/catalog.ts)`,
    )
  if (trace) printTrace(`while sending (send ${round + 1})`, await trace.stop())
  if (profile) {
    console.log(`renderer JavaScript self time while sending (send ${round + 1}, ms), top functions:`)
    for (const [where, ms] of await profile.stop()) console.log(`  ${ms.toFixed(1).padStart(8)}  ${where}`)
  }
  // The panel has seen the job end (its last look), so the next round starts from a settled page.
  await page.getByTestId('tab-import').click()
  await page.getByTestId('import-status').getByText('Batches answered').waitFor()
  return {
    frame,
    seconds: (done.at - sendStart) / 1000,
    benchCpuMs: (done.cpu.user + done.cpu.system) / 1000,
    typingMs: cpuEnd.wall - cpuStart.wall,
    threadMs: cpuEnd.thread - cpuStart.thread,
    processMs: cpuEnd.process - cpuStart.process,
  }
}

export async function benchCatalog(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-catalog-'))
  // The platform's servers do not share the designer's two cores: the sandbox standing in for them
  // runs on a thread that gets only CPU nobody else wants (bench/sandboxThread.ts).
  const sandbox = await startSandboxThread({ port: 0, limits: RATE })
  const rows: Row[] = []
  try {
    // A remote image is not downloaded by the sandbox, so the send measures the API path alone.
    const file = join(dir, 'feed.csv')
    await writeFile(file, feedCsv('https://cdn.example.com/product.jpg'))
    rows.push(await benchParse(dir, file))
    if (parseCpuRow) rows.push(parseCpuRow)

    const { startE2e } = (await import(pathToFileURL(resolve('test/e2e/harness.ts')).href)) as Harness
    const env = await startE2e()
    const app = await env.launch({
      config: {
        secretStore: createMemorySecretStore(),
        catalogDialogs: { chooseFeedFile: async () => file, chooseCsvExportPath: async () => null },
      },
    })
    try {
      const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
      const call = <T>(channel: string, request: unknown) => handlers[channel]!(request) as Promise<T>
      const profileId = await connectSandboxProfile(handlers, sandbox)
      await call('catalog.save', { profileId, name: 'Bench' })
      await app.services.outbox.idle()

      const { page } = app
      await page.goto(`${env.server.origin}/index.html#/catalog`)
      await page.getByTestId('product-table').waitFor()

      // The send runs until SENDING_KEYS were typed while it ran, every key of each counted. The
      // first creates the 10,000 products; each later one imports a new version of the same feed
      // (every description changed), so the same 400 keyed PUTs go out again, as updates, on the
      // same real path.
      const frame: number[] = []
      const sendSeconds: number[] = []
      const benchCpuMs: number[] = []
      let typingMs = 0
      let typingThreadMs = 0
      let typingProcessMs = 0
      for (let round = 0; round < MAX_SENDS && frame.length < SENDING_KEYS; round++) {
        if (round > 0) await writeFile(file, feedCsv('https://cdn.example.com/product.jpg', round))
        const sent = await sendAndType(env.browser, page, app.services, round)
        frame.push(...sent.frame)
        sendSeconds.push(sent.seconds)
        benchCpuMs.push(sent.benchCpuMs)
        typingMs += sent.typingMs
        typingThreadMs += sent.threadMs
        typingProcessMs += sent.processMs
        const { counts } = await call<{ counts: { sent: number; total: number } }>('catalog.state', {
          profileId,
        })
        if (counts.sent !== PRODUCTS || counts.total !== PRODUCTS)
          throw new Error(`${counts.sent} of ${PRODUCTS} products reached the platform in send ${round + 1}`)
      }
      rows.push({
        name: `send 10,000 products (400 PUTs) to the sandbox: total s`,
        samples: sendSeconds.length,
        p50: percentile(sendSeconds, 50),
        p95: Math.max(...sendSeconds),
        target: `bound by the platform; first send (creates) ${(PRODUCTS / sendSeconds[0]!).toFixed(0)} products/s in ${sendSeconds[0]!.toFixed(1)} s; ${sendSeconds.length} sends`,
        pass: null,
      })
      // Main's services, the sandbox and the browser driver share this process and the
      // renderer's two cores: what the send costs the machine besides the page.
      rows.push({
        name: 'send 10,000 products: CPU of this process per send (s)',
        samples: benchCpuMs.length,
        p50: percentile(benchCpuMs, 50) / 1000,
        p95: Math.max(...benchCpuMs) / 1000,
        target: `info; main's services + sandbox (on an idle-priority thread) + browser driver, ${benchCpuMs.length} sends`,
        pass: null,
      })
      const frameP95 = percentile(frame, 95)
      rows.push({
        name: 'while sending: key → frame painted (ms)',
        samples: frame.length,
        p50: percentile(frame, 50),
        p95: frameP95,
        target: `≤ 16 ms (keys typed into a search for “${SEARCH_WORD}” during ${sendSeconds.length} sends of the 400 PUTs: create, then ${sendSeconds.length - 1} feed updates)`,
        pass: frame.length > 0 && frameP95 <= 16,
      })
      rows.push({
        name: 'while sending and typing: renderer main-thread CPU (%)',
        samples: sendSeconds.length,
        p50: (typingThreadMs / typingMs) * 100,
        p95: (typingThreadMs / typingMs) * 100,
        target: `info; over ${(typingMs / 1000).toFixed(1)} s, whole renderer ${((typingProcessMs / typingMs) * 100).toFixed(0)} %`,
        pass: null,
      })

      await page.getByTestId('tab-products').click()
      await searchFor(page)
      // The same typing once the send is over, same page, moments later: what the machine gives
      // a keystroke with nothing sending. On a shared machine the figure above is read against it.
      const quiet: number[] = []
      const quietProfile =
        process.env.CATALOG_PROFILE === '1'
          ? await startRendererProfile(page, 25, 'catalog-quiet')
          : undefined
      const quietTrace =
        process.env.CATALOG_TRACE === '1' || process.env.CATALOG_TRACE === 'quiet'
          ? await startRendererTrace(env.browser, page, 'catalog-quiet')
          : undefined
      const quietClock = await rendererCpuClock(page)
      const quietStart = await quietClock.read()
      for (let batch = 0; quiet.length < INPUT_SAMPLES; batch++) {
        const keys = alternatingKeys(10).map((key) => (key === 'x' ? String(batch % 10) : key))
        quiet.push(...(await typeAndTime(page, keys)))
      }
      const quietEnd = await quietClock.read()
      await quietClock.detach()
      await traceIfSlow(env.browser, page, 'catalog-quiet', quiet, async () => {
        const again: number[] = []
        for (let batch = 0; again.length < INPUT_SAMPLES; batch++) {
          const keys = alternatingKeys(10).map((key) => (key === 'x' ? String(batch % 10) : key))
          again.push(...(await typeAndTime(page, keys)))
        }
        return again
      })
      if (quietTrace) printTrace('typing with nothing sending', await quietTrace.stop())
      if (quietProfile) {
        console.log('renderer JavaScript self time typing with nothing sending (ms), top functions:')
        for (const [where, ms] of await quietProfile.stop())
          console.log(`  ${ms.toFixed(1).padStart(8)}  ${where}`)
      }
      rows.push({
        name: 'reference, nothing sending: key → frame painted (ms)',
        samples: quiet.length,
        p50: percentile(quiet, 50),
        p95: percentile(quiet, 95),
        target: `info; main-thread CPU ${(((quietEnd.thread - quietStart.thread) / (quietEnd.wall - quietStart.wall)) * 100).toFixed(1)} % while typing`,
        pass: null,
      })

      // A bare textarea in this browser, moments later: what the browser and the machine give a
      // key here with no app at all, to read the two rows above against.
      await page.evaluate('document.activeElement?.blur()')
      const floor = await benchFloor(env)
      rows.push({
        name: 'reference, a bare textarea in this browser: key → frame painted (ms)',
        samples: floor.length,
        p50: percentile(floor, 50),
        p95: percentile(floor, 95),
        target: 'info; a page of its own, after the sends',
        pass: null,
      })

      // The table with the 10,000 products just sent: a fresh page, the search empty.
      await page.reload()
      await page.getByTestId('product-table').getByText('10,000 products').waitFor()
      const scrollProfile =
        process.env.CATALOG_PROFILE === '1'
          ? await startRendererProfile(page, 25, 'catalog-scrolling')
          : undefined
      const scrollTrace =
        process.env.CATALOG_TRACE === '1'
          ? await startRendererTrace(env.browser, page, 'catalog-scrolling')
          : undefined
      rows.push(...scrollRows(await benchProductScroll(page)))
      if (scrollTrace) printTrace('while scrolling (idle 2 s, then 5 s of wheel)', await scrollTrace.stop())
      if (scrollProfile) {
        console.log('renderer JavaScript self time while scrolling (ms), top functions:')
        for (const [where, ms] of await scrollProfile.stop())
          console.log(`  ${ms.toFixed(1).padStart(8)}  ${where}`)
      }
    } finally {
      await app.close()
      await env.dispose()
    }
  } finally {
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
  return rows
}

function scrollRows(scroll: Awaited<ReturnType<typeof benchProductScroll>>): Row[] {
  const frameMs = 1000 / 60
  const idleP95 = percentile(scroll.idle, 95)
  const p95 = percentile(scroll.scrolling, 95)
  const percent = (share: number) => share * 100
  // The page cannot beat the 60 Hz clock: an interval within a millisecond of one frame is one
  // frame (timer jitter), and the idle figure beside it shows the browser's own pacing.
  return [
    {
      name: 'scroll 10,000 products: frame interval (ms)',
      samples: scroll.scrolling.length,
      p50: percentile(scroll.scrolling, 50),
      p95,
      target: `≤ ${(frameMs + 1).toFixed(1)} ms (one 60 Hz frame + 1 ms jitter; idle p95 ${idleP95.toFixed(1)})`,
      pass: p95 <= frameMs + 1,
    },
    {
      name: 'scroll 10,000 products: dropped frames (%)',
      samples: scroll.scrolling.length,
      p50: percent(scroll.droppedShare),
      p95: percent(scroll.droppedShare),
      target: `≤ 1 % (idle ${percent(scroll.idleDroppedShare).toFixed(1)} %)`,
      pass: percent(scroll.droppedShare) <= 1,
    },
    {
      // Load-independent: the page's own work per frame, against the 60 Hz frame's 16.7 ms.
      name: 'scroll 10,000 products: main-thread CPU per frame (ms)',
      samples: scroll.scrolling.length,
      p50: scroll.mainThreadCpuPerFrame,
      p95: scroll.mainThreadCpuPerFrame,
      target: `≤ 8 ms (half a 60 Hz frame); whole renderer ${scroll.rendererCpuPerFrame.toFixed(1)} ms`,
      pass: scroll.mainThreadCpuPerFrame <= 8,
    },
    {
      name: 'scroll 10,000 products: rows mounted (max)',
      samples: 1,
      p50: scroll.maxRowsMounted,
      p95: scroll.maxRowsMounted,
      target: `≤ ${scroll.rowsAllowed} (${scroll.rowsVisible} on screen + overscan, in blocks)`,
      pass: scroll.maxRowsMounted <= scroll.rowsAllowed,
    },
    {
      name: 'scroll 10,000 products: menus mounted in the table (max)',
      samples: 1,
      p50: scroll.maxMenusMounted,
      p95: scroll.maxMenusMounted,
      target: '≤ 0',
      pass: scroll.maxMenusMounted === 0,
    },
    {
      name: 'scroll 10,000 products: frames showing a placeholder row (%)',
      samples: 1,
      p50: percent(scroll.placeholderShare),
      p95: percent(scroll.placeholderShare),
      target: `info; ${Math.round(scroll.scrolledPx).toLocaleString('en-US')} px scrolled in 5 s`,
      pass: null,
    },
  ]
}

export function printCatalogRows(rows: readonly Row[]): void {
  for (const row of rows) {
    const verdict = row.pass === null ? 'info' : row.pass ? 'PASS' : 'FAIL'
    console.log(
      `   ${row.name.padEnd(58)} n=${String(row.samples).padEnd(4)} p50 ${row.p50.toFixed(2).padStart(8)}  p95 ${row.p95.toFixed(2).padStart(8)}  target ${row.target}  ${verdict}`,
    )
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printCatalogRows(await benchCatalog())
