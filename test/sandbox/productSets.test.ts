import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { FILTER_ATTRIBUTES, FILTER_OPERATORS } from '../../sandbox/ads/productSets'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'
import { catalogApi } from './helpers/catalog'
import type { CatalogEnv, Envelope } from './helpers/catalog'

let sandbox: Sandbox
let user: UserTokens
const env = {} as CatalogEnv
const { ads, product, createCatalog, putProducts, deleteCatalogOf } = catalogApi(env)
beforeAll(async () => {
  sandbox = env.sandbox = await startSandbox({ port: 0, limits: { productSetProcessingMs: 0 } })
  user = env.user = await authorizeDemoUser(sandbox)
})
afterAll(async () => {
  await sandbox.close()
})

describe('product sets', () => {
  let catalog: string
  let keys: Map<string, string>
  beforeAll(async () => {
    await deleteCatalogOf(user)
    catalog = await createCatalog(user, 'Sets')
    const response = await putProducts(catalog, [
      product('cheap-shoe', {
        price: '10.00 USD',
        product_type: 'Apparel > Shoes',
        custom_label_0: 'summer',
        custom_label_1: '8',
      }),
      product('mid-shoe', { price: '30.00 USD', product_type: 'Apparel > Shoes', custom_label_1: '10' }),
      product('dear-shirt', { price: '80.00 USD', product_type: 'Apparel > Shirts', inventory: 4 }),
      product('euro-shoe', { price: '5.00 EUR', product_type: 'apparel >  shoes' }),
    ])
    keys = new Map(response.body.data.products_response.map((r) => [r.id ?? '', r.product_key ?? '']))
  })

  const createSet = (body: Record<string, unknown>) =>
    call<Envelope<Record<string, unknown>>>(user, {
      method: 'POST',
      url: ads(`/product_catalogs/${catalog}/product_sets`),
      json: body,
    })
  const members = async (filters: Record<string, unknown>[]): Promise<unknown> => {
    const response = await createSet({ name: 'Filtered', type: 'FILTERED', filters })
    expect(response.status, response.text).toBe(200)
    return response.body.data.product_ids
  }

  it('creates a MANUAL set from product_keys, DONE at once, and reads it back', async () => {
    const response = await createSet({
      name: 'Picked',
      type: 'MANUAL',
      product_keys: [keys.get('cheap-shoe'), keys.get('dear-shirt')],
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toMatchObject({
      name: 'Picked',
      description: null,
      type: 'MANUAL',
      product_ids: ['cheap-shoe', 'dear-shirt'],
      filters: [],
      processing_status: 'DONE',
    })
    const read = await call<Envelope>(user, {
      url: ads(`/product_catalogs/${catalog}/product_sets/${String(response.body.data.id)}`),
    })
    expect(read.body.data).toEqual(response.body.data)
    expect((await call(user, { url: ads(`/product_catalogs/${catalog}/product_sets/123`) })).status).toBe(404)
  })

  it('requires product_keys for MANUAL and filters for FILTERED, and knows every key', async () => {
    const manual = await createSet({ name: 'x', type: 'MANUAL' })
    expect(manual.body.errors?.[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'product_keys' })
    const unknown = await createSet({ name: 'x', type: 'MANUAL', product_keys: ['nope'] })
    expect(unknown.body.errors?.[0]).toMatchObject({ parameter: 'product_keys' })
    const filtered = await createSet({ name: 'x', type: 'FILTERED' })
    expect(filtered.body.errors?.[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'filters' })
    const noName = await createSet({ type: 'MANUAL', product_keys: [keys.get('mid-shoe')] })
    expect(noName.body.errors?.[0]).toMatchObject({ parameter: 'name' })
    const badType = await createSet({ name: 'x', type: 'SMART' })
    expect(badType.body.errors?.[0]).toMatchObject({ parameter: 'type' })
    expect(sandbox.created().product_sets).toBe(1)
  })

  it('refuses unknown attributes and operators, and an amount comparison without an amount', async () => {
    const response = await createSet({
      name: 'Bad',
      type: 'FILTERED',
      filters: [
        { attribute: 'colour', operator: 'EQUAL_TO', value: 'red' },
        { attribute: 'price', operator: 'STARTS_WITH', value: '1' },
        { attribute: 'inventory', operator: 'LESS_THAN', value: 'many' },
        { attribute: 'price', operator: 'GREATER_THAN', value: 'ten dollars' },
        { attribute: 'product_type', operator: 'CONTAINS', value: ' ' },
      ],
    })
    expect(response.status).toBe(400)
    expect(response.body.errors?.map((e) => e.parameter)).toEqual([0, 1, 2, 3, 4].map((i) => `filters[${i}]`))
    expect(response.body.errors?.[2]?.message).toMatch(/LESS_THAN compares amounts/)
  })

  it('accepts every attribute and operator pairing the spec lists', async () => {
    const refused: string[] = []
    for (const attribute of FILTER_ATTRIBUTES)
      for (const operator of FILTER_OPERATORS) {
        const response = await createSet({
          name: `${attribute} ${operator}`,
          type: 'FILTERED',
          filters: [{ attribute, operator, value: '20' }],
        })
        if (response.status !== 200) refused.push(`${attribute} ${operator}: ${response.text}`)
      }
    expect(refused).toEqual([])
  })

  it('gives text operators on amounts and order operators on text a meaning', async () => {
    // Text order ignores case; numbers compare as numbers when both sides are numbers.
    const cases: [Record<string, string>, string[]][] = [
      [{ attribute: 'price', operator: 'CONTAINS', value: 'usd' }, ['cheap-shoe', 'mid-shoe', 'dear-shirt']],
      [{ attribute: 'price', operator: 'NOT_CONTAINS', value: 'USD' }, ['euro-shoe']],
      [{ attribute: 'price', operator: 'MATCH', value: '30.00  usd' }, ['mid-shoe']],
      [{ attribute: 'inventory', operator: 'CONTAINS', value: '4' }, ['dear-shirt']],
      [
        { attribute: 'product_type', operator: 'GREATER_THAN', value: 'apparel > shirts' },
        ['cheap-shoe', 'mid-shoe', 'euro-shoe'],
      ],
      [{ attribute: 'custom_label_1', operator: 'GREATER_THAN', value: '9' }, ['mid-shoe']],
      [{ attribute: 'custom_label_1', operator: 'LESS_THAN', value: '9' }, ['cheap-shoe']],
    ]
    for (const [filter, expected] of cases)
      expect(await members([filter]), JSON.stringify(filter)).toEqual(expected)
  })

  it('evaluates filters for real: AND-ed, numeric and text operators', async () => {
    expect(await members([{ attribute: 'price', operator: 'LESS_THAN', value: '50' }])).toEqual([
      'cheap-shoe',
      'mid-shoe',
      'euro-shoe',
    ])
    expect(await members([{ attribute: 'price', operator: 'LESS_THAN', value: '50 USD' }])).toEqual([
      'cheap-shoe',
      'mid-shoe',
    ])
    expect(
      await members([
        { attribute: 'product_type', operator: 'CONTAINS', value: 'shoes' },
        { attribute: 'price', operator: 'GREATER_THAN', value: '9.99' },
      ]),
    ).toEqual(['cheap-shoe', 'mid-shoe'])
    expect(
      await members([{ attribute: 'product_type', operator: 'MATCH', value: 'APPAREL > SHOES' }]),
    ).toEqual(['cheap-shoe', 'mid-shoe', 'euro-shoe'])
    expect(
      await members([{ attribute: 'product_type', operator: 'EQUAL_TO', value: 'Apparel > Shoes' }]),
    ).toEqual(['cheap-shoe', 'mid-shoe'])
    expect(
      await members([{ attribute: 'custom_label_0', operator: 'NOT_CONTAINS', value: 'summer' }]),
    ).toEqual(['mid-shoe', 'dear-shirt', 'euro-shoe'])
    expect(await members([{ attribute: 'inventory', operator: 'EQUAL_TO', value: '4' }])).toEqual([
      'dear-shirt',
    ])
  })

  it('a FILTERED set is PROCESSING for a moment, then DONE with its members', async () => {
    const slow = await startSandbox({ port: 0, limits: { productSetProcessingMs: 400 } })
    try {
      const who = await authorizeDemoUser(slow)
      const url = `${slow.adsUrl}/12/product_catalogs`
      const created = await call<Envelope<{ id: string }>>(who, {
        method: 'POST',
        url,
        form: { name: 'Slow' },
      })
      const base = `${url}/${created.body.data.id}`
      await call(who, {
        method: 'PUT',
        url: `${base}/products`,
        json: { products: [product('a', { image_link: 'https://cdn.example.com/a.png' })] },
      })
      const set = await call<Envelope<{ id: string; processing_status: string; product_ids: string[] }>>(
        who,
        {
          method: 'POST',
          url: `${base}/product_sets`,
          json: {
            name: 'Later',
            type: 'FILTERED',
            filters: [{ attribute: 'price', operator: 'GREATER_THAN', value: '1' }],
          },
        },
      )
      expect(set.body.data.processing_status).toBe('PROCESSING')
      expect(set.body.data.product_ids).toEqual([])
      let read = set.body.data
      while (read.processing_status === 'PROCESSING') {
        await new Promise((resolve) => setTimeout(resolve, 50))
        read = (await call<Envelope<typeof read>>(who, { url: `${base}/product_sets/${set.body.data.id}` }))
          .body.data
      }
      expect(read.processing_status).toBe('DONE')
      expect(read.product_ids).toEqual(['a'])
    } finally {
      await slow.close()
    }
  })
})
