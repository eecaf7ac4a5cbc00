/**
 * Find and replace across 50,000 drafts (issue 43: preview ≤ 1 s, apply ≤ 2 s, one undo step),
 * through the real services' handlers, in main over the store: the preview reads and plans every
 * draft (each change checked with the editors' rules), apply saves the changed ones and flushes.
 * Each round replaces back and forth ("new arrivals" ↔ "fresh arrivals" in post texts), so every
 * round changes the same third of the drafts.
 *
 *   npx tsx bench/bulkReplace.ts [count = 50000] [rounds = 3]   (this section alone)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServices } from '../src/main/services'
import { createMemoryStore } from '../src/main/settings/confStore'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import { seedDrafts } from '../test/support/seedDrafts'
import type { Row } from './report'
import { summarize } from './stats'

export interface ReplaceBenchSamples {
  count: number
  previewMs: number[]
  applyMs: number[]
  changed: number
  refused: number
}

export async function benchBulkReplace(rounds = 3, count = 50_000): Promise<ReplaceBenchSamples> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-bulk-replace-'))
  const dataDir = join(dir, 'data')
  await seedDrafts({ dataDir, count })
  const services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'bench' },
  })
  const { handlers } = services
  const samples: ReplaceBenchSamples = { count, previewMs: [], applyMs: [], changed: 0, refused: 0 }
  const timed = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
    const started = performance.now()
    const result = await work()
    return [result, performance.now() - started]
  }
  try {
    await services.drafts.ready
    for (let round = 0; round <= rounds; round++) {
      const [from, to] =
        round % 2 === 0 ? ['new arrivals', 'fresh arrivals'] : ['fresh arrivals', 'new arrivals']
      const [preview, previewMs] = await timed(() =>
        handlers['bulkEdit.preview']({
          scope: { all: true },
          operation: {
            type: 'replace',
            groups: ['text'],
            find: from,
            replace: to,
            mode: 'word',
            caseSensitive: false,
          },
        }),
      )
      const [, applyMs] = await timed(() => handlers['bulkEdit.apply']({ token: preview.token }))
      // Round 0 warms the code and the file cache.
      if (round > 0) {
        samples.previewMs.push(previewMs)
        samples.applyMs.push(applyMs)
      }
      samples.changed = preview.counts.changed
      samples.refused = preview.counts.refused
    }
  } finally {
    await services.dispose()
    await rm(dir, { recursive: true, force: true })
  }
  return samples
}

export function bulkReplaceRows(samples: ReplaceBenchSamples): Row[] {
  const row = (what: string, target: string, limit: number, values: number[], note: string): Row => ({
    what,
    target,
    limit,
    compare: 'max',
    unit: 'ms',
    summary: summarize(values),
    note,
  })
  const drafts = samples.count.toLocaleString('en')
  return [
    row(
      `Find and replace: preview over ${drafts} drafts`,
      '≤ 1,000 ms',
      1_000,
      samples.previewMs,
      `read and plan every draft; ${samples.changed} change, ${samples.refused} skipped`,
    ),
    row(
      `Find and replace: apply to ${drafts} drafts`,
      '≤ 2,000 ms',
      2_000,
      samples.applyMs,
      `save ${samples.changed} drafts and flush, as one step`,
    ),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 50_000)
  const rounds = Number(process.argv[3] ?? 3)
  console.log(
    `load average before: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  )
  const samples = await benchBulkReplace(rounds, count)
  console.log(
    `load average after: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  )
  for (const row of bulkReplaceRows(samples))
    console.log(
      `${row.what}: p50 ${row.summary!.p50.toFixed(0)} ms, p95 ${row.summary!.p95.toFixed(0)} ms (${row.target}); ${row.note}`,
    )
}
