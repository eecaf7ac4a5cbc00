import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDraftStore } from '../../../src/main/drafts/store'
import { describeRun, runSupervised, type SupervisedRun } from '../../support/supervisedChild'

// With texts up to 320 kB a kill costs about 1.7 s on a loaded machine: 100 kills fit `npm test`'s
// budget; CRASH_KILLS=300 runs the acceptance figure of issue 39 (0 lost, 0 quarantined) by hand.
const KILLS = Number(process.env.CRASH_KILLS ?? 100)
const here = dirname(fileURLToPath(import.meta.url))

let workDir = ''
let childScript = ''

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-drafts-crash-'))
  childScript = join(workDir, 'crash-child.mjs')
  // A pre-bundled child starts in ~80 ms instead of ~250 ms under `node --import tsx`,
  // which is what lets 200 separate processes fit in the time budget. esbuild is the
  // transpiler tsx itself runs on, so this is the same compilation, done once.
  await build({
    entryPoints: [join(here, 'crash-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: childScript,
    logLevel: 'error',
  })
})

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

interface ChildRun {
  acks: Array<{ id: string; seq: number }>
  run: SupervisedRun
}

/**
 * Starts a writer and SIGKILLs it `killAfterMs` after its `acksBeforeKill`-th acknowledgement
 * (or after `ready` when that is 0). Counting acknowledgements rather than only time keeps the
 * kills landing among writes on a loaded machine, where a child may need far longer than 25 ms
 * for its first write. The writer writes until it is killed, so a child that falls silent for a
 * minute has hung: the watchdog stops it and the run says so (killedBy: 'watchdog').
 */
async function runAndKill(dataDir: string, acksBeforeKill: number, killAfterMs: number): Promise<ChildRun> {
  let acksSoFar = 0
  let ready = false
  let killing = false
  const run = await runSupervised(process.execPath, [childScript, dataDir], {
    quietMs: 60_000,
    onLine: (line, kill) => {
      if (line === 'ready') ready = true
      else if (line.startsWith('ack ')) acksSoFar++
      if (killing || !ready || acksSoFar < acksBeforeKill) return
      killing = true
      setTimeout(kill, killAfterMs)
    },
  })
  const acks: ChildRun['acks'] = []
  // Only complete lines count: a line cut by the kill was never acknowledged.
  for (const line of run.lines) {
    const match = /^ack ([0-9a-f-]{36}) (\d+)$/.exec(line)
    if (match?.[1] && match[2]) acks.push({ id: match[1], seq: Number(match[2]) })
  }
  return { acks, run }
}

describe('draft store under SIGKILL', () => {
  // Kills may take minutes on a loaded machine, so no wall-clock limit shorter than that; a hung
  // writer is stopped by runAndKill's watchdog and named.
  it(
    `loses no acknowledged draft and corrupts none across ${KILLS} kills mid-write`,
    async () => {
      const dataDir = join(workDir, 'data')
      const acknowledged = new Map<string, number>()
      let killsWithWritesInFlight = 0
      let totalAcks = 0

      for (let kill = 0; kill < KILLS; kill++) {
        const { acks, run } = await runAndKill(
          dataDir,
          Math.floor(Math.random() * 3),
          Math.floor(Math.random() * 25),
        )
        expect(
          run.killedBy,
          describeRun(`writer ${kill + 1} of ${KILLS}`, run, `${acks.length} acknowledged writes`),
        ).toBe('test')
        expect(run.stderr).toBe('')
        if (acks.length > 0) killsWithWritesInFlight++
        totalAcks += acks.length
        for (const { id, seq } of acks) acknowledged.set(id, Math.max(seq, acknowledged.get(id) ?? 0))
      }

      // The run must have exercised the store, or "nothing lost" would prove nothing.
      expect(killsWithWritesInFlight).toBeGreaterThan(KILLS / 2)
      expect(totalAcks).toBeGreaterThan(KILLS)

      const store = createDraftStore({ dir: dataDir })
      const report = await store.load()
      expect(report.quarantined).toEqual([])
      expect(report.skipped).toEqual([])
      expect(await readdir(join(dataDir, 'quarantine'))).toEqual([])

      const lost: string[] = []
      for (const [id, seq] of acknowledged) {
        const draft = store.get(id)
        const stored = (draft?.content as { seq?: number } | undefined)?.seq ?? 0
        if (stored < seq) lost.push(`${id}: acknowledged seq ${seq}, found ${draft ? stored : 'nothing'}`)
      }
      expect(lost).toEqual([])
      expect(store.list().length).toBeGreaterThanOrEqual(acknowledged.size)
      process.stdout.write(
        `[drafts crash] ${KILLS} kills, ${killsWithWritesInFlight} with writes in flight, ${totalAcks} acknowledged writes, ${acknowledged.size} drafts, 0 lost, ${report.quarantined.length} quarantined\n`,
      )
      await store.close()
    },
    Math.max(1_800_000, KILLS * 9_000),
  )
})
