/**
 * The account mirror (issue 42) at 10,000 objects against the sandbox at its rate limits:
 *  - a whole walk of 10,000 cards (50 pages of 200, the spec's largest page), in a child;
 *  - resumable after a kill: a child killed mid-walk, a second one goes on; the sandbox's request
 *    log shows how many pages were asked twice (at most the one in flight);
 *  - reading a list of 10,000 from the mirror, and the heap the mirror takes in a fresh process.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startSandbox } from '../sandbox/index'
import { resolveHosts } from '../src/main/api/hosts'
import { createHttpClient } from '../src/main/api/http'
import { exchangePin, requestToken } from '../src/main/auth/pinFlow'
import { approveInBrowser } from '../test/support/authorizePage'
import { runSupervised } from '../test/support/supervisedChild'
import type { Row } from './report'
import { summarize } from './stats'

export interface MirrorFigures {
  objects: number
  walkMs: number
  pages: number
  waits: number
  /** Pages the killed child saved before the kill, and pages asked twice over both runs. */
  pagesBeforeKill: number
  pagesAskedTwice: number
  resumedPages: number
  loadMs: number
  readMs: number[]
  heapBytes: number
}

const CARDS_ROUTE = 'GET /ads/12/accounts/:account_id/cards'

function child(mode: 'sync' | 'read', input: object, onLine?: (line: string, kill: () => void) => void) {
  return runSupervised(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', resolve('bench/mirrorChild.ts'), mode, JSON.stringify(input)],
    { quietMs: 120_000, ...(onLine ? { onLine } : {}) },
  )
}

function lastJson<T>(lines: string[]): T {
  const line = lines.filter((l) => l.startsWith('{')).at(-1)
  if (!line) throw new Error('the mirror bench child printed nothing')
  return JSON.parse(line) as T
}

export async function benchMirror(objects = 10_000): Promise<MirrorFigures> {
  const sandbox = await startSandbox({ port: 0 })
  const dir = await mkdtemp(join(tmpdir(), 'ads-bench-mirror-'))
  try {
    const urls = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }
    const hosts = resolveHosts(urls, {})
    const { consumerKey, consumerSecret } = sandbox.demo
    const http = createHttpClient({ timeoutMs: 10_000 })
    const pending = await requestToken({ hosts, http, consumerKey, consumerSecret, accessType: 'write' })
    const pin = await approveInBrowser(pending.authorizeUrl)
    const access = await exchangePin({ hosts, http, consumerKey, consumerSecret, ...pending, pin })
    const credentials = {
      consumerKey,
      consumerSecret,
      token: access.accessToken,
      tokenSecret: access.accessTokenSecret,
    }
    const accountId = sandbox.demo.accountIds[0]!
    // The seeded card and the filled ones: `objects` in all.
    sandbox.fill({ kind: 'cards', accountId, count: objects - 1 })
    const base = { profileId: 'bench', accountId, urls, credentials }

    const whole = await child('sync', { ...base, root: join(dir, 'whole') })
    const walk = lastJson<{ ms: number; pages: number; objects: number; waits: number }>(whole.lines)
    if (walk.objects !== objects) throw new Error(`the walk saw ${walk.objects} of ${objects} cards`)

    // Killed after its fifth saved page, then resumed by a new process.
    const killAt = 5
    const since = sandbox.requestLog().at(-1)?.seq ?? 0
    const killed = await child('sync', { ...base, root: join(dir, 'killed') }, (line, kill) => {
      if (line.includes(`"page":${killAt}`)) kill()
    })
    if (killed.killedBy !== 'test') throw new Error('the mirror walk ended before it could be killed')
    const resumed = await child('sync', { ...base, root: join(dir, 'killed') })
    const rest = lastJson<{ pages: number; objects: number }>(resumed.lines)
    const cursors = sandbox
      .requestLog(since)
      .filter((entry) => entry.route === CARDS_ROUTE)
      .map((entry) => String(entry.query.cursor ?? 'first'))
    const pagesAskedTwice = cursors.length - new Set(cursors).size

    const read = lastJson<{ count: number; loadMs: number; heapBytes: number; readMs: number[] }>(
      (await child('read', { ...base, root: join(dir, 'whole'), reads: 30 })).lines,
    )
    if (read.count !== objects) throw new Error(`the mirror read ${read.count} of ${objects} cards`)
    return {
      objects,
      walkMs: walk.ms,
      pages: walk.pages,
      waits: walk.waits,
      pagesBeforeKill: killAt,
      pagesAskedTwice,
      resumedPages: rest.pages,
      loadMs: read.loadMs,
      readMs: read.readMs,
      heapBytes: read.heapBytes,
    }
  } finally {
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** The bench table's rows for the mirror's figures (section `mirror` of bench/run.ts). */
export function mirrorRows(mirror: MirrorFigures): Row[] {
  return [
    {
      what: 'Mirror: walk of 10,000 objects',
      target: '≤ 10 s',
      limit: 10_000,
      compare: 'max',
      unit: 'ms',
      value: mirror.walkMs,
      note: `${mirror.pages} pages at the sandbox's rate limits, ${mirror.waits} waits for a window`,
    },
    {
      what: 'Mirror: pages asked twice after a kill',
      target: '≤ 1 (the one in flight)',
      limit: 1,
      compare: 'max',
      unit: '',
      value: mirror.pagesAskedTwice,
      note: `killed after page ${mirror.pagesBeforeKill}; the resumed walk fetched ${mirror.resumedPages}`,
    },
    {
      what: 'Mirror: list of 10,000 read',
      target: '≤ 100 ms',
      limit: 100,
      compare: 'max',
      unit: 'ms',
      summary: summarize(mirror.readMs),
      note: `sorted by name, first 100 rows; opening the mirror from disk took ${Math.round(mirror.loadMs)} ms`,
    },
    {
      what: 'Mirror: heap in main at 10,000 objects',
      target: '≤ 50 MB',
      limit: 50,
      compare: 'max',
      unit: 'MB',
      value: mirror.heapBytes / 1024 / 1024,
    },
  ]
}

/** `tsx bench/mirror.ts`: the mirror figures alone. */
if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/mirror.ts')) {
  console.log(JSON.stringify(await benchMirror(), null, 2))
}
