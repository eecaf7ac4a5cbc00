import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'
import { catalogApi } from './helpers/catalog'
import type { CatalogEnv, Envelope } from './helpers/catalog'
import { PRODUCT_FIELDS } from '../../sandbox/ads/productRules'

let sandbox: Sandbox
let user: UserTokens
let other: UserTokens
const env = {} as CatalogEnv
const { ads, image, product, createCatalog, putProducts, listProducts, deleteCatalogOf } = catalogApi(env)
beforeAll(async () => {
  sandbox = env.sandbox = await startSandbox({ port: 0, limits: { productSetProcessingMs: 0 } })
  user = env.user = await authorizeDemoUser(sandbox)
  other = await authorizeDemoUser(sandbox, 'write', { username: 'other_advertiser' })
})
afterAll(async () => {
  await sandbox.close()
})

describe('product catalogs', () => {
  it('lists, creates one per user, renames and deletes permanently', async () => {
    await deleteCatalogOf(user)
    const empty = await call<Envelope<unknown[]>>(user, { url: ads('/product_catalogs') })
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual([])
    expect(empty.body.next_cursor).toBeNull()

    const id = await createCatalog(user, 'Spring shop')
    const second = await call<Envelope>(user, {
      method: 'POST',
      url: ads('/product_catalogs'),
      form: { name: 'Another' },
    })
    expect(second.status).toBe(400)
    expect(second.body.errors?.[0]?.code).toBe('CATALOG_LIMIT_REACHED')

    const listed = await call<Envelope<{ id: string; name: string }[]>>(user, {
      url: ads('/product_catalogs'),
      query: { with_total_count: 'true' },
    })
    expect(listed.body.data).toEqual([{ id, name: 'Spring shop' }])
    expect(listed.body.total_count).toBe(1)

    const renamed = await call<Envelope<{ id: string; name: string }>>(user, {
      method: 'PUT',
      url: ads(`/product_catalogs/${id}`),
      query: { name: 'Summer shop' },
    })
    expect(renamed.body.data).toEqual({ id, name: 'Summer shop' })
    const noName = await call<Envelope>(user, { method: 'PUT', url: ads(`/product_catalogs/${id}`) })
    expect(noName.status).toBe(400)
    expect(noName.body.errors?.[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'name' })

    await putProducts(id, [product('gone-1')])
    const deleted = await call<Envelope<{ id: string; name: string }>>(user, {
      method: 'DELETE',
      url: ads(`/product_catalogs/${id}`),
    })
    expect(deleted.body.data).toEqual({ id, name: 'Summer shop' })
    expect((await listProducts(id)).status).toBe(404)
    expect((await call(user, { method: 'DELETE', url: ads(`/product_catalogs/${id}`) })).status).toBe(404)
    expect(sandbox.state().products.some((p) => p.id === 'gone-1')).toBe(false)
    // The one-per-user rule counts only catalogs that exist.
    await createCatalog(user, 'Fresh start')
  })

  it("keeps users apart: another user's catalog is not found, user_id must be the caller", async () => {
    await deleteCatalogOf(other)
    const theirs = await createCatalog(other, 'Their shop')
    expect((await listProducts(theirs)).status).toBe(404)
    const rename = await call(user, {
      method: 'PUT',
      url: ads(`/product_catalogs/${theirs}`),
      query: { name: 'x' },
    })
    expect(rename.status).toBe(404)
    const mine = await call<Envelope<{ id: string }[]>>(user, { url: ads('/product_catalogs') })
    expect(mine.body.data.map((c) => c.id)).not.toContain(theirs)
    const foreign = await call<Envelope>(user, {
      url: ads('/product_catalogs'),
      query: { user_id: sandbox.state().users[1]?.id ?? '' },
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors?.[0]).toMatchObject({ code: 'UNAUTHORIZED_ACCESS', parameter: 'user_id' })
    const own = await call(user, { url: ads('/product_catalogs'), query: { user_id: user.userId } })
    expect(own.status).toBe(200)
  })

  it('refuses cursor with with_total_count, and writes with a read-only token', async () => {
    const both = await call<Envelope>(user, {
      url: ads('/product_catalogs'),
      query: { with_total_count: 'true', cursor: 'abc' },
    })
    expect(both.status).toBe(400)
    expect(both.body.errors?.map((e) => e.code)).toContain('EXCLUSIVE_PARAMETERS')
    const reader = await authorizeDemoUser(sandbox, 'read')
    const write = await call(reader, { method: 'POST', url: ads('/product_catalogs'), form: { name: 'x' } })
    expect(write.status).toBe(403)
  })
})

describe('products: batch PUT', () => {
  let catalog: string
  beforeAll(async () => {
    await deleteCatalogOf(user)
    catalog = await createCatalog(user, 'Products')
  })

  it('creates unknown ids, updates known ones and reports identical data as NO_CHANGE', async () => {
    const created = await putProducts(catalog, [product('sku-1'), product('sku-2')])
    expect(created.status).toBe(200)
    const first = created.body.data.products_response
    expect(first.map((r) => [r.id, r.status])).toEqual([
      ['sku-1', 'CREATE_SUCCESS'],
      ['sku-2', 'CREATE_SUCCESS'],
    ])
    expect(first.every((r) => typeof r.product_key === 'string' && r.errors.length === 0)).toBe(true)

    const again = await putProducts(catalog, [product('sku-1'), product('sku-2', { title: 'Renamed' })])
    const second = again.body.data.products_response
    expect(second.map((r) => r.status)).toEqual(['NO_CHANGE', 'UPDATE_SUCCESS'])
    expect(second.map((r) => r.product_key)).toEqual(first.map((r) => r.product_key))
    const listed = await listProducts(catalog)
    expect(listed.body.data.find((p) => p.id === 'sku-2')?.title).toBe('Renamed')
  })

  it('reports limit violations per item and applies the rest of the batch', async () => {
    const response = await putProducts(catalog, [
      product('ok-1'),
      product('long-title', { title: 't'.repeat(151) }),
      product('long-description', { description: 'd'.repeat(5001) }),
      product('small-image', { image_link: image('400x400') }),
      product('huge-image', { image_link: image('600x600', `?pad=${5 * 1024 * 1024 + 10}`) }),
      product('not-image', { image_link: `${sandbox.apiUrl}/sample-images/600x600.txt` }),
      product('eleven-extra', { additional_image_link: Array(11).fill(image('500x500')).join(',') }),
      product('ten-extra', { additional_image_link: Array(10).fill(image('500x500')).join(',') }),
      product('max-title', { title: 't'.repeat(150), description: 'd'.repeat(5000) }),
      product('small-extra', { additional_image_link: `${image('500x500')},${image('499x800')}` }),
    ])
    expect(response.status).toBe(200)
    const byId = new Map(response.body.data.products_response.map((r) => [r.id, r]))
    const field = (id: string) => byId.get(id)?.errors.map((e) => e.parameter)
    expect(byId.get('ok-1')?.status).toBe('CREATE_SUCCESS')
    expect(byId.get('ten-extra')?.status).toBe('CREATE_SUCCESS')
    expect(byId.get('max-title')?.status).toBe('CREATE_SUCCESS')
    for (const id of [
      'long-title',
      'long-description',
      'small-image',
      'huge-image',
      'not-image',
      'eleven-extra',
      'small-extra',
    ]) {
      expect(byId.get(id)?.status, id).toBe('ERROR')
      expect(byId.get(id)?.product_key, id).toBeNull()
    }
    expect(field('long-title')).toEqual(['title'])
    expect(field('long-description')).toEqual(['description'])
    expect(field('small-image')).toEqual(['image_link'])
    expect(byId.get('small-image')?.errors[0]?.message).toMatch(/at least 500x500 pixels \(got 400x400\)/)
    expect(byId.get('huge-image')?.errors[0]?.message).toMatch(/larger than 5MB/)
    expect(byId.get('not-image')?.errors[0]?.message).toMatch(/not a JPG, GIF, WEBP or PNG/)
    expect(field('eleven-extra')).toEqual(['additional_image_link'])
    expect(byId.get('small-extra')?.errors[0]?.message).toMatch(/499x800/)
    const ids = (await listProducts(catalog)).body.data.map((p) => p.id)
    expect(ids).toEqual(expect.arrayContaining(['ok-1', 'ten-extra', 'max-title']))
    expect(ids).not.toContain('long-title')
  })

  it('an invalid update leaves the stored product unchanged', async () => {
    const response = await putProducts(catalog, [product('sku-1', { title: 'x'.repeat(151) })])
    const item = response.body.data.products_response[0]
    expect(item?.status).toBe('ERROR')
    expect(item?.product_key).toEqual(expect.any(String))
    const stored = (await listProducts(catalog)).body.data.find((p) => p.id === 'sku-1')
    expect(stored?.title).toBe('Product sku-1')
  })

  it('checks the field rules of the product table', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['price-format', { price: '20,00 EUR' }, 'price'],
      ['price-currency', { price: '20 dollars' }, 'price'],
      ['sale-higher', { sale_price: '25.00 USD' }, 'sale_price'],
      ['sale-currency', { sale_price: '10.00 EUR' }, 'sale_price'],
      ['http-link', { link: 'http://shop.example.com/p' }, 'link'],
      ['mobile-http', { mobile_link: 'http://m.example.com/p' }, 'mobile_link'],
      ['no-brand', { brand: undefined }, 'brand'],
      ['bad-gtin', { gtin: '12345' }, 'gtin'],
      ['stock-zero', { inventory: 0 }, 'inventory'],
      ['html', { description: 'Great <b>shoes</b>' }, 'description'],
      ['hex', { color: '#ff0000' }, 'color'],
      ['availability', { availability: 'in_stock' }, 'availability'],
      ['condition', { condition: 'mint' }, 'condition'],
      ['age', { age_group: 'elderly' }, 'age_group'],
      [
        'window',
        { sale_price: '10 USD', sale_price_effective_date: '2026-03-01/2026-03-31' },
        'sale_price_effective_date',
      ],
      ['missing-title', { title: undefined }, 'title'],
    ]
    const response = await putProducts(
      catalog,
      cases.map(([id, overrides]) => product(id, overrides)),
    )
    const items = response.body.data.products_response
    cases.forEach(([id, , parameter], index) => {
      expect(items[index]?.status, id).toBe('ERROR')
      expect(
        items[index]?.errors.map((e) => e.parameter),
        id,
      ).toContain(parameter)
    })
    const fine = await putProducts(catalog, [
      product('gtin-only', { brand: undefined, gtin: '4006381333931' }),
      product('mpn-only', { brand: undefined, mpn: 'MPN-1' }),
      product('sale-ok', {
        sale_price: '15.00 USD',
        sale_price_effective_date: '2026-03-01T00:00+01:00/2026-03-31T23:59+01:00',
        inventory: 3,
        color: 'navy blue',
      }),
    ])
    expect(fine.body.data.products_response.map((r) => r.status)).toEqual([
      'CREATE_SUCCESS',
      'CREATE_SUCCESS',
      'CREATE_SUCCESS',
    ])
  })

  it('ignores every copy of a duplicated id and warns about unknown fields and unchecked images', async () => {
    const response = await putProducts(catalog, [
      product('dup'),
      product('single', { shoe_size: '42' }),
      product('dup', { title: 'Second copy' }),
      product('remote-image', { image_link: 'https://cdn.example.com/a.jpg' }),
    ])
    const [first, single, third, remote] = response.body.data.products_response
    expect(first?.status).toBe('ERROR')
    expect(third?.status).toBe('ERROR')
    expect(first?.errors[0]?.code).toBe('DUPLICATE_ID')
    expect(single?.status).toBe('CREATE_SUCCESS')
    expect(single?.warnings[0]).toMatchObject({ code: 'UNKNOWN_PARAMETER', parameter: 'shoe_size' })
    expect(remote?.status).toBe('CREATE_SUCCESS')
    expect(remote?.warnings[0]).toMatchObject({ code: 'IMAGE_NOT_CHECKED', parameter: 'image_link' })
    expect((await listProducts(catalog)).body.data.some((p) => p.id === 'dup')).toBe(false)
  })

  it('refuses a batch of more than 25 products, an empty batch and a non-JSON body as a whole', async () => {
    const many = await putProducts(
      catalog,
      Array.from({ length: 26 }, (_, i) => product(`many-${i}`)),
    )
    expect(many.status).toBe(400)
    expect(many.body.errors?.[0]).toMatchObject({ parameter: 'products' })
    expect(sandbox.state().products.some((p) => p.id === 'many-0')).toBe(false)
    const exactly = await putProducts(
      catalog,
      Array.from({ length: 25 }, (_, i) => product(`batch-${i}`)),
    )
    expect(exactly.body.data.products_response).toHaveLength(25)
    expect((await putProducts(catalog, [])).status).toBe(400)
    const form = await call<Envelope>(user, {
      method: 'PUT',
      url: ads(`/product_catalogs/${catalog}/products`),
      form: { products: '[]' },
    })
    expect(form.status).toBe(400)
    expect(form.body.errors?.[0]?.code).toBe('INVALID_CONTENT_TYPE')
  })

  it('a resend after a lost answer is harmless: the products come back NO_CHANGE', async () => {
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^PUT .*/products$' })
    try {
      await expect(putProducts(catalog, [product('lost-1')])).rejects.toThrow()
    } finally {
      sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    }
    const resent = await putProducts(catalog, [product('lost-1')])
    expect(resent.body.data.products_response[0]?.status).toBe('NO_CHANGE')
    expect(sandbox.state().products.filter((p) => p.id === 'lost-1')).toHaveLength(1)
  })
})

