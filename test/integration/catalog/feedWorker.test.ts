// Feed imports read and check their file in the feed worker (src/main/catalog/feedWorker.ts):
// a file it cannot read is refused with its sentence, a big report is answered a page at a
// time, and a second file chosen stops the first one's check.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatalogService } from '../../../src/main/catalog/catalogService'
import { createCatalogStores } from '../../../src/main/catalog/catalogStores'
import { createFeedWorker, type FeedWorker } from '../../../src/main/catalog/feedWorkerClient'
import { IMPORT_REPORT_PAGE_ROWS } from '../../../src/shared/catalog/feed'

let dir: string
let worker: FeedWorker
const chosen: string[] = []
const progress: { importId: string; checked: number; total: number }[] = []
let catalog: ReturnType<typeof createCatalogService>

const HEADER = 'id,title,description,availability,condition,price,link,image_link,brand'
/** A CSV of `count` products; every `brokenEvery`th has a price with no currency. */
function feed(count: number, brokenEvery = 0): string {
  const lines = [HEADER]
  for (let i = 1; i <= count; i++) {
    const price = brokenEvery > 0 && i % brokenEvery === 0 ? '24.00' : '24.00 USD'
    lines.push(
      `sku-${i},Tee ${i},A soft tee,in stock,new,${price},https://shop.example/p/${i},https://cdn.shop.example/${i}.jpg,Acme`,
    )
  }
  return `${lines.join('\n')}\n`
}

async function choose(name: string, text: string | Buffer) {
  const path = join(dir, name)
  await writeFile(path, text)
  chosen.push(path)
  const opened = await catalog.importOpen('profile-1')
  if (!opened.picked) throw new Error('nothing picked')
  return opened
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'feed-worker-'))
  worker = createFeedWorker()
  catalog = createCatalogService({
    stores: createCatalogStores(join(dir, 'data')),
    outbox: {
      enqueueOperations: () => Promise.reject(new Error('not sending here')),
      job: () => Promise.reject(new Error('none')),
      retry: () => Promise.reject(new Error('none')),
    },
    activeAccountOf: () => 'account',
    withAdsContext: () => Promise.reject(new Error('offline')),
    dialogs: { chooseFeedFile: async () => chosen.shift() ?? null, chooseCsvExportPath: async () => null },
    onImportProgress: (step) => progress.push(step),
    feedWorker: worker,
  })
})
afterAll(async () => {
  await worker.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('the feed worker', () => {
  it('refuses a file it cannot read with what to do, and reports a malformed row on its row', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')])
    await expect(choose('utf16.csv', utf16)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/UTF-16/),
    })
    await expect(choose('empty.json', '{"items": 3}')).rejects.toMatchObject({
      message: expect.stringMatching(/list of products/),
    })

    const opened = await choose('ragged.csv', `${feed(2)}sku-3,"Tee 3,A tee\n`)
    const report = await catalog.importCheck(opened.importId, opened.mapping)
    expect(report).toMatchObject({ total: 3, valid: 2, invalid: 1, pages: 1 })
    expect(report.rows[0]).toMatchObject({ row: 3 })
    expect(report.rows[0]?.issues[0]?.message).toMatch(/cannot be read|values but the header/)
  })

  it('answers a big report a page at a time, and tells how far the check got', async () => {
    progress.length = 0
    // 20,000 rows, one in 30 refused: 666 rows with problems, of which the report names 500.
    const opened = await choose('big.csv', feed(20_000, 30))
    const report = await catalog.importCheck(opened.importId, opened.mapping)
    expect(report).toMatchObject({ total: 20_000, valid: 20_000 - 666, invalid: 666, truncated: true })
    expect(report.pages).toBe(500 / IMPORT_REPORT_PAGE_ROWS)
    expect(report.rows).toHaveLength(IMPORT_REPORT_PAGE_ROWS)
    expect(report.rows.map((row) => row.row).slice(0, 3)).toEqual([30, 60, 90])

    const second = catalog.importReportPage(opened.importId, report.checkId, 1)
    expect(second.rows).toHaveLength(IMPORT_REPORT_PAGE_ROWS)
    expect(second.rows[0]?.row).toBe(30 * (IMPORT_REPORT_PAGE_ROWS + 1))
    const last = catalog.importReportPage(opened.importId, report.checkId, report.pages - 1)
    expect(last.rows.at(-1)?.row).toBe(30 * 500)
    expect(catalog.importReportPage(opened.importId, report.checkId, report.pages).rows).toEqual([])

    const mine = progress.filter((step) => step.importId === opened.importId)
    expect(mine.length).toBeGreaterThan(1)
    expect(mine.every((step) => step.total === 20_000)).toBe(true)
    const counts = mine.map((step) => step.checked)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))

    // A newer check (another mapping) replaces the report whose pages were being read.
    const again = await catalog.importCheck(opened.importId, { ...opened.mapping, brand: undefined })
    expect(again.checkId).not.toBe(report.checkId)
    expect(() => catalog.importReportPage(opened.importId, report.checkId, 1)).toThrow(/replaced/)
  })

  it('stops the first file’s check when a second file is chosen', async () => {
    const first = await choose('first.csv', feed(20_000, 7))
    const firstReport = expect(catalog.importCheck(first.importId, first.mapping)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/stopped: another file/),
    })
    const second = await choose('second.csv', feed(40))
    await firstReport
    await expect(catalog.importCheck(first.importId, first.mapping)).rejects.toMatchObject({
      message: expect.stringMatching(/no longer open/),
    })
    expect(await catalog.importCheck(second.importId, second.mapping)).toMatchObject({
      total: 40,
      valid: 40,
      pages: 0,
    })
  })

  it('keeps the open file when the next one cannot be read', async () => {
    const kept = await choose('kept.csv', feed(60, 20))
    await expect(choose('broken.json', '[{"id": ')).rejects.toMatchObject({
      message: expect.stringMatching(/cannot be read/),
    })
    expect(await catalog.importCheck(kept.importId, kept.mapping)).toMatchObject({
      total: 60,
      invalid: 3,
      pages: 1,
    })
  })
})
