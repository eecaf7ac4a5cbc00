/**
 * Customer-list figures of issue 16: normalize + SHA-256 of 1,000,000 identifiers (the whole
 * pipeline in its worker thread: read, split, normalize, hash, drop duplicates, cut requests),
 * memory while a 10,000,000-row list goes through it, and upload throughput against the local
 * sandbox compared with the rate-limit bound. Lists are generated in a temp dir and removed.
 */
import { createWriteStream, readFileSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { once } from 'node:events'
import { RESOURCE_LIMITS } from '../src/main/audiences/hashWorkerClient'
import type { ListLayout, ScanCounts } from '../src/main/audiences/scanner'
import { createServices, type Services, type ServicesConfig } from '../src/main/services'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import type { ListReport } from '../src/shared/ipc/contracts/audiences'
import { startSandbox } from '../sandbox/index'
import { SEEDED_AUDIENCES } from '../sandbox/seedAudiences'
import { startSandboxThread } from './sandboxThread'
import type { Row } from './report'
import { ok, typeAndTime } from './browser'
import { alternatingKeys } from './keyToFrame'
import { traceIfSlow } from './rendererProfile'
import { connectSandboxProfile } from './sandboxProfile'

const run = promisify(execFile)

async function writeList(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path)
  out.write('email\n')
  let batch = ''
  for (let i = 0; i < rows; i++) {
    batch += ` Person.${i}@Example.com\n`
    if (batch.length > 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain')
      batch = ''
    }
  }
  out.end(batch)
  await once(out, 'finish')
}

async function layoutOf(path: string): Promise<ListLayout> {
  const info = await stat(path)
  return {
    path,
    size: info.size,
    mtimeMs: info.mtimeMs,
    delimiter: '',
    dataStart: 6,
    columns: [[0, 'email']],
  }
}

interface WorkerRun {
  ms: number
  cpuMs: number
  baselineMb: number
  growthMb: number
  counts: ScanCounts
}

const BUILT_WORKER = resolve('out/main/audienceHashWorker.js')

/**
 * The pre-send report of `layout` by the built worker (what the app runs), in a plain Node
 * process of its own (bench/audienceWorkerProcess.mjs), so neither the tsx loader nor this
 * bench's own heap is in the figures.
 */
async function runBuiltWorker(layout: ListLayout): Promise<WorkerRun> {
  await stat(BUILT_WORKER).catch(() => {
    throw new Error(`${BUILT_WORKER} is missing: run \`npx electron-vite build\` first (npm run bench does)`)
  })
  const { stdout } = await run(process.execPath, [
    resolve('bench/audienceWorkerProcess.mjs'),
    BUILT_WORKER,
    JSON.stringify(layout),
    JSON.stringify(RESOURCE_LIMITS),
  ])
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as WorkerRun
}

async function hashRow(dir: string): Promise<Row> {
  const path = join(dir, 'million.csv')
  await writeList(path, 1_000_000)
  const layout = await layoutOf(path)
  const runs: WorkerRun[] = []
  for (let i = 0; i < 3; i++) {
    const result = await runBuiltWorker(layout)
    if (result.counts.records !== 1_000_000) throw new Error(`hashed ${result.counts.records} of 1,000,000`)
    runs.push(result)
  }
  const best = Math.min(...runs.map((r) => r.ms))
  return {
    what: 'Normalize + SHA-256 1,000,000 identifiers (built worker, streaming)',
    target: '≤ 3 s',
    limit: 3,
    compare: 'max',
    unit: 's',
    value: best / 1000,
    note: `3 runs: ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s wall, ${runs.map((r) => (r.cpuMs / 1000).toFixed(2)).join(', ')} s CPU (all threads; best wall kept: the machine is shared, load ${loadavg()[0]?.toFixed(1)}); ${cpus().length} cores; out/main/audienceHashWorker.js in a plain Node process, starting the worker included`,
  }
}

async function memoryRow(dir: string): Promise<Row> {
  const path = join(dir, 'ten-million.csv')
  await writeList(path, 10_000_000)
  const result = await runBuiltWorker(await layoutOf(path))
  await rm(path)
  return {
    what: 'RSS growth hashing a 10,000,000-row list',
    target: '≤ 100 MB',
    limit: 100,
    compare: 'max',
    unit: 'MB',
    value: result.growthMb,
    note: `${(result.counts.records / 1e6).toFixed(1)} M rows in ${(result.ms / 1000).toFixed(1)} s (CPU ${(result.cpuMs / 1000).toFixed(1)} s); peak RSS of the process running the built worker over its RSS once the worker was up (${result.baselineMb.toFixed(0)} MB); duplicate check ${result.counts.dedupeCapped ? 'reached its 32 MB table at about 2.9 M distinct rows (later rows checked against it, not remembered: a later repeat is sent, and the platform keeps each person once; the pre-send report says so)' : 'covered every row'}`,
  }
}

