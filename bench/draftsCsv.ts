/**
 * Drafts as CSV at 10,000 drafts (issue 43: export ≤ 1 s, re-import ≤ 2 s with a row report),
 * through the real services' handlers: export (flush, read every draft, write the file), then
 * import (read, parse, plan every row against its draft: the report) and apply. Unedited, the
 * import changes nothing; an edited file changes one text field of every row, so every row is
 * checked with the editors' rules and saved.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { createServices } from '../src/main/services'
import { createMemoryStore } from '../src/main/settings/confStore'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import { seedDrafts } from '../test/support/seedDrafts'
import type { Row } from './report'
import { summarize } from './stats'

export interface CsvBenchSamples {
  exportMs: number[]
  reimportMs: number[]
  editedImportMs: number[]
  editedRows: number
  /** Rows the edited file has refused (a card_title on a multi-destination carousel). */
  editedRefused: number
}

export async function benchDraftsCsv(rounds = 5, count = 10_000): Promise<CsvBenchSamples> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-drafts-csv-'))
  const dataDir = join(dir, 'data')
  const csvPath = join(dir, 'drafts.csv')
  const { ids } = await seedDrafts({ dataDir, count })
  const services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    draftsCsvDialogs: { chooseCsvExportPath: async () => csvPath, chooseCsvFile: async () => csvPath },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'bench' },
  })
  const { handlers } = services
  const samples: CsvBenchSamples = {
    exportMs: [],
    reimportMs: [],
    editedImportMs: [],
    editedRows: 0,
    editedRefused: 0,
  }
  const timed = async (work: () => unknown) => {
    const started = performance.now()
    await work()
    return performance.now() - started
  }
  const importAndApply = async () => {
    const report = await handlers['draftsCsv.preview']({})
    if (!report.chosen) throw new Error('bench: no file chosen')
    await handlers['draftsCsv.apply']({ token: report.token })
    return report.counts
  }
  try {
    await services.drafts.ready
    for (let round = 0; round <= rounds; round++) {
      const exportMs = await timed(() => handlers['draftsCsv.export']({ ids }))
      const reimportMs = await timed(importAndApply)
      if (round > 0) samples.exportMs.push(exportMs)
      if (round > 0) samples.reimportMs.push(reimportMs)
    }
    // Every row edited: the post text, a poll's first choice, a card's title, the rest's name.
    for (let round = 0; round <= rounds; round++) {
      await handlers['draftsCsv.export']({ ids })
      const text = (await readFile(csvPath, 'utf8')).replace(/^\uFEFF/, '')
      const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data
      const at = (name: string) => header!.indexOf(name)
      const column = { post: 'post_text', poll_card: 'poll_choice_1', card: 'card_title' } as Record<
        string,
        string
      >
      const edited = rows.map((row) => {
        const name = column[row[at('kind')]!] ?? 'name'
        return row.with(at(name), `${row[at(name)] ?? ''} ${round}`.trim())
      })
      await writeFile(csvPath, Papa.unparse([header!, ...edited]))
      let counts = { changed: 0, refused: 0 }
      const ms = await timed(async () => (counts = await importAndApply()))
      if (round > 0) samples.editedImportMs.push(ms)
      samples.editedRows = counts.changed
      samples.editedRefused = counts.refused
    }
  } finally {
    await services.dispose()
    await rm(dir, { recursive: true, force: true })
  }
  return samples
}

/** The bench's rows: issue 43's two targets, and the all-rows edit as a reference. */
export function draftsCsvRows(csv: CsvBenchSamples): Row[] {
  const row = (what: string, target: string, limit: number, samples: number[], note: string): Row => ({
    what,
    target,
    limit,
    compare: 'max',
    unit: 'ms',
    summary: summarize(samples),
    note,
  })
  return [
    row(
      'Drafts CSV: export 10,000 drafts',
      '≤ 1,000 ms',
      1_000,
      csv.exportMs,
      'flush, read each draft, write the file',
    ),
    row(
      'Drafts CSV: re-import 10,000 drafts with a row report',
      '≤ 2,000 ms',
      2_000,
      csv.reimportMs,
      'read, parse, plan each row (report), apply: the unedited export, nothing changes',
    ),
    row(
      'Drafts CSV: import 10,000 edited rows and apply',
      '(reference)',
      Infinity,
      csv.editedImportMs,
      `${csv.editedRows} rows changed, each checked with the editors' rules and saved; ${csv.editedRefused} refused (a card_title on a multi-destination carousel)`,
    ),
  ]
}
