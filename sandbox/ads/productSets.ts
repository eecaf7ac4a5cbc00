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
 * - numeric attributes (price, sale_price, inventory) take GREATER_THAN, LESS_THAN, EQUAL_TO;
 *   text attributes take EQUAL_TO (exact), MATCH (whole value, ignoring case and extra spaces),
 *   CONTAINS and NOT_CONTAINS (ignoring case); any other pairing is refused;
 * - a price filter's value is an amount ("20", "19.99") or an amount and currency ("20 USD"),
 *   which then matches only prices in that currency;
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
const NUMERIC_OPERATORS = new Set(['GREATER_THAN', 'LESS_THAN', 'EQUAL_TO'])
const TEXT_OPERATORS = new Set(['EQUAL_TO', 'MATCH', 'CONTAINS', 'NOT_CONTAINS'])

interface Filter {
  attribute: string
  operator: string
  value: string
}

const AMOUNT = /^(\d+(?:\.\d+)?)(?: ([A-Z]{3}))?$/

function numericOf(product: AdsRecord, attribute: string): { amount: number; currency?: string } | undefined {
  const value = product[attribute]
  if (typeof value === 'number') return { amount: value }
  if (typeof value !== 'string') return undefined
  const match = AMOUNT.exec(value)
  if (!match) return undefined
  return { amount: Number(match[1]), ...(match[2] ? { currency: match[2] } : {}) }
}

const fold = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

export function productPasses(product: AdsRecord, filter: Filter): boolean {
  if (NUMERIC_ATTRIBUTES.has(filter.attribute)) {
    const actual = numericOf(product, filter.attribute)
    const wanted = AMOUNT.exec(filter.value.trim())
    if (!actual || !wanted) return false
    if (wanted[2] && actual.currency !== wanted[2]) return false
    const target = Number(wanted[1])
    if (filter.operator === 'GREATER_THAN') return actual.amount > target
    if (filter.operator === 'LESS_THAN') return actual.amount < target
    return actual.amount === target
  }
  const value = product[filter.attribute]
  const text = typeof value === 'string' ? value : undefined
  switch (filter.operator) {
    case 'EQUAL_TO':
      return text === filter.value
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
    if (problems.length === 0 && typeof attribute === 'string' && typeof operator === 'string') {
      const numeric = NUMERIC_ATTRIBUTES.has(attribute)
      if (numeric && !NUMERIC_OPERATORS.has(operator))
        problems.push(`${operator} does not apply to ${attribute}; use GREATER_THAN, LESS_THAN or EQUAL_TO`)
      else if (!numeric && !TEXT_OPERATORS.has(operator))
        problems.push(
          `${operator} does not apply to ${attribute}; use EQUAL_TO, MATCH, CONTAINS or NOT_CONTAINS`,
        )
      else if (numeric && !AMOUNT.test(String(text).trim()))
        problems.push(
          `value must be a number${attribute === 'inventory' ? '' : ', optionally with a currency (20 USD)'}`,
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