async function throughputRow(dir: string): Promise<Row> {
  // The spec's 1,500 requests a minute, scaled to a 4-second window (100 requests) so the run
  // spans several windows in seconds; the bound in rows per second is the same.
  const rate = { requests: 100, windowMs: 4_000 }
  const boundRowsPerSecond = (rate.requests / (rate.windowMs / 1000)) * 2_500
  const rows = 2_500 * 300
  const path = join(dir, 'upload.csv')
  await writeList(path, rows)
  const sandbox = await startSandbox({
    port: 0,
    limits: {
      audienceUploadsPerWindow: rate.requests,
      audienceUploadWindowMs: rate.windowMs,
      audienceProcessingMs: 0,
    },
  })
  const services = createServices({
    dataDir: join(dir, 'app'),
    hosts: PRODUCTION_HOSTS,
    secretStore: createMemorySecretStore(),
    env: {},
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    audienceDialogs: { chooseListFile: async () => path },
    audienceUploadRate: rate,
    openExternal: async () => undefined,
    appInfo: { name: 'Ads Studio', version: 'bench' },
  })
  try {
    const handlers = services.handlers as Record<string, (request: unknown) => Promise<unknown>>
    const call = <T>(channel: string, request: unknown) => handlers[channel]!(request) as Promise<T>
    const profileId = await connectSandboxProfile(handlers, sandbox)
    await call('accounts.select', { profileId, accountId: sandbox.demo.accountIds[0] })
    const opened = await call<{ listId: string; mapping: unknown }>('audiences.openList', {
      profileId,
      target: { kind: 'custom_audience', id: SEEDED_AUDIENCES.emptyList },
    })
    const report = await call<ListReport>('audiences.checkList', {
      listId: opened.listId,
      mapping: opened.mapping,
    })
    const start = performance.now()
    await call('audiences.sendList', {
      listId: opened.listId,
      operationType: 'Update',
      confirmedRecords: report.records,
    })
    await services.outbox.idle()
    const seconds = (performance.now() - start) / 1000
    const members = sandbox.customAudienceMembers(SEEDED_AUDIENCES.emptyList)?.count ?? 0
    if (members !== rows) throw new Error(`the sandbox holds ${members} of ${rows} members`)
    const achieved = rows / seconds
    return {
      what: 'Upload throughput vs the rate-limit bound',
      target: '≥ 90 %',
      limit: 90,
      compare: 'min',
      unit: '%',
      value: (achieved / boundRowsPerSecond) * 100,
      note: `${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${Math.round(achieved).toLocaleString('en')} rows/s; bound ${boundRowsPerSecond.toLocaleString('en')} rows/s (1,500 requests/min × 2,500, window scaled to ${rate.windowMs / 1000} s); the first window starts full, so a run of n windows can at best reach n/(n−1) of it`,
    }
  } finally {
    await services.dispose()
    await sandbox.close()
  }
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

const TYPING_SAMPLES = 120
/**
 * The post the designer is writing: the keys edit its end. In an empty post every other key of
 * the alternating pattern emptied it again, so each key also swapped the placeholder and the
 * empty post's notices, a cost of a post's first letter only (about 2–3 ms a key at p50 here).
 */
const POST_UNDER_WAY = 'Spring is here: new colours in store this week, and free returns on every order. '

/** CPU seconds of this thread (the main one: where the app's services run in the bench). */
function mainThreadCpuSeconds(): number {
  // Linux: utime + stime in clock ticks (100 a second), fields 14 and 15 of /proc/thread-self/stat.
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/**
 * The UI during a long upload, in Chromium on the built renderer with the real services (the
 * E2E harness) against the local sandbox at the spec's own rate limit. The list is chosen,
 * checked and sent through the Audiences page, as a designer does; then the designer goes on
 * writing in the composer (the progress view has no field to type in) — real key events timed
 * to the painted frame by the shared probe (bench/probe.js). Only keys typed while the upload
 * is still sending count. The same typing with nothing sending, earlier in the same run, is
 * printed beside it: on a shared machine that separates the load from the upload.
 */
async function typingRow(dir: string): Promise<Row> {
  const rows = 2_500 * 600
  const path = join(dir, 'long-upload.csv')
  await writeList(path, rows)
  const sandbox = await startSandboxThread({ port: 0, limits: { audienceProcessingMs: 0 } })
  const { startE2e } = (await import(pathToFileURL(resolve('test/e2e/harness.ts')).href)) as Harness
  const env = await startE2e()
  const app = await env.launch({
    config: { secretStore: createMemorySecretStore(), audienceDialogs: { chooseListFile: async () => path } },
  })
  try {
    const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
    const call = <T>(channel: string, request: unknown) => handlers[channel]!(request) as Promise<T>
    const profileId = await connectSandboxProfile(handlers, sandbox)
    await call('accounts.select', { profileId, accountId: sandbox.demo.accountIds[0] })
    const { page } = app
    const draft = await ok<{ id: string; content: Record<string, unknown> }>(
      page,
      `window.studio.drafts.create({ kind: 'post', name: 'While uploading' })`,
    )
    const content = { ...draft.content, text: POST_UNDER_WAY }
    await ok(page, `window.studio.drafts.update(${JSON.stringify({ id: draft.id, content })})`)

    // The same typing with nothing sending first: the machine's own figure in this run (it is
    // shared, so a slow figure during the upload may be the load, not the upload).
    await page.goto(`${env.server.origin}/index.html#/composer/${draft.id}`)
    await page.getByTestId('post-text').waitFor()
    await page.getByTestId('post-text').focus()
    await page.keyboard.press('Control+End')
    await typeAndTime(page, alternatingKeys(20))
    const idleFrames = await typeAndTime(page, alternatingKeys(TYPING_SAMPLES))
    await traceIfSlow(env.browser, page, 'upload-composer-quiet', idleFrames, () =>
      typeAndTime(page, alternatingKeys(TYPING_SAMPLES)),
    )

    // The upload, the way a designer starts it: Audiences → the empty list → choose → check → send.
    await page.goto(`${env.server.origin}/index.html#/audiences`)
    await page.getByTestId('audience-list').getByText(/./).first().waitFor()
    const target = SEEDED_AUDIENCES.emptyList
    const name = (
      await call<{ audiences: { id: string; name: string }[] }>('audiences.list', { profileId })
    ).audiences.find((entry) => entry.id === target)?.name
    if (!name) throw new Error('the sandbox has no empty audience to upload to')
    await page
      .getByTestId('audience-list')
      .getByRole('button', { name: new RegExp(name) })
      .click()
    await page.getByTestId('upload-list').click()
    await page.getByTestId('upload-choose').click()
    await page.getByTestId('upload-check').click()
    await page.getByTestId('upload-send').click({ timeout: 60_000 })
    await page.getByTestId('upload-progress').waitFor()
    const sendStart = performance.now()
    const mainCpuStart = mainThreadCpuSeconds()
    const idle = app.services.outbox.idle().then(() => performance.now())
    let sending = true
    void idle.then(() => (sending = false))

    await page.goto(`${env.server.origin}/index.html#/composer/${draft.id}`)
    const area = page.getByTestId('post-text')
    await area.waitFor()
    await area.focus()
    await page.keyboard.press('Control+End')
    const frame: number[] = []
    for (let batch = 0; sending && frame.length < TYPING_SAMPLES; batch++) {
      const timed = await typeAndTime(page, alternatingKeys(10))
      if (sending) frame.push(...timed)
    }
    const done = await idle
    const mainCpu = mainThreadCpuSeconds() - mainCpuStart
    const members = await sandbox.customAudienceMemberCount(target)
    if (members !== rows) throw new Error(`the sandbox holds ${members} of ${rows} members`)
    const p95 = percentile(frame, 95)
    return {
      what: 'While a long upload sends: key → frame painted',
      target: '≤ 16 ms',
      limit: 16,
      compare: 'max',
      unit: 'ms',
      summary: { n: frame.length, p50: percentile(frame, 50), p95 },
      note: `same composer, same run, nothing sending: p50 ${percentile(idleFrames, 50).toFixed(1)} ms, p95 ${percentile(idleFrames, 95).toFixed(1)} ms; ${rows.toLocaleString('en')}-row upload (${rows / 2_500} requests at the spec's 1,500 a minute) sent in ${((done - sendStart) / 1000).toFixed(1)} s; keys typed into the composer while it sent, counted only before it finished; the sandbox on a thread scheduled as idle work (it stands in for the platform's servers, which do not share this machine); load ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores; the app's main thread (services, IPC, HTTP) used ${mainCpu.toFixed(1)} s of CPU during the ${((done - sendStart) / 1000).toFixed(0)} s upload`,
    }
  } finally {
    await app.close()
    await env.dispose()
    await sandbox.close()
  }
}

export async function benchAudiences(log: (message: string) => void = () => undefined): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-audiences-'))
  try {
    log('audiences: hashing 1,000,000 identifiers')
    const hash = await hashRow(dir)
    log('audiences: a 10,000,000-row list (RSS)')
    const memory = await memoryRow(dir)
    log('audiences: upload throughput against the sandbox')
    const throughput = await throughputRow(dir)
    log('audiences: typing while a long upload sends (Chromium)')
    const typing = await typingRow(dir)
    return [hash, memory, throughput, typing]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

// `npx tsx bench/audiences.ts` runs these figures alone (`… typing` or `… throughput`: one).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./report')
  const only = { typing: typingRow, throughput: throughputRow }[process.argv[2] ?? '']
  if (only) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-audiences-'))
    try {
      console.log(formatTable([await only(dir)]))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  } else console.log(formatTable(await benchAudiences((message) => console.log(`[bench] ${message}`))))
}
