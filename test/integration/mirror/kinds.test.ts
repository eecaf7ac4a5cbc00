import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import type { Sandbox } from '../../../sandbox/index'
import { createPost } from '../../../src/main/api/ads'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import { createCatalog, createProductSet, putProducts } from '../../../src/main/api/catalog'
import { resolveHosts } from '../../../src/main/api/hosts'
import { createHttpClient } from '../../../src/main/api/http'
import { exchangePin, requestToken } from '../../../src/main/auth/pinFlow'
import type { ProfileContext } from '../../../src/main/session/session'
import { createMirrorService } from '../../../src/main/mirror/mirrorService'
import { createMirrorStore } from '../../../src/main/mirror/store'
import type { MirrorStore } from '../../../src/main/mirror/store'
import { adsPageFetcher, refreshAccount } from '../../../src/main/mirror/sync'
import { approveInBrowser } from '../../support/authorizePage'

/** The kinds added for issue 42 item 1, walked against the sandbox: their lists, their cursors. */

let sandbox: Sandbox
let ctx: AdsContext
let accountId: string
let dir: string
let setId: string

const product = (id: string, title: string) => ({
  id,
  title,
  description: 'Made for the mirror test',
  availability: 'in stock',
  condition: 'new',
  price: '10.00 USD',
  link: `https://example.com/${id}`,
  image_link: `https://example.com/${id}.png`,
  brand: 'Acme',
})

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  const hosts = resolveHosts(
    { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    {},
  )
  const { consumerKey, consumerSecret } = sandbox.demo
  const http = createHttpClient({ timeoutMs: 10_000 })
  const pending = await requestToken({ hosts, http, consumerKey, consumerSecret, accessType: 'write' })
  const pin = await approveInBrowser(pending.authorizeUrl)
  const access = await exchangePin({ hosts, http, consumerKey, consumerSecret, ...pending, pin })
  ctx = {
    http,
    hosts,
    credentials: {
      consumerKey,
      consumerSecret,
      token: access.accessToken,
      tokenSecret: access.accessTokenSecret,
    },
  }
  accountId = sandbox.demo.accountIds[0]!
  // More line items than the largest page (1,000): two pages.
  sandbox.fill({ kind: 'line_items', accountId, count: 1_050 })
  const catalog = await createCatalog(ctx, 'Mirror catalog')
  const put = await putProducts(ctx, catalog.id, [
    product('sku-1', 'Red shoe'),
    product('sku-2', 'Blue shoe'),
  ])
  const keys = put.flatMap((answer) =>
    answer.id === 'sku-1' && answer.product_key ? [answer.product_key] : [],
  )
  setId = (await createProductSet(ctx, catalog.id, { name: 'Shoes', type: 'MANUAL', product_keys: keys })).id
  await createPost(ctx, accountId, { asUserId: access.userId, text: 'Hello from the mirror', name: 'Launch' })
  dir = await mkdtemp(join(tmpdir(), 'mirror-kinds-'))
})
afterAll(async () => {
  await sandbox?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const storeIn = (name: string): MirrorStore =>
  createMirrorStore({ root: join(dir, name), quarantineDir: join(dir, `${name}-quarantine`) })
const lastSeq = (): number => sandbox.requestLog().at(-1)?.seq ?? 0

describe('mirroring the account’s other kinds', () => {
  it('walks line items over two pages of 1,000, deleted ones included', async () => {
    const since = lastSeq()
    const store = storeIn('line-items')
    const [result] = await refreshAccount(store, 'p1', accountId, adsPageFetcher(ctx, accountId), {
      kinds: ['line_items'],
    })
    expect(result).toMatchObject({ pages: 2, waits: 0 })
    const asked = sandbox
      .requestLog(since)
      .filter((r) => r.route === 'GET /ads/12/accounts/:account_id/line_items')
    expect(asked.map((r) => [r.query.count, r.query.with_deleted, r.query.cursor !== undefined])).toEqual([
      ['1000', 'true', false],
      ['1000', 'true', true],
    ])
    const mirror = await store.open('p1', accountId, 'line_items')
    expect(mirror.status()).toMatchObject({ count: result!.objects, flagged: 0 })
    expect(mirror.list().map((e) => e.name)).toContain('Filled line item 1050')
  })

  it('reads the catalog’s products and the product sets the app made, under the profile’s catalog', async () => {
    const since = lastSeq()
    const store = storeIn('catalog')
    await refreshAccount(
      store,
      'p1',
      accountId,
      adsPageFetcher(ctx, accountId, { productSetIds: async () => [setId, '999999999'] }),
      { kinds: ['products', 'product_sets'] },
    )
    const products = await store.open('p1', accountId, 'products')
    expect(
      products
        .list()
        .map((e) => e.name)
        .sort(),
    ).toEqual(['Blue shoe', 'Red shoe'])
    expect(products.status()).toMatchObject({ flagged: 0 })
    // A set the platform no longer has is left out, not an error.
    const sets = await store.open('p1', accountId, 'product_sets')
    expect(sets.list()).toEqual([expect.objectContaining({ id: setId, name: 'Shoes' })])
    const routes = sandbox.requestLog(since).map((r) => r.route ?? '')
    expect(routes.filter((r) => r.endsWith('/products'))).toHaveLength(1)
    expect(routes.filter((r) => r.includes('product_sets/:product_set_id'))).toHaveLength(2)
  })

  it('keeps audiences and do-not-reach lists as metadata, and posts by their names', async () => {
    const store = storeIn('audiences')
    await refreshAccount(store, 'p1', accountId, adsPageFetcher(ctx, accountId), {
      kinds: ['custom_audiences', 'do_not_reach_lists', 'posts'],
    })
    const audiences = await store.open('p1', accountId, 'custom_audiences')
    expect(audiences.status().count).toBeGreaterThan(0)
    const raw = await audiences.readRecords()
    for (const record of raw) expect(Object.keys(record.raw as object)).not.toContain('users')
    expect((await store.open('p1', accountId, 'do_not_reach_lists')).status()).toMatchObject({ flagged: 0 })
    const posts = await store.open('p1', accountId, 'posts')
    expect(posts.list().map((e) => e.name)).toContain('Launch')
    expect(posts.status()).toMatchObject({ flagged: 0 })
  })

  it('reads one object afresh before an edit, and tells an object deleted on the platform', async () => {
    const store = storeIn('before-edit')
    const mirror = createMirrorService({
      store,
      withAdsContext: (_profileId, run) => run(ctx as ProfileContext),
      emit: () => undefined,
      productSetIds: async () => [setId],
    })
    await mirror.refresh('p1', accountId)
    const items = await store.open('p1', accountId, 'line_items')
    const [edited, deleted] = items.list().filter((e) => !e.deleted)
    const before = items.get(edited!.id)!
    sandbox.outsideChange({
      kind: 'line_items',
      action: 'edit',
      id: edited!.id,
      fields: { name: 'Renamed on the web' },
    })
    sandbox.outsideChange({ kind: 'line_items', action: 'delete', id: deleted!.id })

    const since = lastSeq()
    const fresh = await mirror.refreshBeforeEdit('p1', accountId, 'line_items', edited!.id)
    expect(fresh).toMatchObject({ name: 'Renamed on the web', deleted: false })
    expect(fresh!.fingerprint).not.toBe(before.fingerprint)
    expect(items.get(edited!.id)).toMatchObject({ name: 'Renamed on the web' })
    expect(await mirror.refreshBeforeEdit('p1', accountId, 'line_items', deleted!.id)).toMatchObject({
      deleted: true,
    })
    // One read each, by id: not a walk of the list.
    expect(sandbox.requestLog(since).map((r) => r.route)).toEqual([
      'GET /ads/12/accounts/:account_id/line_items/:line_item_id',
      'GET /ads/12/accounts/:account_id/line_items/:line_item_id',
    ])

    // Products have no read by id: the list is walked again.
    const product = await mirror.refreshBeforeEdit('p1', accountId, 'products', 'sku-2')
    expect(product).toMatchObject({ id: 'sku-2', name: 'Blue shoe' })
    expect(
      await mirror.refreshBeforeEdit('p1', accountId, 'custom_audiences', 'no-such-audience'),
    ).toBeUndefined()
  })
})