describe('products: list and delete', () => {
  let catalog: string
  beforeAll(async () => {
    await deleteCatalogOf(user)
    catalog = await createCatalog(user, 'Listing')
    const items = Array.from({ length: 120 }, (_, i) => product(`p${String(i).padStart(3, '0')}`))
    for (let i = 0; i < items.length; i += 25) await putProducts(catalog, items.slice(i, i + 25))
    await putProducts(catalog, [
      product('shirt-s', { item_group_id: 'shirt', size: 'S' }),
      product('shirt-m', { item_group_id: 'shirt', size: 'M' }),
      product('shirt-l', { item_group_id: 'shirt', size: 'L' }),
    ])
  })

  it('returns every product field, null when unset', async () => {
    const page = await listProducts(catalog, { count: '1' })
    const first: Record<string, unknown> = page.body.data[0] ?? {}
    expect(Object.keys(first)).toEqual([...PRODUCT_FIELDS])
    expect(first.gtin).toBeNull()
    expect(first.item_group_key).toBeNull()
    expect(first).not.toHaveProperty('created_at')
  })

  it('pages with count (default 100, 1 to 100) and cursor, in submission order', async () => {
    const page = await listProducts(catalog)
    expect(page.body.data).toHaveLength(100)
    expect(page.body.data[0]?.id).toBe('p000')
    const rest = await listProducts(catalog, { cursor: page.body.next_cursor ?? '' })
    expect(rest.body.next_cursor).toBeNull()
    // 120 plain products and one group shown by its first variant.
    expect(rest.body.data.map((p) => p.id).slice(-2)).toEqual(['p119', 'shirt-s'])
    for (const bad of ['0', '101', 'x']) {
      const response = await listProducts(catalog, { count: bad })
      expect(response.status, bad).toBe(400)
      expect(response.body.errors?.[0]?.parameter).toBe('count')
    }
    const total = await listProducts(catalog, { with_total_count: 'true', count: '5' })
    expect(total.body.total_count).toBe(121)
  })

  it('shows a group by its first submitted product, and the whole group by item_group_key', async () => {
    const all = await listProducts(catalog, {
      count: '100',
      cursor: (await listProducts(catalog)).body.next_cursor ?? '',
    })
    const head = all.body.data.find((p) => p.id === 'shirt-s')
    expect(all.body.data.some((p) => p.id === 'shirt-m')).toBe(false)
    const key = head?.item_group_key as string
    expect(key).toEqual(expect.any(String))
    const group = await listProducts(catalog, { item_group_key: key })
    expect(group.body.data.map((p) => p.id)).toEqual(['shirt-s', 'shirt-m', 'shirt-l'])
    expect(new Set(group.body.data.map((p) => p.item_group_key))).toEqual(new Set([key]))
  })

  it('deletes by product_keys, per key, permanently', async () => {
    const group = (await listProducts(catalog, { count: '100' })).body.data
    const victim = group.find((p) => p.id === 'p001')
    const response = await call<Envelope<{ delete_products: Record<string, unknown>[] }>>(user, {
      method: 'DELETE',
      url: ads(`/product_catalogs/${catalog}/products`),
      json: { product_keys: [victim?.product_key, 'no-such-key'] },
    })
    expect(response.status).toBe(200)
    expect(response.body.data.delete_products).toEqual([
      { product_key: victim?.product_key, failed_product_key: null, message: 'Deleted' },
      { product_key: null, failed_product_key: 'no-such-key', message: expect.stringMatching(/No product/) },
    ])
    const after = (await listProducts(catalog, { count: '100' })).body.data.map((p) => p.id)
    expect(after).not.toContain('p001')
    const missing = await call<Envelope>(user, {
      method: 'DELETE',
      url: ads(`/product_catalogs/${catalog}/products`),
      json: {},
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors?.[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'product_keys' })
  })
})
