import { describe, expect, it } from 'vitest'
import { productFromRow, suggestMapping, validateMapping } from '../../../src/shared/catalog/feed'
import { matchesAll, operatorsFor, validateFilters } from '../../../src/shared/catalog/filters'
import {
  keywordCount,
  pointCount,
  validateKeywordQuery,
  type KeywordQuery,
} from '../../../src/shared/catalog/keywords'
import { normaliseProduct, validateProduct, type Product } from '../../../src/shared/catalog/product'
import { LIMITS } from '../../../src/shared/rules/limits'

const good: Product = {
  id: 'SKU-1',
  title: 'Trail shoe',
  description: 'Light and grippy',
  availability: 'in stock',
  condition: 'new',
  price: '59.90 EUR',
  link: 'https://shop.example.com/trail',
  image_link: 'https://cdn.example.com/trail.jpg',
  brand: 'Northwind',
}

const errorsOf = (product: Product) =>
  validateProduct(product)
    .filter((issue) => issue.severity === 'error')
    .map((issue) => `${String(issue.path[0])}:${issue.code}`)

describe('validateProduct', () => {
  it('accepts a complete product', () => {
    expect(validateProduct(good)).toEqual([])
  })

  it('holds title and description to the limits table, counting characters, not bytes', () => {
    expect(errorsOf({ ...good, title: 'é'.repeat(LIMITS.product.title.max) })).toEqual([])
    expect(errorsOf({ ...good, title: 'é'.repeat(LIMITS.product.title.max + 1) })).toEqual(['title:too_long'])
    expect(errorsOf({ ...good, description: 'd'.repeat(LIMITS.product.description.max + 1) })).toEqual([
      'description:too_long',
    ])
    expect(errorsOf({ ...good, description: 'Great <b>shoe</b>' })).toEqual(['description:invalid_format'])
  })

  it('requires every required field and one of brand, gtin, mpn', () => {
    expect(errorsOf({})).toEqual(
      expect.arrayContaining([
        'id:required',
        'title:required',
        'price:required',
        'image_link:required',
        'brand:required',
      ]),
    )
    expect(errorsOf({ ...good, brand: undefined, gtin: '4006381333931' })).toEqual([])
    expect(errorsOf({ ...good, brand: undefined, mpn: 'X-1' })).toEqual([])
    expect(errorsOf({ ...good, brand: '  ' })).toEqual(['brand:required'])
  })

  it('checks prices, sale prices and the sale window', () => {
    expect(errorsOf({ ...good, price: '59,90 EUR' })).toEqual(['price:invalid_format'])
    expect(errorsOf({ ...good, price: '59.90' })).toEqual(['price:invalid_format'])
    expect(errorsOf({ ...good, sale_price: '49.90 EUR' })).toEqual([])
    expect(errorsOf({ ...good, sale_price: '69.90 EUR' })).toEqual(['sale_price:out_of_range'])
    expect(errorsOf({ ...good, sale_price: '49.90 USD' })).toEqual(['sale_price:invalid_value'])
    expect(
      errorsOf({ ...good, sale_price_effective_date: '2026-03-01T00:00+01:00/2026-03-31T23:59+01:00' }),
    ).toEqual([])
    expect(errorsOf({ ...good, sale_price_effective_date: '2026-03-01/2026-03-31' })).toEqual([
      'sale_price_effective_date:invalid_format',
    ])
    expect(errorsOf({ ...good, sale_price_effective_date: '2026-03-31T00:00Z/2026-03-01T00:00Z' })).toEqual([
      'sale_price_effective_date:out_of_range',
    ])
  })

  it('needs https product pages, image URLs, at most 10 additional images', () => {
    expect(errorsOf({ ...good, link: 'http://shop.example.com' })).toEqual(['link:invalid_format'])
    expect(errorsOf({ ...good, mobile_link: 'ftp://m.example.com' })).toEqual(['mobile_link:invalid_format'])
    expect(errorsOf({ ...good, image_link: 'not a url' })).toEqual(['image_link:invalid_format'])
    const max = LIMITS.product.additionalImages.value
    const urls = (n: number) =>
      Array.from({ length: n }, (_, i) => `https://cdn.example.com/${i}.png`).join(',')
    expect(errorsOf({ ...good, additional_image_link: urls(max) })).toEqual([])
    expect(errorsOf({ ...good, additional_image_link: urls(max + 1) })).toEqual([
      'additional_image_link:too_many',
    ])
    const warnings = validateProduct({ ...good, image_link: 'https://cdn.example.com/photo.bmp' })
    expect(warnings).toEqual([expect.objectContaining({ severity: 'warning', code: 'media_type' })])
  })

  it('checks enums, inventory in stock, GTIN shapes and colour names', () => {
    expect(errorsOf({ ...good, availability: 'in_stock' })).toEqual(['availability:invalid_value'])
    expect(errorsOf({ ...good, age_group: 'elderly' })).toEqual(['age_group:invalid_value'])
    expect(errorsOf({ ...good, inventory: 0 })).toEqual(['inventory:out_of_range'])
    expect(errorsOf({ ...good, inventory: 0, availability: 'out of stock' })).toEqual([])
    expect(errorsOf({ ...good, inventory: -1 })).toEqual(['inventory:invalid_value'])
    expect(errorsOf({ ...good, gtin: '12345' })).toEqual(['gtin:invalid_format'])
    expect(errorsOf({ ...good, gtin: '080442957X' })).toEqual([])
    expect(errorsOf({ ...good, color: '#ff0000' })).toEqual(['color:invalid_format'])
    expect(errorsOf({ ...good, color: 'navy' })).toEqual([])
  })

  it('warns when variant attributes come without an item group', () => {
    const issues = validateProduct({ ...good, size: 'M' })
    expect(issues).toEqual([expect.objectContaining({ path: ['item_group_id'], severity: 'warning' })])
    expect(validateProduct({ ...good, size: 'M', item_group_id: 'trail' })).toEqual([])
  })

  it('normalises by trimming and dropping blank fields', () => {
    expect(normaliseProduct({ ...good, title: '  Trail shoe ', brand: ' ', inventory: 3 })).toEqual({
      ...good,
      brand: undefined,
      inventory: 3,
    } as Product)
    expect('brand' in normaliseProduct({ ...good, brand: ' ' })).toBe(false)
  })
})

