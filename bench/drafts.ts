/**
 * Draft store figures for issue 5: p95 time to save one draft with 1,000 and 10,000
 * drafts stored (target ≤ 10 ms, and no worse with more drafts) and cold load of 10,000
 * drafts (target ≤ 1 s). Run with `npx tsx bench/drafts.ts`, or call `benchDrafts()`.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDraftStore } from '../src/main/drafts/store'
import { CURRENT_DRAFT_SCHEMA_VERSION } from '../src/shared/drafts/envelope'
import type { Draft } from '../src/shared/drafts/envelope'

const SAVES_PER_SIZE = 300
const WARMUP_SAVES = 50
const COLD_LOADS = 3

/** A three-slide multi-destination carousel: a typical, not a minimal, draft (~1.5 kB). */
function carouselContent(seed: number): unknown {
  return {
    mode: 'multi_destination',
    slides: [1, 2, 3].map((slide) => ({
      components: [
        { type: 'MEDIA', media: { source: 'library', mediaKey: `3_${seed}${slide}` } },
        {
          type: 'DETAILS',
          title: `Slide ${slide} headline for campaign ${seed}`,
          destination: {
            type: 'WEBSITE',
            url: `https://shop.example.com/collections/${seed}/${slide}?utm_source=ads`,
          },
        },
      ],
    })),
  }
}

function makeDraft(index: number, timestamp: string): Draft {
  return {
    id: randomUUID(),
    kind: 'card',
    name: `Spring collection carousel ${index}`,
    createdAt: timestamp,
    updatedAt: timestamp,
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content: carouselContent(index),
  }
}

/** Seeds files directly (no fsync per file): the bench measures the store, not the seeding. */
async function seed(dir: string, count: number): Promise<void> {
  const draftsDir = join(dir, 'drafts')
  await mkdir(draftsDir, { recursive: true })
  const timestamp = new Date().toISOString()
  const batch = 256
  for (let start = 0; start < count; start += batch) {
    const writes: Promise<void>[] = []
    for (let index = start; index < Math.min(count, start + batch); index++) {
      const draft = makeDraft(index, timestamp)
      writes.push(writeFile(join(draftsDir, `${draft.id}.json`), `${JSON.stringify(draft, null, 2)}\n`))
    }
    await Promise.all(writes)
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, rank)] as number
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}

async function measureSaves(dir: string): Promise<{ median: number; p95: number }> {
  const store = createDraftStore({ dir })
  await store.load()
  const ids = store.list().map((summary) => summary.id)
  const timings: number[] = []
  for (let n = 0; n < WARMUP_SAVES + SAVES_PER_SIZE; n++) {
    const id = ids[Math.floor(Math.random() * ids.length)] as string
    const current = store.get(id) as Draft
    const edited: Draft = { ...current, name: `${current.name.replace(/ \(edit \d+\)$/, '')} (edit ${n})` }
    const started = performance.now()
    await store.save(edited)
    const elapsed = performance.now() - started
    if (n >= WARMUP_SAVES) timings.push(elapsed)
  }
  await store.close()
  timings.sort((a, b) => a - b)
  return { median: percentile(timings, 0.5), p95: percentile(timings, 0.95) }
}

async function measureColdLoads(dir: string, expected: number): Promise<number[]> {
  const timings: number[] = []
  for (let run = 0; run < COLD_LOADS; run++) {
    // A new store each time: nothing cached in the process, as at app start.
    const store = createDraftStore({ dir })
    const started = performance.now()
    const report = await store.load()
    timings.push(performance.now() - started)
    if (report.loaded !== expected) throw new Error(`loaded ${report.loaded} drafts, expected ${expected}`)
    await store.close()
  }
  return timings
}

export async function benchDrafts(): Promise<Record<string, number>> {
  const root = await mkdtemp(join(tmpdir(), 'ads-bench-drafts-'))
  try {
    const results: Record<string, number> = {}
    for (const size of [1_000, 10_000]) {
      const dir = join(root, `n${size}`)
      await seed(dir, size)
      if (size === 10_000) {
        const loads = await measureColdLoads(dir, size)
        const sortedLoads = [...loads].sort((a, b) => a - b)
        results['drafts.coldLoad10k.firstMs'] = round(loads[0] as number)
        results['drafts.coldLoad10k.medianMs'] = round(percentile(sortedLoads, 0.5))
      }
      const saves = await measureSaves(dir)
      results[`drafts.save.${size}.medianMs`] = round(saves.median)
      results[`drafts.save.${size}.p95Ms`] = round(saves.p95)
    }
    return results
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

function printResults(results: Record<string, number>): void {
  console.log('Draft store (save: one durable write via temp file + fsync + rename + dir fsync)')
  for (const size of [1_000, 10_000]) {
    console.log(
      `  save with ${size.toLocaleString('en-US')} drafts stored: median ${results[`drafts.save.${size}.medianMs`]} ms, p95 ${results[`drafts.save.${size}.p95Ms`]} ms (target p95 ≤ 10 ms)`,
    )
  }
  console.log(
    `  cold load of 10,000 drafts: first ${results['drafts.coldLoad10k.firstMs']} ms, median of ${COLD_LOADS} ${results['drafts.coldLoad10k.medianMs']} ms (target ≤ 1000 ms)`,
  )
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (invokedDirectly) {
  printResults(await benchDrafts())
}
