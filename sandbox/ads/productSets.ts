import type { Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, longId } from '../state'
import { findCatalog } from './catalogs'
import { AdsInput, adsCaller, adsFailure, notFound, single } from './core'
import { productByKey } from './products'
import type { AdsIssue } from './core'

/**
 * Product sets (spec part A): get one, create MANUAL (product_keys) or FILTERED (filters).
 * Listing, updating and deleting are not shown, so there are no such routes.
 *
 * Where the spec is silent the sandbox chooses, and the app's own reading must agree or
 * be caught by the tests:
 * - several filters are AND-ed: a product belongs when it passes every filter;
 * - the spec lists attributes and operators without restricting how they pair, so every pairing
 *   is accepted, with one meaning per operator family:
 *   - GREATER_THAN, LESS_THAN, EQUAL_TO on a numeric attribute (price, sale_price, inventory)
 *     compare amounts; the value is an amount ("20", "19.99") or, for prices, an amount and a
 *     currency ("20 USD"), which then matches only prices in that currency;
 *   - GREATER_THAN and LESS_THAN on a text attribute compare numbers when both the product's value
 *     and the filter's are numbers (custom_label_0 "42"), else the texts ignoring case; EQUAL_TO
 *     on text is exact;
 *   - MATCH (whole value, ignoring case and extra spaces), CONTAINS and NOT_CONTAINS (ignoring
 *     case) read any attribute as the text it was submitted as: price CONTAINS "USD" is every
 *     dollar price;
 * - a product without the attribute passes only NOT_CONTAINS;
 * - a FILTERED set is PROCESSING for a moment (limits.productSetProcessingMs) and then DONE,
 *   its members evaluated against the catalog's products at each read; FAILED is never reached.
 */

export const FILTER_ATTRIBUTES = [
  'price',
  'product_type',
  'google_product_category',
  'sale_price',
  'inventory',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
] as const
export const FILTER_OPERATORS = [
  'GREATER_THAN',
  'EQUAL_TO',
  'LESS_THAN',
  'MATCH',
  'NOT_CONTAINS',
  'CONTAINS',
] as const
const NUMERIC_ATTRIBUTES = new Set(['price', 'sale_price', 'inventory'])
const ORDER_OPERATORS = new Set(['GREATER_THAN', 'LESS_THAN'])

interface Filter {
  attribute: string
  operator: string
  value: string
}

const AMOUNT = /^(\d+(?:\.\d+)?)(?: ([A-Z]{3}))?$/
const NUMBER = /^-?\d+(?:\.\d+)?$/

/** Amount comparisons: numeric attributes with GREATER_THAN, LESS_THAN or EQUAL_TO. */
function comparesAmounts(filter: { attribute: string; operator: string }): boolean {
  return (
    NUMERIC_ATTRIBUTES.has(filter.attribute) &&
    (ORDER_OPERATORS.has(filter.operator) || filter.operator === 'EQUAL_TO')
  )
}

function numericOf(product: AdsRecord, attribute: string): { amount: number; currency?: string } | undefined {
  const value = product[attribute]
  if (typeof value === 'number') return { amount: value }
  if (typeof value !== 'string') return undefined
  const match = AMOUNT.exec(value)
  if (!match) return undefined
  return { amount: Number(match[1]), ...(match[2] ? { currency: match[2] } : {}) }
}

const fold = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

function textOf(product: AdsRecord, attribute: string): string | undefined {
  const value = product[attribute]
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' ? value : undefined
}

/** Order of two texts: as numbers when both are numbers, else ignoring case. */
function textOrder(actual: string, wanted: string): number {
  if (NUMBER.test(actual.trim()) && NUMBER.test(wanted.trim())) return Number(actual) - Number(wanted)
  const a = fold(actual)
  const b = fold(wanted)
  return a < b ? -1 : a > b ? 1 : 0
}

export function productPasses(product: AdsRecord, filter: Filter): boolean {
  if (comparesAmounts(filter)) {
    const actual = numericOf(product, filter.attribute)
    const wanted = AMOUNT.exec(filter.value.trim())
    if (!actual || !wanted) return false
    if (wanted[2] && actual.currency !== wanted[2]) return false
    const target = Number(wanted[1])
    if (filter.operator === 'GREATER_THAN') return actual.amount > target
    if (filter.operator === 'LESS_THAN') return actual.amount < target
    return actual.amount === target
  }
  const text = textOf(product, filter.attribute)
  switch (filter.operator) {
    case 'EQUAL_TO':
      return text === filter.value
    case 'GREATER_THAN':
      return text !== undefined && textOrder(text, filter.value) > 0
    case 'LESS_THAN':
      return text !== undefined && textOrder(text, filter.value) < 0
    case 'MATCH':
      return text !== undefined && fold(text) === fold(filter.value)
    case 'CONTAINS':
      return text !== undefined && text.toLowerCase().includes(filter.value.toLowerCase())
    case 'NOT_CONTAINS':
      return text === undefined || !text.toLowerCase().includes(filter.value.toLowerCase())
    default:
      return false
  }
}