describe('product set filters', () => {
  const products: Product[] = [
    { id: 'a', price: '10.00 USD', product_type: 'Apparel > Shoes', custom_label_0: 'summer' },
    { id: 'b', price: '30.00 USD', product_type: 'Apparel > Shoes', inventory: 4 },
    { id: 'c', price: '5.00 EUR', product_type: 'apparel >  shoes' },
  ]
  const select = (filters: { attribute: string; operator: string; value: string }[]) =>
    products.filter((product) => matchesAll(product, filters)).map((product) => product.id)

  it('offers every operator for every attribute the spec lists (A:118), none for others', () => {
    const all = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS']
    expect([...operatorsFor('price')].sort()).toEqual([...all].sort())
    expect([...operatorsFor('custom_label_3')].sort()).toEqual([...all].sort())
    expect(operatorsFor('colour')).toEqual([])
  })

  it('accepts price CONTAINS and custom label GREATER_THAN, and refuses bad values', () => {
    const issues = validateFilters([
      { attribute: 'price', operator: 'CONTAINS', value: 'USD' },
      { attribute: 'custom_label_0', operator: 'GREATER_THAN', value: '40' },
      { attribute: 'inventory', operator: 'LESS_THAN', value: 'many' },
      { attribute: 'product_type', operator: 'GREATER_THAN', value: 'shoes' },
      { attribute: 'price', operator: 'SIMILAR', value: '1' },
      { attribute: '', operator: '', value: '' },
    ])
    expect(issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['filters.2.value', 'invalid_format'],
      ['filters.3.value', 'invalid_format'],
      ['filters.4.operator', 'invalid_value'],
      ['filters.5.attribute', 'invalid_value'],
    ])
    expect(validateFilters([])).toEqual([expect.objectContaining({ code: 'too_few' })])
  })

  it('reads numbers as text for text operators and compares numbers for GREATER_THAN on text', () => {
    expect(select([{ attribute: 'price', operator: 'CONTAINS', value: 'usd' }])).toEqual(['a', 'b'])
    expect(select([{ attribute: 'inventory', operator: 'MATCH', value: '4' }])).toEqual(['b'])
    expect(select([{ attribute: 'price', operator: 'NOT_CONTAINS', value: 'EUR' }])).toEqual(['a', 'b'])
  })

  it('selects products that pass every filter', () => {
    expect(select([{ attribute: 'price', operator: 'LESS_THAN', value: '20' }])).toEqual(['a', 'c'])
    expect(select([{ attribute: 'price', operator: 'LESS_THAN', value: '20 USD' }])).toEqual(['a'])
    expect(select([{ attribute: 'product_type', operator: 'MATCH', value: 'APPAREL > SHOES' }])).toEqual([
      'a',
      'b',
      'c',
    ])
    expect(select([{ attribute: 'product_type', operator: 'EQUAL_TO', value: 'Apparel > Shoes' }])).toEqual([
      'a',
      'b',
    ])
    expect(select([{ attribute: 'custom_label_0', operator: 'NOT_CONTAINS', value: 'SUMMER' }])).toEqual([
      'b',
      'c',
    ])
    expect(
      select([
        { attribute: 'product_type', operator: 'CONTAINS', value: 'shoes' },
        { attribute: 'inventory', operator: 'EQUAL_TO', value: '4' },
      ]),
    ).toEqual(['b'])
  })
})

