/**
 * A review bundle of 50 drafts (issue 44: export ≤ 5 s): the review service as main runs it,
 * reading each draft, its fingerprint, its previews and its picture through the designer's
 * grants (the real reader: hashed off main's thread), then writing the one HTML file. Each
 * draft is a post with its own 400 KB image (random pixels), so the bundle inlines 20 MB of pictures, near the
 * cap (shared/review/format.ts): the slow case.
 * `npx tsx bench/reviewBundle.ts` prints the figure alone.
 */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createReviewService } from '../src/main/review/reviewService'
import { createVerdictStore } from '../src/main/review/verdictStore'
import type { Draft } from '../src/shared/drafts/envelope'
import { post } from '../test/integration/publish/fixtures'
import { createTestGrants } from '../test/support/grantedMedia'
import { localMedium } from '../test/support/mediaFixtures'
import type { Row } from './report'
import { summarize } from './stats'

const DRAFTS = 50
const WIDTH = 400
const HEIGHT = 340

/** A PNG of random pixels: it does not compress, so it weighs what a photo does (about 400 KB). */
function noisePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(WIDTH, 0)
  header.writeUInt32BE(HEIGHT, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(
    Array.from({ length: HEIGHT }, () => Buffer.concat([Buffer.from([0]), randomBytes(WIDTH * 3)])),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export async function benchReviewBundle(rounds = 5): Promise<{ exportMs: number[]; fileBytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-review-'))
  const grants = createTestGrants('bench-review')
  const bundlePath = join(dir, 'review.adsreview.html')
  try {
    const drafts = new Map<string, Draft>()
    for (let index = 0; index < DRAFTS; index++) {
      const image = await localMedium(grants.chosenIn(dir), `picture-${index}.png`, noisePng())
      const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`
      drafts.set(id, {
        id,
        kind: 'post',
        name: `Spring post ${index + 1}`,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        schemaVersion: 2,
        status: 'draft',
        content: post('42', `Spring ${index + 1}`, `Spring is here: ${index + 1} reasons to come by.`, {
          media: [image],
        }),
      })
    }
    const review = createReviewService({
      drafts: { find: async (id) => structuredClone(drafts.get(id)), flush: async () => undefined },
      dialogs: { chooseBundlePath: async () => bundlePath, chooseReviewFile: async () => null },
      store: createVerdictStore({ file: join(dir, 'verdicts.json') }),
      activeAccountId: () => 'bench-account',
      readLocalMedia: (file) => grants.localFiles.reader.read(file),
    })
    const exportMs: number[] = []
    for (let round = 0; round <= rounds; round++) {
      const started = performance.now()
      const result = await review.exportBundle({ ids: [...drafts.keys()], accountName: 'Bench account' })
      const ms = performance.now() - started
      if (result.exported !== DRAFTS || result.mediaLeftOut !== 0)
        throw new Error(`bench: exported ${result.exported}, ${result.mediaLeftOut} media left out`)
      if (round > 0) exportMs.push(ms)
    }
    return { exportMs, fileBytes: (await stat(bundlePath)).size }
  } finally {
    await grants.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export function reviewBundleRows(bench: { exportMs: number[]; fileBytes: number }): Row[] {
  return [
    {
      what: `Review bundle: export ${DRAFTS} drafts`,
      target: '≤ 5,000 ms',
      limit: 5_000,
      compare: 'max',
      unit: 'ms',
      summary: summarize(bench.exportMs),
      note: `each with a ${WIDTH}×${HEIGHT} noise PNG (about 400 KB), read through its grant and inlined; the file is ${Math.round(bench.fileBytes / 1024 / 1024)} MB`,
    },
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bench = await benchReviewBundle()
  for (const row of reviewBundleRows(bench))
    console.log(row.what, row.target, JSON.stringify(row.summary), row.note)
}
