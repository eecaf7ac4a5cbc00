/**
 * Customer-list figures of issue 16: normalize + SHA-256 of 1,000,000 identifiers (the whole
 * pipeline in its worker thread: read, split, normalize, hash, drop duplicates, cut requests),
 * memory while a 10,000,000-row list goes through it, and upload throughput against the local
 * sandbox compared with the rate-limit bound. Lists are generated in a temp dir and removed.
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import { reportInWorker } from '../src/main/audiences/hashWorkerClient'
import type { ListLayout } from '../src/main/audiences/scanner'
import { createServices } from '../src/main/services'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import type { ListReport } from '../src/shared/ipc/contracts/audiences'
import { startSandbox } from '../test/sandbox/index'
import { SEEDED_AUDIENCES } from '../test/sandbox/seedAudiences'
import { approveInBrowser } from '../test/support/authorizePage'
import type { Row } from './report'

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

async function hashRow(dir: string): Promise<Row> {
  const path = join(dir, 'million.csv')
  await writeList(path, 1_000_000)
  const layout = await layoutOf(path)
  const times: number[] = []
  const cpuTimes: number[] = []
  for (let run = 0; run < 3; run++) {
    const start = performance.now()
    const cpu = process.cpuUsage()
    const report = await reportInWorker(layout)
    times.push(performance.now() - start)
    const used = process.cpuUsage(cpu)
    cpuTimes.push((used.user + used.system) / 1000)
    if (report.records !== 1_000_000) throw new Error(`hashed ${report.records} of 1,000,000`)
  }
  const best = Math.min(...times)
  return {
    what: 'Normalize + SHA-256 1,000,000 identifiers (worker, streaming)',
    target: '≤ 3 s',
    limit: 3,
    compare: 'max',
    unit: 's',
    value: best / 1000,
    note: `3 runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s wall, ${cpuTimes.map((t) => (t / 1000).toFixed(2)).join(', ')} s CPU (all threads; best wall kept: the machine is shared, load ${loadavg()[0]?.toFixed(1)}); ${cpus().length} cores; includes starting the worker`,
  }
}

async function memoryRow(dir: string): Promise<Row> {
  const path = join(dir, 'ten-million.csv')
  await writeList(path, 10_000_000)
  const layout = await layoutOf(path)
  global.gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const cpu = process.cpuUsage()
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  const start = performance.now()
  const report = await reportInWorker(layout)
  const seconds = (performance.now() - start) / 1000
  const cpuSeconds = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  await rm(path)
  return {
    what: 'RSS growth hashing a 10,000,000-row list',
    target: '≤ 100 MB',
    limit: 100,
    compare: 'max',
    unit: 'MB',
    value: (peak - baseline) / 1024 / 1024,
    note: `${(report.records / 1e6).toFixed(1)} M rows in ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s); run from source, so the worker also carries the tsx loader (about 40 MB of the figure; the built app has none); duplicate check ${report.dedupeCapped ? 'reached its 32 MB table (further rows checked, not remembered)' : 'covered every row'}`,
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
    const started = await call<{ profileId: string; authorizeUrl: string }>('connect.begin', {
      environment: 'local_sandbox',
      hosts: { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
      consumerKey: sandbox.demo.consumerKey,
      consumerSecret: sandbox.demo.consumerSecret,
      accessLevel: 'write',
      forceLogin: false,
    })
    const pin = await approveInBrowser(started.authorizeUrl)
    const profileId = (await call<{ id: string }>('connect.complete', { profileId: started.profileId, pin }))
      .id
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

export async function benchAudiences(log: (message: string) => void = () => undefined): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-audiences-'))
  try {
    log('audiences: hashing 1,000,000 identifiers')
    const hash = await hashRow(dir)
    log('audiences: a 10,000,000-row list (RSS)')
    const memory = await memoryRow(dir)
    log('audiences: upload throughput against the sandbox')
    const throughput = await throughputRow(dir)
    return [hash, memory, throughput]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

// `npx tsx bench/audiences.ts` runs these figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./report')
  console.log(formatTable(await benchAudiences((message) => console.log(`[bench] ${message}`))))
}