describe('keyword queries', () => {
  const now = Date.parse('2026-05-10T12:00:00Z')
  const query = (overrides: Partial<KeywordQuery> = {}): KeywordQuery => ({
    keywords: ['coffee'],
    negativeKeywords: [],
    start: '2026-05-03T12:00:00Z',
    end: '2026-05-10T12:00:00Z',
    granularity: 'DAY',
    ...overrides,
  })
  const fields = (q: KeywordQuery) => validateKeywordQuery(q, now).map((issue) => String(issue.path[0]))

  it('counts keywords and negative keywords together toward 10', () => {
    const ten = query({ keywords: ['a', 'b', 'c', 'd', 'e'], negativeKeywords: ['f', 'g', 'h', 'i', 'j'] })
    expect(keywordCount(ten)).toBe(10)
    expect(fields(ten)).toEqual([])
    expect(fields({ ...ten, negativeKeywords: [...ten.negativeKeywords, 'k'] })).toEqual(['keywords'])
    expect(fields(query({ keywords: [] }))).toEqual(['keywords'])
    expect(fields(query({ negativeKeywords: ['Coffee'] }))).toEqual(['negativeKeywords'])
  })

  it('holds the range to 7 days, positive and not in the future', () => {
    expect(fields(query({ start: '2026-05-03T11:59:00Z' }))).toEqual(['end'])
    expect(fields(query({ end: '2026-05-03T12:00:00Z' }))).toEqual(['end'])
    expect(fields(query({ start: '2026-05-11T00:00:00Z', end: '2026-05-12T00:00:00Z' }))).toEqual(['start'])
    expect(fields(query({ location: { targetingValue: 'not a value!', name: 'X' } }))).toEqual(['location'])
    expect(fields(query({ location: { targetingValue: '96683cc9126741d1', name: 'Germany' } }))).toEqual([])
  })

  it('answers one point per unit, the last one partial', () => {
    expect(pointCount(query())).toBe(7)
    expect(pointCount(query({ granularity: 'HOUR' }))).toBe(168)
    expect(pointCount(query({ granularity: 'HOUR', end: '2026-05-03T14:30:00Z' }))).toBe(3)
  })
})

describe('feed mapping', () => {
  it('maps columns by field name, label or common alias, each column once', () => {
    expect(suggestMapping(['SKU', 'Name', 'Image URL', 'Price', 'Colour', 'Stock', 'extra'])).toEqual({
      id: 'SKU',
      title: 'Name',
      image_link: 'Image URL',
      price: 'Price',
      color: 'Colour',
      inventory: 'Stock',
    })
  })

  it('reports unmapped required fields and a column used twice', () => {
    const issues = validateMapping({ id: 'sku', title: 'sku' }, ['sku'])
    expect(issues.map((issue) => `${String(issue.path[0])}:${issue.code}`)).toEqual(
      expect.arrayContaining(['description:required', 'title:exclusive']),
    )
  })

  it('turns a row into a product, reporting values that cannot be one', () => {
    const { product, issues } = productFromRow(
      { sku: ' A-1 ', qty: '12', label: '', tags: ['x'] },
      { id: 'sku', inventory: 'qty', custom_label_0: 'label', custom_label_1: 'tags' },
    )
    expect(product).toEqual({ id: 'A-1', inventory: 12 })
    expect(issues.map((issue) => issue.path[0])).toEqual(['custom_label_1'])
    expect(productFromRow({ qty: 'many' }, { inventory: 'qty' }).issues[0]?.message).toMatch(
      /not a whole number/,
    )
  })
})