function readFilters(raw: unknown, issues: AdsIssue[]): Filter[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    issues.push({
      code: 'INVALID_PARAMETER',
      parameter: 'filters',
      message: 'filters must be a non-empty array',
    })
    return []
  }
  const filters: Filter[] = []
  raw.forEach((entry: unknown, index) => {
    const where = `filters[${index}]`
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      issues.push({ code: 'INVALID_PARAMETER', parameter: where, message: `${where} must be an object` })
      return
    }
    const { attribute, operator, value, ...rest } = entry as Record<string, unknown>
    const problems: string[] = []
    for (const key of Object.keys(rest)) problems.push(`${key} is not a filter field`)
    if (typeof attribute !== 'string' || !(FILTER_ATTRIBUTES as readonly string[]).includes(attribute))
      problems.push(`attribute must be one of ${FILTER_ATTRIBUTES.join(', ')}`)
    if (typeof operator !== 'string' || !(FILTER_OPERATORS as readonly string[]).includes(operator))
      problems.push(`operator must be one of ${FILTER_OPERATORS.join(', ')}`)
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string' || text.trim() === '') problems.push('value must be a non-empty string')
    else if (
      problems.length === 0 &&
      comparesAmounts({ attribute: attribute as string, operator: operator as string }) &&
      !AMOUNT.test(text.trim())
    ) {
      problems.push(
        `${String(operator)} compares amounts: value must be a number${attribute === 'inventory' ? '' : ', optionally with a currency (20 USD)'}`,
      )
    }
    if (problems.length > 0) {
      issues.push({
        code: 'INVALID_PARAMETER',
        parameter: where,
        message: `${where}: ${problems.join('; ')}`,
      })
      return
    }
    filters.push({ attribute: attribute as string, operator: operator as string, value: String(text) })
  })
  return filters
}

function presentSet(rt: Runtime, set: AdsRecord, now: number): Record<string, unknown> {
  const filters = (set.filters as Filter[] | undefined) ?? []
  const processing = set.type === 'FILTERED' && now < Number(set._readyAt)
  let productIds: unknown[] = []
  if (set.type === 'MANUAL') productIds = set._productIds as string[]
  else if (!processing) {
    productIds = rt.state.products
      .filter((p) => p._catalog === set._catalog && filters.every((filter) => productPasses(p, filter)))
      .map((p) => p.id)
  }
  return {
    id: set.id,
    name: set.name,
    description: set.description ?? null,
    type: set.type,
    product_ids: productIds,
    filters,
    processing_status: processing ? 'PROCESSING' : 'DONE',
  }
}

const SETS_PATH = '/product_catalogs/:product_catalog_id/product_sets'

export const productSetRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${SETS_PATH}/:product_set_id`,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const catalog = findCatalog(ctx, rt, caller)
      new AdsInput(ctx, []).finish()
      const set = rt.state.productSets.find(
        (s) => s._catalog === catalog.id && s.id === ctx.params.product_set_id,
      )
      if (!set) throw notFound(ctx, `Product set ${ctx.params.product_set_id}`)
      return single(ctx, presentSet(rt, set, ctx.now))
    },
  },
  {
    method: 'POST',
    pattern: SETS_PATH,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const catalog = findCatalog(ctx, rt, caller)
      if (ctx.contentType !== 'application/json' || ctx.json === undefined) {
        throw adsFailure(ctx, 400, [
          { code: 'INVALID_CONTENT_TYPE', message: 'Send a JSON body with Content-Type application/json' },
        ])
      }
      const input = new AdsInput(ctx, ['name', 'description', 'type', 'filters', 'product_keys'], 'json')
      const name = input.string('name', { required: true })
      const description = input.string('description')
      const type = input.oneOf('type', ['MANUAL', 'FILTERED'], { required: true })
      let filters: Filter[] = []
      let productIds: string[] = []
      if (type === 'FILTERED') {
        if (input.has('product_keys')) input.invalid('product_keys', 'product_keys apply to MANUAL sets only')
        if (!input.has('filters')) input.missing('filters')
        else filters = readFilters(input.raw('filters'), input.issues)
      } else if (type === 'MANUAL') {
        if (input.has('filters')) input.invalid('filters', 'filters apply to FILTERED sets only')
        const keys = input.raw('product_keys')
        if (keys === undefined || keys === null) input.missing('product_keys')
        else if (!Array.isArray(keys) || keys.length === 0 || keys.some((k) => typeof k !== 'string'))
          input.invalid('product_keys', 'product_keys must be a non-empty array of product keys')
        else {
          const unknown: string[] = []
          for (const key of keys as string[]) {
            const product = productByKey(rt, catalog.id, key)
            if (product) productIds.push(product.id as string)
            else unknown.push(key)
          }
          if (unknown.length > 0)
            input.invalid('product_keys', `No product in this catalog has the key ${unknown.join(', ')}`)
          productIds = [...new Set(productIds)]
        }
      }
      input.finish()
      const stamp = isoSeconds(ctx.now)
      const set: AdsRecord = {
        id: longId(rt.state),
        name,
        description: description ?? null,
        type,
        filters,
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _catalog: catalog.id,
        _productIds: productIds,
        _readyAt: type === 'FILTERED' ? ctx.now + rt.limits.productSetProcessingMs : ctx.now,
      }
      rt.state.productSets.push(set)
      rt.state.created.product_sets += 1
      return single(ctx, presentSet(rt, set, ctx.now))
    },
  },
]
