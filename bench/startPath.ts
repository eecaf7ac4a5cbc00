/**
 * Issue 46's start rows: what the designer waits for from start, each start honest — a fresh
 * process on a data folder never opened before in the run (a copy of the seeded one, made just
 * before, its file times kept) — with and without the summary index a last run saved:
 *
 *   start → first row painted, at 10,000 and 50,000 drafts;
 *   start → the first row's draft open in its editor, at 50,000 (the row clicked once painted);
 *   main's memory growth for 50,000 drafts (bench/mainMemoryChild.ts).
 *
 * Each start row reads against the floor measured in the same rounds (the same window with a
 * one-row static page and no app, bench/appStartFloorChild.ts): rounds interleave the floor and
 * every case, so load on the shared machine falls on all of them alike (rule P20).
 */
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { createDraftsService } from '../src/main/drafts/draftsService'
import { coldStart, coldStartFloor } from './appStart'
import type { AppStartFigures } from './appStartChild'
import type { Row } from './report'
import { summarize } from './stats'

const run = promisify(execFile)

/** Issue 46's budgets over the floor, and its bound on main's growth. */
const FIRST_ROW_OVER_FLOOR_MS = 300
const DRAFT_OPEN_OVER_FLOOR_MS = 500
const MAIN_GROWTH_MB = 40
const ROUNDS = { 10_000: 5, 50_000: 4 } as const

type Size = keyof typeof ROUNDS
interface Case {
  size: Size
  savedIndex: boolean
  starts: AppStartFigures[]
}

const dialogs = { chooseExportPath: async () => null, chooseImportFile: async () => null }
const count = (size: number) => size.toLocaleString('en-US')

/** A copy with the files' times kept (`cp -a`), written back to disk before anything is timed. */
async function freshCopy(from: string, to: string): Promise<string> {
  await run('cp', ['-a', from, to], { maxBuffer: 1 << 20 })
  await run('sync')
  return to
}

export async function benchStartPath(
  seeded: Record<Size, string>,
  root: string,
  log: (message: string) => void,
): Promise<Row[]> {
  // The folders as the app leaves them at quit: every file read once, the summary index saved.
  const indexed = {} as Record<Size, string>
  for (const size of [10_000, 50_000] as const) {
    log(`start path: a saved index for ${count(size)} drafts`)
    indexed[size] = await freshCopy(seeded[size], join(root, `indexed-${size}`))
    const drafts = createDraftsService({ dataDir: indexed[size], dialogs })
    await drafts.ready
    await drafts.close()
  }

  const cases: Case[] = [10_000, 50_000].flatMap((size) =>
    [false, true].map((savedIndex) => ({ size: size as Size, savedIndex, starts: [] })),
  )
  const floors: number[] = []
  let copies = 0
  for (let round = 0; round < Math.max(...Object.values(ROUNDS)); round++) {
    log(`start path: round ${round + 1}`)
    floors.push((await coldStartFloor()).ms)
    for (const startCase of cases) {
      if (round >= ROUNDS[startCase.size]) continue
      const source = startCase.savedIndex ? indexed[startCase.size] : seeded[startCase.size]
      const dir = await freshCopy(source, join(root, `start-${copies++}`))
      try {
        startCase.starts.push(await coldStart(dir, { open: startCase.size === 50_000 }))
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    }
  }

  const floor = summarize(floors)
  const rows: Row[] = [
    {
      what: 'Reference: start → a one-row static page painted',
      target: '(reference)',
      limit: Infinity,
      compare: 'max',
      unit: 'ms',
      summary: floor,
      note: "the start rows' window (browser context, binding, init script, page, navigation) with no app in it, interleaved with them: what no app can go under here",
    },
  ]
  const median = (starts: AppStartFigures[], pick: (start: AppStartFigures) => number) =>
    summarize(starts.map(pick)).p50.toFixed(0)
  const which = (startCase: Case) =>
    `${count(startCase.size)}, ${startCase.savedIndex ? 'saved index' : 'no saved index'}`
  for (const startCase of cases) {
    const { starts } = startCase
    const limit = floor.p95 + FIRST_ROW_OVER_FLOOR_MS
    rows.push({
      what: `Start → first row, ${which(startCase)}`,
      target: `≤ floor + ${FIRST_ROW_OVER_FLOOR_MS} = ${limit.toFixed(0)} ms`,
      relative: true,
      limit,
      compare: 'max',
      unit: 'ms',
      summary: summarize(starts.map((start) => start.ms)),
      note:
        `a fresh copy of the folder each start; medians: ${median(starts, (s) => s.windowMs)} ms to the ` +
        `page's navigation, first row in the DOM ${median(starts, (s) => s.firstRowInsertedMs)} ms after it`,
    })
  }
  for (const startCase of cases.filter((each) => each.size === 50_000)) {
    const { starts } = startCase
    const limit = floor.p95 + DRAFT_OPEN_OVER_FLOOR_MS
    rows.push({
      what: `Start → first row's draft open, ${which(startCase)}`,
      target: `≤ floor + ${DRAFT_OPEN_OVER_FLOOR_MS} = ${limit.toFixed(0)} ms`,
      relative: true,
      limit,
      compare: 'max',
      unit: 'ms',
      summary: summarize(starts.map((start) => start.openMs ?? Number.NaN)),
      note:
        `the row's link clicked in the page as soon as the row was painted; medians: click → editor ` +
        `painted ${median(starts, (s) => s.clickToOpenMs ?? Number.NaN)} ms`,
    })
  }

  log('start path: main memory with 50,000 drafts')
  interface Memory {
    rssMb: number
    idleRssMb: number
    heapMb: number
    drafts: number
  }
  const memory: (Memory & { savedIndex: boolean })[] = []
  for (const savedIndex of [false, true]) {
    const dir = await freshCopy(
      savedIndex ? indexed[50_000] : seeded[50_000],
      join(root, `memory-${copies++}`),
    )
    try {
      const { stdout } = await run(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', resolve('bench/mainMemoryChild.ts'), dir],
        { maxBuffer: 1 << 20, timeout: 300_000 },
      )
      const line = stdout.split('\n').findLast((text) => text.startsWith('{"rssMb":')) ?? ''
      memory.push({ ...(JSON.parse(line) as Memory), savedIndex })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  rows.push({
    what: 'Main memory growth, 50,000 drafts',
    target: `≤ ${MAIN_GROWTH_MB} MB`,
    limit: MAIN_GROWTH_MB,
    compare: 'max',
    unit: 'MB',
    value: Math.max(...memory.map((each) => each.idleRssMb)),
    note:
      memory
        .map(
          (each) =>
            `${each.savedIndex ? 'saved index' : 'no saved index'}: RSS +${each.idleRssMb.toFixed(1)} MB ` +
            `(+${each.rssMb.toFixed(1)} MB right after the pass), JS heap +${each.heapMb.toFixed(1)} MB`,
        )
        .join('; ') +
      ` (${count(memory[0]?.drafts ?? 0)} drafts listed; the drafts service in a Node process, after the first page, the first draft opened, every file read and every page listed, idle 15 s, after GC, against the same process before it, warmed up on 200 drafts)`,
  })
  return rows
}
