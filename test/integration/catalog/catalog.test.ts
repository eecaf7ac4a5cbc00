// The catalog end to end against the sandbox: every call goes through the validating IPC
// dispatcher, every write through the outbox, every request through the signed client.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  CatalogState,
  ImportReport,
  KeywordResult,
  ProductRow,
  ProductSetView,
} from '../../../src/shared/ipc/contracts/catalogs'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

let sandbox: Sandbox
let app: ConnectedApp
let dir: string
const dialogAnswers: (string | null)[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { productSetProcessingMs: 0 } })
  dir = await mkdtemp(join(tmpdir(), 'catalog-it-'))
  app = await openConnectedApp(sandbox, {
    keychainService: `Ads Studio catalog test ${process.pid}`,
    config: {
      catalogDialogs: {
        chooseFeedFile: async () => dialogAnswers.shift() ?? null,
        chooseCsvExportPath: async () => dialogAnswers.shift() ?? null,
      },
      outbox: { backoffBaseMs: 20, backoffMaxMs: 100 },
    },
  })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

const profileId = () => app.profile.id
const image = (size: string) => `${sandbox.apiUrl}/sample-images/${size}.png`
const idle = () => app.services.outbox.idle()
const job = (jobId: string) => app.call<{ job: OutboxJobView }>('outbox.get', { jobId }).then((r) => r.job)
const products = (query: Record<string, unknown> = {}) =>
  app.call<{ total: number; rows: ProductRow[]; counts: Record<string, number> }>('catalog.products', {
    profileId: profileId(),
    offset: 0,
    limit: 500,
    ...query,
  })

const HEADER =
  'sku,title,description,availability,condition,price,link,image link,brand,product_type,item_group_id'
