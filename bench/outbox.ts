/**
 * Outbox figure for issue 6: client overhead per step, excluding the network (target ≤ 5 ms).
 * Jobs of three shapes (a card with a local image: upload, library, card; a poll card; a post
 * with a local image) run one at a time against an in-memory API that answers at once; the
 * time spent inside the HTTP client is subtracted, so what remains is planning, payloads,
 * bookkeeping and the job file written (fsync'd) before each request and when the job ends.
 * Run with `npx tsx bench/outbox.ts`, or call `benchOutbox()`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { inspectMediaFile } from '../src/main/media/inspect'
import type { PublishAccess } from '../src/main/publish/access'
import { createOutbox, type OutboxDrafts } from '../src/main/publish/outbox'
import type { Draft, DraftKind } from '../src/shared/drafts/envelope'
import { emptyPostContent } from '../src/shared/creatives/post'
import { placeholderPng } from '../test/sandbox/media'
import { createFakeAds } from '../test/unit/publish/fakeAds'

const JOBS = 150
const WARMUP_JOBS = 15

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

export async function benchOutbox(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-outbox-'))
  try {
    const fake = createFakeAds()
    const drafts = new Map<string, Draft>()
    const store: OutboxDrafts = {
      ready: Promise.resolve(),
      get: (id) => structuredClone(drafts.get(id)),
      flush: async () => undefined,
      async setStatus(id, status, published) {
        const draft = drafts.get(id)!
        drafts.set(id, { ...draft, status, published: { ...draft.published, ...published } })
      },
    }
    const access: PublishAccess = {
      status: () => 'connected',
      context: async () => ({
        http: fake,
        hosts: { apiUrl: 'http://bench', adsUrl: 'http://bench/ads', adsSandboxUrl: 'http://bench/ads' },
        credentials: { consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' },
      }),
      markExpired: () => undefined,
      active: () => ({ profileId: 'p', accountId: 'acc', userId: '42', label: 'Bench' }),
    }
    const outbox = createOutbox({ dataDir: dir, drafts: store, access })
    await outbox.ready

    let seq = 0
    const add = (kind: DraftKind, content: unknown): string => {
      seq += 1
      const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`
      const stamp = new Date().toISOString()
      drafts.set(id, {
        id,
        kind,
        name: `bench ${seq}`,
        createdAt: stamp,
        updatedAt: stamp,
        schemaVersion: 2,
        status: 'draft',
        content,
      })
      return id
    }
    const image = async (i: number) => {
      const path = join(dir, `image-${i}.png`)
      await writeFile(path, placeholderPng(1200, 628, `bench ${i}`))
      return (await inspectMediaFile(path)).ref
    }
    const makeJob = async (i: number): Promise<string> => {
      if (i % 3 === 0) {
        return add('card', {
          name: `Card ${i}`,
          mode: 'single',
          components: [
            { id: 'm', type: 'MEDIA', media: await image(i) },
            {
              id: 'd',
              type: 'DETAILS',
              title: 'Shop',
              destination: { type: 'WEBSITE', url: 'https://example.com' },
            },
          ],
          slides: [],
        })
      }
      if (i % 3 === 1)
        return add('poll_card', {
          name: `Poll ${i}`,
          choices: ['A', 'B'],
          durationInMinutes: 60,
          media: null,
        })
      return add('post', {
        ...emptyPostContent('42'),
        name: `Post ${i}`,
        text: `Hello ${i}`,
        media: [{ id: 'm', media: await image(i) }],
      })
    }

    const perStep: number[] = []
    for (let i = 0; i < WARMUP_JOBS + JOBS; i++) {
      const draftId = await makeJob(i)
      // Queueing (validation, planning, the first write) is not a step; the clock starts after it.
      const job = await outbox.enqueue(draftId)
      const insideBefore = fake.timeInside
      const started = performance.now()
      await outbox.idle()
      const elapsed = performance.now() - started - (fake.timeInside - insideBefore)
      if (i >= WARMUP_JOBS) perStep.push(elapsed / job.steps.length)
    }
    await outbox.dispose()
    const sorted = [...perStep].sort((a, b) => a - b)
    return {
      'step overhead median (ms, target ≤ 5)': percentile(sorted, 50),
      'step overhead p95 (ms, target ≤ 5)': percentile(sorted, 95),
      'jobs measured': perStep.length,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [name, value] of Object.entries(await benchOutbox()))
    console.log(`${name.padEnd(40)} ${value.toFixed(2)}`)
}
