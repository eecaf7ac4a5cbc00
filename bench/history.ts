/**
 * A draft's version history (issue 43): its timeline with 1,000 versions opened through the real
 * services' handler (≤ 200 ms), and the history's size after 10,000 saves of a 2 kB draft (≤ 2×
 * the drafts' size). Every save is its own version here (31 s apart on a clock the bench runs),
 * the worst case for the budget; each changes a few words of the text, as typing does.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHistoryBudget, draftFilesBytes } from '../src/main/history/budget'
import { createHistoryStore } from '../src/main/history/historyStore'
import { createServices } from '../src/main/services'
import { createMemoryStore } from '../src/main/settings/confStore'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft } from '../src/shared/drafts/envelope'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import { seedDrafts } from '../test/support/seedDrafts'
import type { Row } from './report'
import { summarize } from './stats'

export interface HistoryBenchSamples {
  timelineMs: number[]
  timelineVersions: number
  saves: number
  historyBytes: number
  draftsBytes: number
}

const WORDS = ['spring', 'summer', 'sale', 'today', 'only', 'launch', 'new', 'collection', 'offer', 'free']

/** A post of about 2 kB whose text changes a few words at save `index`. */
function postAt(id: string, index: number, at: number): Draft {
  const words = Array.from(
    { length: 260 },
    (_, word) => WORDS[(word * 7 + (word === index % 260 ? index : 0)) % 10],
  )
  return {
    id,
    kind: 'post',
    name: 'History bench',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(at).toISOString(),
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content: { name: 'History bench', text: `${words.join(' ')} #${index}`, media: [] },
  }
}

/** Saves `count` versions of `draft` into `<dataDir>/history`, 31 s apart, the budget following. */
async function saveVersions(dataDir: string, id: string, count: number, start: number) {
  let clock = start
  const dir = join(dataDir, 'history')
  const budget = createHistoryBudget({
    dir,
    history: () => history,
    draftsBytes: () => draftFilesBytes(join(dataDir, 'drafts', 'drafts')),
  })
  const history = createHistoryStore({
    dir,
    now: () => new Date(clock),
    onWritten: (bytes) => budget.written(bytes),
  })
  for (let index = 0; index < count; index++) {
    clock += 31_000
    history.noteChange({ type: 'saved', draft: postAt(id, index, clock) })
    if (index % 100 === 99) await history.flush()
  }
  await history.flush()
  await budget.settled()
  await budget.check()
  return (await stat(history.pathOf(id))).size
}

export async function benchHistory(rounds = 20): Promise<HistoryBenchSamples> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-history-'))
  try {
    // 1. Storage: one 2 kB draft, 10,000 saves.
    const soloDir = join(dir, 'solo')
    const soloId = '00000000-0000-4000-8000-00000000b001'
    const draftsDir = join(soloDir, 'drafts', 'drafts')
    await mkdir(draftsDir, { recursive: true })
    await writeFile(join(draftsDir, `${soloId}.json`), JSON.stringify(postAt(soloId, 0, Date.now()), null, 2))
    const saves = 10_000
    const historyBytes = await saveVersions(soloDir, soloId, saves, Date.now() - saves * 31_000)
    const draftsBytes = await draftFilesBytes(draftsDir)

    // 2. Timeline: 1,000 versions of one of 2,000 drafts (their size makes room for them).
    const dataDir = join(dir, 'many')
    const { ids } = await seedDrafts({ dataDir, count: 2_000 })
    const id = ids[0]!
    await saveVersions(dataDir, id, 1_000, Date.now() - 1_000 * 31_000 - 60_000)
    const services = createServices({
      dataDir,
      hosts: PRODUCTION_HOSTS,
      settingsStore: createMemoryStore(),
      secretStore: createMemorySecretStore(),
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
      openExternal: async () => {},
      appInfo: { name: 'Ads Studio', version: 'bench' },
    })
    const timelineMs: number[] = []
    let timelineVersions = 0
    try {
      await services.drafts.ready
      for (let round = 0; round <= rounds; round++) {
        const started = performance.now()
        const { entries } = await services.handlers['history.timeline']({ draftId: id })
        const ms = performance.now() - started
        timelineVersions = entries.filter((entry) => entry.type === 'version').length
        if (round > 0) timelineMs.push(ms)
      }
    } finally {
      await services.dispose()
    }
    return { timelineMs, timelineVersions, saves, historyBytes, draftsBytes }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export function historyRows(samples: HistoryBenchSamples): Row[] {
  return [
    {
      what: `Version history: open a draft's timeline (${samples.timelineVersions} versions)`,
      target: '≤ 200 ms',
      limit: 200,
      compare: 'max',
      unit: 'ms',
      summary: summarize(samples.timelineMs),
      note: 'history.timeline through the handler: read, check and replay the file, list in words',
    },
    {
      what: `Version history: size after ${samples.saves.toLocaleString('en-US')} saves of a 2 kB draft`,
      target: '≤ 2× the drafts',
      limit: 2,
      compare: 'max',
      unit: '× drafts',
      value: samples.historyBytes / samples.draftsBytes,
      note: `${samples.historyBytes} bytes of history for ${samples.draftsBytes} bytes of drafts; every save its own version (the worst case)`,
    },
  ]
}

/** `npx tsx bench/history.ts`: this section alone, printed. */
if (process.argv[1]?.endsWith('history.ts')) {
  void benchHistory().then((samples) => {
    for (const row of historyRows(samples)) console.log(JSON.stringify(row))
  })
}