function csvRow(id: string, overrides: Partial<Record<string, string>> = {}): string {
  const row = {
    sku: id,
    title: `Product ${id}`,
    description: 'A plain description',
    availability: 'in stock',
    condition: 'new',
    price: '20.00 USD',
    link: `https://shop.example.com/p/${id}`,
    image: image('600x600'),
    brand: 'Acme',
    type: 'Apparel > Shoes',
    group: '',
    ...overrides,
  }
  return Object.values(row)
    .map((value) => (/[,"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value))
    .join(',')
}

async function feedFile(name: string, lines: string[]): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, `${lines.join('\n')}\n`)
  return path
}

async function openFeed(path: string) {
  dialogAnswers.push(path)
  return app.call<{
    picked: true
    importId: string
    columns: string[]
    rowCount: number
    mapping: Record<string, string>
  }>('catalog.importOpen', { profileId: profileId() })
}

describe('catalog', () => {
  it('creates the one catalog through the outbox', async () => {
    const state = await app.call<CatalogState>('catalog.save', {
      profileId: profileId(),
      name: 'Spring shop',
    })
    expect(state.catalog).toMatchObject({ name: 'Spring shop', status: 'pending' })
    await idle()
    const after = await app.call<CatalogState>('catalog.state', { profileId: profileId() })
    expect(after.catalog).toMatchObject({ name: 'Spring shop', status: 'created', id: expect.any(String) })
    expect(sandbox.list('product_catalogs')).toEqual([
      expect.objectContaining({ id: after.catalog?.id, name: 'Spring shop' }),
    ])
  })

  it('refuses a product edit that breaks a rule before anything is queued', async () => {
    const before = (await app.call<{ jobs: unknown[] }>('outbox.list', {})).jobs.length
    await expect(
      app.call('catalog.saveProduct', {
        profileId: profileId(),
        isNew: true,
        product: {
          id: 'x',
          title: 't'.repeat(151),
          description: 'd',
          availability: 'in stock',
          condition: 'new',
          price: '1 USD',
          link: 'https://a.example.com',
          image_link: image('600x600'),
          brand: 'b',
        },
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'title' })
    expect((await app.call<{ jobs: unknown[] }>('outbox.list', {})).jobs.length).toBe(before)
  })
})

describe('feed import', () => {
  let importJob: string

  it('maps columns, reports bad rows before sending, sends the rest in batches of 25', async () => {
    const lines = [HEADER]
    for (let i = 0; i < 30; i++) lines.push(csvRow(`sku-${String(i).padStart(2, '0')}`))
    lines.push(csvRow('too-long', { title: 't'.repeat(151) }))
    lines.push('ragged,only,three')
    lines.push(csvRow('small-image', { image: image('400x400') }))
    const opened = await openFeed(await feedFile('feed.csv', lines))
    expect(opened.rowCount).toBe(33)
    expect(opened.mapping).toMatchObject({
      id: 'sku',
      image_link: 'image link',
      title: 'title',
      item_group_id: 'item_group_id',
    })

    const report = await app.call<ImportReport>('catalog.importCheck', {
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(report).toMatchObject({ total: 33, valid: 31, invalid: 2 })
    expect(report.rows.map((row) => row.row)).toEqual([31, 32])
    expect(report.rows[0]?.issues[0]).toMatchObject({ field: 'title', severity: 'error' })
    expect(report.rows[1]?.issues[0]?.message).toMatch(/3 values but the header has 11 columns/)
    expect(sandbox.created().products).toBe(0)

    const sent = await app.call<{ jobId: string; sent: number; skipped: number }>('catalog.importSend', {
      profileId: profileId(),
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(sent).toMatchObject({ sent: 31, skipped: 2 })
    importJob = sent.jobId
    expect((await job(importJob)).steps).toHaveLength(2) // 25 + 6
    await idle()
    const done = await job(importJob)
    expect(done.state).toBe('failed')
    expect(done.error?.message).toMatch(/1 of 2 could not be done/)
    // The send step read the image before the PUT and kept the product back (A:192): it never
    // reached the platform.
    expect(done.steps[1]?.error?.message).toMatch(
      /small-image: Image is 400×400 px; the platform needs at least 500×500 px/,
    )

    const rows = await products({ jobId: importJob })
    expect(rows.counts).toMatchObject({ total: 31, sent: 30, refused: 1 })
    const refused = rows.rows.find((row) => row.id === 'small-image')
    expect(refused).toMatchObject({ status: 'refused', imageLink: image('400x400') })
    expect(refused?.lastResult).toBeUndefined()
    expect(refused?.messages[0]).toMatchObject({ field: 'image_link', severity: 'error' })
    expect(sandbox.created().products).toBe(30)
  })

  it('lets the designer fix the refused row and re-send only it, in the same job', async () => {
    const { product } = await app.call<{ product: Record<string, unknown> }>('catalog.product', {
      profileId: profileId(),
      id: 'small-image',
    })
    const saved = await app.call<{ row: ProductRow; jobId?: string }>('catalog.saveProduct', {
      profileId: profileId(),
      isNew: false,
      product: { ...product, image_link: image('800x800') },
    })
    expect(saved.row.status).toBe('fixed')
    expect(saved.jobId).toBeUndefined()
    const state = await app.call<CatalogState>('catalog.state', { profileId: profileId() })
    expect(state.resendable).toBe(1)
    const resent = await app.call<{ products: number; jobIds: string[] }>('catalog.resend', {
      profileId: profileId(),
    })
    expect(resent).toEqual({ products: 1, jobIds: [importJob] })
    await idle()
    expect((await job(importJob)).state).toBe('done')
    const row = (await products({ q: 'small-image' })).rows[0]
    expect(row).toMatchObject({ status: 'sent', lastResult: 'CREATE_SUCCESS', onPlatform: true })
    // Only the fixed product went out again: the 30 others were not sent twice.
    expect(sandbox.created().products).toBe(31)
  })

  it('an edit queues a keyed PUT; a lost answer is sent again and comes back unchanged', async () => {
    const { product } = await app.call<{ product: Record<string, unknown> }>('catalog.product', {
      profileId: profileId(),
      id: 'sku-03',
    })
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^PUT .*/products$' })
    const saved = await app.call<{ jobId: string }>('catalog.saveProduct', {
      profileId: profileId(),
      isNew: false,
      product: { ...product, title: 'Renamed shoe' },
    })
    // Let the first attempt's answer be lost, then let the platform answer again.
    while (sandbox.faultCounts().drops === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    await idle()
    expect((await job(saved.jobId)).state).toBe('done')
    const row = (await products({ q: 'sku-03' })).rows[0]
    expect(row).toMatchObject({ title: 'Renamed shoe', status: 'sent', lastResult: 'NO_CHANGE' })
    expect(sandbox.list('products').filter((p) => p.id === 'sku-03')).toHaveLength(1)
  })

  it('the state read with the item groups held leaves them out until they change', async () => {
    type StateRead = Omit<CatalogState, 'itemGroups'> & { itemGroups?: string[] }
    const read = (itemGroupsRevision?: number) =>
      app.call<StateRead>('catalog.state', {
        profileId: profileId(),
        ...(itemGroupsRevision === undefined ? {} : { itemGroupsRevision }),
      })
    const first = await read()
    expect(first.itemGroups).toEqual(expect.any(Array))
    expect(first.itemGroups).not.toContain('grp-new')

    // Unchanged: the answer says which revision is current and leaves the list out.
    const again = await read(first.itemGroupsRevision)
    expect(again).not.toHaveProperty('itemGroups')
    expect(again.itemGroupsRevision).toBe(first.itemGroupsRevision)
    expect(again.counts).toEqual(first.counts)

    // A product in a new item group: a new revision, and the list comes with it.
    const { product } = await app.call<{ product: Record<string, unknown> }>('catalog.product', {
      profileId: profileId(),
      id: 'sku-04',
    })
    await app.call('catalog.saveProduct', {
      profileId: profileId(),
      isNew: false,
      product: { ...product, item_group_id: 'grp-new' },
    })
    const changed = await read(first.itemGroupsRevision)
    expect(changed.itemGroupsRevision).not.toBe(first.itemGroupsRevision)
    expect(changed.itemGroups).toContain('grp-new')
    // A revision this process never gave out (the app restarted under the page) gets the list too.
    expect((await read(changed.itemGroupsRevision + 1000)).itemGroups).toContain('grp-new')
    // The edit's PUT goes out before the next test counts what the platform has.
    await idle()
  })

  it('refuses unreadable files as a whole and sends nothing', async () => {
    const before = sandbox.created().products
    const utf16 = join(dir, 'utf16.csv')
    await writeFile(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]))
    await expect(openFeed(utf16)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/UTF-16/),
    })
    const latin1 = join(dir, 'latin1.csv')
    await writeFile(latin1, Buffer.from(`${HEADER}\n${csvRow('café')}\n`, 'latin1'))
    await expect(openFeed(latin1)).rejects.toMatchObject({ message: expect.stringMatching(/not UTF-8/) })
    const many = [HEADER]
    for (let i = 0; i < 100_000; i++) many.push(csvRow(`m${i}`))
    await expect(openFeed(await feedFile('huge.csv', many))).rejects.toMatchObject({
      message: expect.stringMatching(/more than 20,000 products.*Nothing was sent/),
    })
    expect(sandbox.created().products).toBe(before)
  })

  it('reads JSON feeds and flags repeated ids on every copy', async () => {
    const path = join(dir, 'feed.json')
    const item = (id: string) => ({
      id,
      title: `J ${id}`,
      description: 'd',
      availability: 'in stock',
      condition: 'new',
      price: '5 USD',
      link: 'https://shop.example.com/j',
      image_link: image('600x600'),
      mpn: 'M1',
    })
    await writeFile(path, JSON.stringify({ products: [item('j1'), item('j2'), item('j1')] }))
    const opened = await openFeed(path)
    const report = await app.call<ImportReport>('catalog.importCheck', {
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(report).toMatchObject({ total: 3, valid: 1, invalid: 2 })
    expect(report.rows[0]?.issues.at(-1)?.message).toMatch(/ID j1 is on rows 1, 3/)
  })

  // Issue 39, D18: one field over the longest text main takes made the whole report "internal".
  it('reports a row with a field too long to take as refused, naming the row and the field', async () => {
    const opened = await openFeed(
      await feedFile('long-field.csv', [
        HEADER,
        csvRow('long-1'),
        csvRow('long-2', { title: 'T'.repeat(5_000), description: 'D'.repeat(30_000) }),
        csvRow('long-3'),
      ]),
    )
    const report = await app.call<ImportReport>('catalog.importCheck', {
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(report).toMatchObject({ total: 3, valid: 2, invalid: 1 })
    const [refused] = report.rows
    expect(refused).toMatchObject({ row: 2, id: 'long-2' })
    expect(refused?.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'title',
          severity: 'error',
          message: expect.stringMatching(/5,000 characters/),
        }),
        expect.objectContaining({
          field: 'description',
          severity: 'error',
          message: expect.stringMatching(/30,000 characters/),
        }),
      ]),
    )
    // The fix form gets the row without the text it could not carry.
    expect(refused?.product).toMatchObject({ id: 'long-2' })
    expect(refused?.product.title).toBeUndefined()
  })

  // Issue 39, D21: a JSON feed may hold "\ud800" escapes, text with no UTF-8 form.
  it('refuses, row by row, JSON feed text with a lone surrogate', async () => {
    const path = join(dir, 'surrogates.json')
    const item = (id: string, title: string) => ({
      id,
      title,
      description: 'd',
      availability: 'in stock',
      condition: 'new',
      price: '5 USD',
      link: 'https://shop.example.com/s',
      image_link: image('600x600'),
      mpn: 'M1',
    })
    await writeFile(
      path,
      `{"products": [${JSON.stringify(item('s1', 'Fine'))}, ${JSON.stringify(item('s2', 'X')).replace('"X"', '"Half \\ud83d emoji"')}]}`,
    )
    const opened = await openFeed(path)
    const report = await app.call<ImportReport>('catalog.importCheck', {
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(report).toMatchObject({ total: 2, valid: 1, invalid: 1 })
    expect(report.rows[0]).toMatchObject({ row: 2, id: 's2' })
    expect(report.rows[0]?.issues).toEqual([
      expect.objectContaining({
        field: 'title',
        severity: 'error',
        message: expect.stringMatching(/broken character/),
      }),
    ])
  })

  it('sends what its own mapping allows, whatever mapping the last check had', async () => {
    const longType = 'Apparel > Shoes > '.repeat(9) // 162 characters: a fine product type, too long for a title (150)
    const opened = await openFeed(
      await feedFile('remap.csv', [HEADER, csvRow('remap-1'), csvRow('remap-2', { type: longType })]),
    )
    const checked = await app.call<ImportReport>('catalog.importCheck', {
      importId: opened.importId,
      mapping: opened.mapping,
    })
    expect(checked).toMatchObject({ total: 2, valid: 2, invalid: 0 })

    const { product_type: _unmapped, ...rest } = opened.mapping as Record<string, string>
    const titleFromType = { ...rest, title: 'product_type' }
    const sent = await app.call<{ jobId: string; sent: number; skipped: number }>('catalog.importSend', {
      profileId: profileId(),
      importId: opened.importId,
      mapping: titleFromType,
    })
    expect(sent).toMatchObject({ sent: 1, skipped: 1 })
    await idle()
    const rows = await products({ jobId: sent.jobId })
    expect(rows.rows.map((row) => row.id)).toEqual(['remap-1'])
  })
})

describe('product sets', () => {
  it('a filter builder preview shows the products the platform then puts in the set', async () => {
    await app.call('catalog.saveProduct', {
      profileId: profileId(),
      isNew: true,
      product: {
        id: 'cheap-hat',
        title: 'Cheap hat',
        description: 'd',
        availability: 'in stock',
        condition: 'new',
        price: '9.50 USD',
        link: 'https://shop.example.com/hat',
        image_link: image('600x600'),
        brand: 'Acme',
        product_type: 'Apparel > Hats',
      },
    })
    await idle()
    const filters = [
      { attribute: 'price', operator: 'LESS_THAN', value: '15' },
      { attribute: 'product_type', operator: 'CONTAINS', value: 'hats' },
    ]
    const preview = await app.call<{ total: number; sample: ProductRow[]; issues: unknown[] }>(
      'catalog.previewSet',
      {
        profileId: profileId(),
        filters,
      },
    )
    expect(preview.issues).toEqual([])
    expect(preview.sample.map((row) => row.id)).toEqual(['cheap-hat'])
    const { set } = await app.call<{ set: ProductSetView }>('catalog.createSet', {
      profileId: profileId(),
      name: 'Cheap hats',
      type: 'FILTERED',
      filters,
    })
    expect(set.status).toBe('pending')
    await idle()
    const state = await app.call<CatalogState>('catalog.state', { profileId: profileId() })
    const created = state.sets.find((candidate) => candidate.localId === set.localId)
    expect(created).toMatchObject({ status: 'created', processingStatus: 'DONE', productIds: ['cheap-hat'] })

    // The wider filter: the app's reading and the sandbox's must agree on every member.
    const wide = [{ attribute: 'price', operator: 'GREATER_THAN', value: '10 USD' }]
    const local = await app.call<{ total: number }>('catalog.previewSet', {
      profileId: profileId(),
      filters: wide,
    })
    const made = await app.call<{ set: ProductSetView }>('catalog.createSet', {
      profileId: profileId(),
      name: 'Over 10',
      type: 'FILTERED',
      filters: wide,
    })
    await idle()
    const refreshed = await app.call<ProductSetView>('catalog.refreshSet', {
      profileId: profileId(),
      localId: made.set.localId,
    })
    expect(refreshed.productIds).toHaveLength(local.total)
  })

  it('takes every operator with every attribute (price CONTAINS, A:118), agreeing with the platform', async () => {
    const filters = [{ attribute: 'price', operator: 'CONTAINS', value: 'usd' }]
    const preview = await app.call<{ total: number; issues: unknown[] }>('catalog.previewSet', {
      profileId: profileId(),
      filters,
    })
    expect(preview.issues).toEqual([])
    expect(preview.total).toBeGreaterThan(0)
    const made = await app.call<{ set: ProductSetView }>('catalog.createSet', {
      profileId: profileId(),
      name: 'Dollar prices',
      type: 'FILTERED',
      filters,
    })
    await idle()
    const refreshed = await app.call<ProductSetView>('catalog.refreshSet', {
      profileId: profileId(),
      localId: made.set.localId,
    })
    expect(refreshed.productIds).toHaveLength(preview.total)
  })

  it('creates a MANUAL set from picked products', async () => {
    const { set } = await app.call<{ set: ProductSetView }>('catalog.createSet', {
      profileId: profileId(),
      name: 'Picked',
      type: 'MANUAL',
      productIds: ['sku-01', 'sku-02'],
    })
    await idle()
    const state = await app.call<CatalogState>('catalog.state', { profileId: profileId() })
    expect(state.sets.find((candidate) => candidate.localId === set.localId)).toMatchObject({
      status: 'created',
      productIds: ['sku-01', 'sku-02'],
    })
  })

  it('a set whose creation answer was lost is not sent twice: the job stops and says why', async () => {
    const before = sandbox.created().product_sets
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^POST .*/product_sets$' })
    try {
      const { set, jobId } = await app.call<{ set: ProductSetView; jobId: string }>('catalog.createSet', {
        profileId: profileId(),
        name: 'Lost',
        type: 'MANUAL',
        productIds: ['sku-04'],
      })
      await idle()
      const failed = await job(jobId)
      expect(failed.state).toBe('failed')
      expect(failed.error?.message).toMatch(/answer .* was lost.*Check on the platform/)
      const state = await app.call<CatalogState>('catalog.state', { profileId: profileId() })
      expect(state.sets.find((candidate) => candidate.localId === set.localId)?.status).toBe('failed')
    } finally {
      sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    }
    expect(sandbox.created().product_sets).toBe(before + 1)
  })
})

describe('deleting products', () => {
  it('deletes on the platform through the outbox, and unsent products locally', async () => {
    // Hold the platform back so the new product is still unsent when it is deleted.
    sandbox.setFaults({ force429: true, pathPattern: '^(PUT|DELETE) .*/products$' })
    try {
      const saved = await app.call<{ row: ProductRow }>('catalog.saveProduct', {
        profileId: profileId(),
        isNew: true,
        product: {
          id: 'local-only',
          title: 'L',
          description: 'd',
          availability: 'preorder',
          condition: 'new',
          price: '1 USD',
          link: 'https://a.example.com',
          image_link: image('600x600'),
          brand: 'b',
        },
      })
      expect(saved.row).toMatchObject({ status: 'pending', onPlatform: false })
      const result = await app.call<{ removedLocally: number; queued: number; jobId: string }>(
        'catalog.deleteProducts',
        {
          profileId: profileId(),
          ids: ['sku-05', 'sku-06', 'local-only'],
        },
      )
      expect(result).toMatchObject({ removedLocally: 1, queued: 2 })
      expect((await products({ status: 'deleting' })).total).toBe(2)
    } finally {
      sandbox.setFaults({ force429: false, pathPattern: undefined })
    }
    await idle()
    const ids = sandbox.list('products').map((p) => p.id)
    expect(ids).not.toContain('sku-05')
    expect(ids).not.toContain('sku-06')
    expect(ids).not.toContain('local-only')
    expect((await products({ q: 'sku-05' })).total).toBe(0)
  })
})

describe('keyword insights', () => {
  const DAY = 86_400_000
  const window = () => {
    const end = Math.floor(Date.now() / DAY) * DAY
    return { start: new Date(end - 7 * DAY).toISOString(), end: new Date(end).toISOString() }
  }

  it('charts one series per keyword plus the whole query, with related keywords, remembered and exported', async () => {
    const { locations } = await app.call<{ locations: { name: string; targetingValue: string }[] }>(
      'targeting.locations',
      { profileId: profileId(), query: 'united k', locationType: 'COUNTRIES' },
    )
    expect(locations.map((place) => place.name)).toEqual(['United Kingdom'])
    const result = await app.call<KeywordResult>('keywords.search', {
      profileId: profileId(),
      query: {
        keywords: ['coffee', 'espresso'],
        negativeKeywords: ['decaf'],
        granularity: 'DAY',
        location: { targetingValue: locations[0]!.targetingValue, name: 'United Kingdom' },
        ...window(),
      },
    })
    expect(result.times).toHaveLength(7)
    expect(result.series.map((series) => series.label)).toEqual(['coffee', 'espresso', 'All keywords'])
    expect(result.series.every((series) => series.values.length === 7)).toBe(true)
    expect(result.relatedKeywords).toHaveLength(30)
    const recent = await app.call<{ queries: { keywords: string[] }[] }>('keywords.recent', {
      profileId: profileId(),
    })
    expect(recent.queries[0]?.keywords).toEqual(['coffee', 'espresso'])

    const target = join(dir, 'volume.csv')
    dialogAnswers.push(target)
    const exported = await app.call<{ saved: boolean; fileName: string }>('keywords.exportCsv', {
      resultId: result.resultId,
    })
    expect(exported).toEqual({ saved: true, fileName: 'volume.csv' })
    const csv = (await readFile(target, 'utf8')).trim().split(/\r?\n/)
    expect(csv[0]).toBe('time,coffee,espresso,All keywords')
    expect(csv).toHaveLength(8)
    expect(csv[1]?.split(',')[1]).toBe(String(result.series[0]?.values[0]))
  })

  it('refuses more than 10 keywords and more than 7 days before asking the platform', async () => {
    const { start, end } = window()
    await expect(
      app.call('keywords.search', {
        profileId: profileId(),
        query: {
          keywords: ['a', 'b', 'c', 'd', 'e', 'f'],
          negativeKeywords: ['g', 'h', 'i', 'j', 'k'],
          granularity: 'DAY',
          start,
          end,
        },
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'keywords' })
    await expect(
      app.call('keywords.search', {
        profileId: profileId(),
        query: {
          keywords: ['a'],
          negativeKeywords: [],
          granularity: 'HOUR',
          start: new Date(Date.parse(start) - DAY).toISOString(),
          end,
        },
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'end' })
  })
})
