import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, longId } from '../state'
import { findCatalog } from './catalogs'
import { AdsInput, adsCaller, adsFailure, listParameterNames, listReply, readList, single } from './core'
import type { AdsIssue, ListSpec } from './core'
import { checkProductImage } from './productImages'

/**
 * Products of a catalog (spec part A, "Products" and the product field table). A batch PUT
 * answers per item: invalid items are reported with `errors` and status ERROR while the rest of
 * the batch is applied. Choices where the spec is silent are commented where they are made.
 */

export const PRODUCTS_PER_PUT = 25
const PRODUCT_LIST: ListSpec = { countDefault: 100, countMax: 100, withTotalCount: true, withDeleted: false }
export const TITLE_MAX = 150
export const DESCRIPTION_MAX = 5000
export const ADDITIONAL_IMAGES_MAX = 10

export const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued']
export const CONDITION = ['new', 'used', 'refurbished']
export const GENDER = ['female', 'male', 'unisex']
export const AGE_GROUP = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn']
const CUSTOM_LABELS = [
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
]

/** Every public product field, in the spec's order; a read returns all of them, null when unset. */
export const PRODUCT_FIELDS = [
  'id',
  'product_key',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'gtin',
  'mpn',
  'mobile_link',
  'additional_image_link',
  'google_product_category',
  'product_type',
  'inventory',
  'sale_price',
  'sale_price_effective_date',
  'item_group_id',
  'item_group_key',
  'gender',
  'color',
  'size',
  'age_group',
  ...CUSTOM_LABELS,
] as const

/** Fields a client submits; product_key and item_group_key are the service's. */
const SUBMITTED_FIELDS = PRODUCT_FIELDS.filter((f) => f !== 'product_key' && f !== 'item_group_key')
const VARIANT_FIELDS = ['size', 'color', 'age_group', 'gender']

const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/
const ISO_MINUTES = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/
// UPC (12), EAN (13, or 8), JAN (8 or 13), ISBN (10, last may be X, or 13), GTIN-14.
const GTIN = /^(\d{8}|\d{9}[\dX]|\d{12,14})$/
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$|^[0-9a-f]{6}$/i

type Submitted = Record<string, string | number | null>

interface CheckedItem {
  index: number
  id?: string
  product?: Submitted
  errors: AdsIssue[]
  warnings: AdsIssue[]
  /** Image URLs to fetch and check: [field, url]. */
  images: [string, string][]
}

function issue(code: string, parameter: string, message: string): AdsIssue {
  return { code, parameter, message }
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.length > 0
  } catch {
    return false
  }
}

function parsePrice(value: string): { amount: number; currency: string } | undefined {
  const match = PRICE.exec(value)
  return match ? { amount: Number(match[1]), currency: match[2] ?? '' } : undefined
}

/** Checks one submitted product: shape, required fields and the per-field rules of the table. */
function checkItem(raw: unknown, index: number): CheckedItem {
  const checked: CheckedItem = { index, errors: [], warnings: [], images: [] }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    checked.errors.push(issue('INVALID_PARAMETER', 'products', 'Each product must be a JSON object'))
    return checked
  }
  const item = raw as Record<string, unknown>
  const product: Submitted = {}
  const error = (parameter: string, message: string, code = 'INVALID_PARAMETER'): void => {
    checked.errors.push(issue(code, parameter, message))
  }
  for (const [name, value] of Object.entries(item)) {
    if (name === 'product_key' || name === 'item_group_key') continue
    if (!(SUBMITTED_FIELDS as readonly string[]).includes(name)) {
      // Unknown attributes do not spoil the product; the platform reports them and ignores them.
      checked.warnings.push(
        issue('UNKNOWN_PARAMETER', name, `${name} is not a product field and was ignored`),
      )
      continue
    }
    if (value === null || value === undefined || value === '') continue
    if (name === 'inventory') {
      const text = typeof value === 'number' ? String(value) : value
      if (typeof text !== 'string' || !/^-?\d{1,9}$/.test(text)) error(name, 'inventory must be an integer')
      else product.inventory = Number(text)
      continue
    }
    if (typeof value !== 'string') {
      error(name, `${name} must be a string`)
      continue
    }
    product[name] = value
  }
  if (item.item_group_key !== undefined && item.item_group_key !== null) {
    checked.warnings.push(
      issue(
        'READ_ONLY_FIELD',
        'item_group_key',
        'item_group_key is generated by the service; the value sent was ignored',
      ),
    )
  }
  const text = (name: string): string | undefined => {
    const value = product[name]
    return typeof value === 'string' ? value : undefined
  }

  const id = text('id')
  if (id === undefined || id.trim() === '') error('id', 'id is required', 'MISSING_PARAMETER')
  else checked.id = id
  for (const required of [
    'title',
    'description',
    'availability',
    'condition',
    'price',
    'link',
    'image_link',
  ]) {
    if (text(required) === undefined && product[required] === undefined)
      error(required, `${required} is required`, 'MISSING_PARAMETER')
  }
  const title = text('title')
  if (title !== undefined && [...title].length > TITLE_MAX)
    error('title', `title must be at most ${TITLE_MAX} characters (got ${[...title].length})`)
  const description = text('description')
  if (description !== undefined) {
    if ([...description].length > DESCRIPTION_MAX)
      error(
        'description',
        `description must be at most ${DESCRIPTION_MAX} characters (got ${[...description].length})`,
      )
    if (HTML_TAG.test(description)) error('description', 'description must be plain text, without HTML')
  }
  const enumField = (name: string, options: readonly string[]): void => {
    const value = text(name)
    if (value !== undefined && !options.includes(value))
      error(name, `${name} must be one of ${options.join(', ')} (got ${value})`)
  }
  enumField('availability', AVAILABILITY)
  enumField('condition', CONDITION)
  enumField('gender', GENDER)
  enumField('age_group', AGE_GROUP)

  const priceText = text('price')
  const price = priceText === undefined ? undefined : parsePrice(priceText)
  if (priceText !== undefined && !price)
    error('price', 'price must be a number, a space and a 3-letter ISO 4217 code, e.g. 19.99 USD')
  const saleText = text('sale_price')
  if (saleText !== undefined) {
    const sale = parsePrice(saleText)
    if (!sale) error('sale_price', 'sale_price must be a number, a space and a 3-letter ISO 4217 code')
    else if (price && sale.currency !== price.currency)
      error('sale_price', `sale_price must be in the currency of price (${price.currency})`)
    else if (price && sale.amount >= price.amount) error('sale_price', 'sale_price must be lower than price')
  }
  const effective = text('sale_price_effective_date')
  if (effective !== undefined) {
    const [start, end, extra] = effective.split('/')
    if (extra !== undefined || !start || !end || !ISO_MINUTES.test(start) || !ISO_MINUTES.test(end)) {
      error(
        'sale_price_effective_date',
        'sale_price_effective_date must be an ISO 8601 range <start>/<end> with minutes and a zone offset',
      )
    } else if (Date.parse(start) >= Date.parse(end)) {
      error('sale_price_effective_date', 'sale_price_effective_date must end after it starts')
    }
  }
  for (const name of ['link', 'mobile_link']) {
    const value = text(name)
    if (value !== undefined && !isHttpsUrl(value)) error(name, `${name} must be an https URL`)
  }
  const image = text('image_link')
  if (image !== undefined) checked.images.push(['image_link', image])
  const additional = text('additional_image_link')
  if (additional !== undefined) {
    const urls = additional.split(',').map((url) => url.trim())
    if (urls.some((url) => url === ''))
      error('additional_image_link', 'additional_image_link has an empty entry')
    else if (urls.length > ADDITIONAL_IMAGES_MAX)
      error(
        'additional_image_link',
        `additional_image_link holds at most ${ADDITIONAL_IMAGES_MAX} URLs (got ${urls.length})`,
      )
    else for (const url of urls) checked.images.push(['additional_image_link', url])
  }
  const gtin = text('gtin')
  if (gtin !== undefined && !GTIN.test(gtin))
    error('gtin', 'gtin must be a UPC, EAN, JAN or ISBN: 8, 10, 12, 13 or 14 digits')
  if (text('brand') === undefined && gtin === undefined && text('mpn') === undefined)
    error('brand', 'Give brand, gtin or mpn: one of them is required', 'MISSING_PARAMETER')
  const inventory = product.inventory
  if (typeof inventory === 'number') {
    if (inventory < 0) error('inventory', 'inventory cannot be negative')
    else if (inventory < 1 && text('availability') === 'in stock')
      error('inventory', 'inventory must be at least 1 when availability is in stock')
  }
  const colour = text('color')
  if (colour !== undefined && HEX_COLOUR.test(colour.trim()))
    error('color', 'color must be a colour name, not a hex code')
  // "Required when variants exist": the sandbox cannot know of variants submitted elsewhere,
  // so variant attributes without a group are a warning, not an error.
  const variants = VARIANT_FIELDS.filter((name) => text(name) !== undefined)
  if (variants.length > 0 && text('item_group_id') === undefined) {
    checked.warnings.push(
      issue(
        'MISSING_ITEM_GROUP',
        'item_group_id',
        `${variants.join(', ')} ${variants.length === 1 ? 'describes' : 'describe'} a variant; give item_group_id to group variants`,
      ),
    )
  }
  checked.product = product
  return checked
}

async function checkImages(checked: CheckedItem, now: number): Promise<void> {
  for (const [field, url] of checked.images) {
    const result = await checkProductImage(url, now)
    if (result.kind === 'bad')
      checked.errors.push(issue('INVALID_IMAGE', field, `${field} ${url} ${result.message}`))
    else if (result.kind === 'unchecked')
      checked.warnings.push(
        issue('IMAGE_NOT_CHECKED', field, `${field} ${url} was not checked: ${result.reason}`),
      )
  }
}

function sameSubmission(record: AdsRecord, product: Submitted): boolean {
  return SUBMITTED_FIELDS.every((field) => (record[field] ?? null) === (product[field] ?? null))
}

export function presentProduct(record: AdsRecord): Record<string, unknown> {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, record[field] ?? null]))
}

interface ProductIndex {
  array: AdsRecord[]
  length: number
  byId: Map<string, AdsRecord>
  byKey: Map<string, AdsRecord>
  groupKeys: Map<string, string>
}
let cachedIndex: ProductIndex | undefined
const slot = (catalogId: unknown, value: unknown): string => `${String(catalogId)}\n${String(value)}`

/**
 * Lookups by (catalog, id), (catalog, product_key) and (catalog, item_group_id). A catalog of
 * 10,000 products answers 400 batches of 25; scanning the list per item made that quadratic.
 * The index follows the products array (rebuilt when it is replaced or changed elsewhere).
 */
export function productIndex(rt: Runtime): ProductIndex {
  const array = rt.state.products
  if (cachedIndex?.array === array && cachedIndex.length === array.length) return cachedIndex
  const index: ProductIndex = {
    array,
    length: array.length,
    byId: new Map(),
    byKey: new Map(),
    groupKeys: new Map(),
  }
  for (const product of array) indexProduct(index, product)
  cachedIndex = index
  return index
}

function indexProduct(index: ProductIndex, product: AdsRecord): void {
  index.byId.set(slot(product._catalog, product.id), product)
  if (typeof product.product_key === 'string')
    index.byKey.set(slot(product._catalog, product.product_key), product)
  if (typeof product.item_group_id === 'string' && typeof product.item_group_key === 'string')
    index.groupKeys.set(slot(product._catalog, product.item_group_id), product.item_group_key)
}

function addProduct(rt: Runtime, product: AdsRecord): void {
  const index = productIndex(rt)
  rt.state.products.push(product)
  index.length += 1
  indexProduct(index, product)
}

function removeProduct(rt: Runtime, product: AdsRecord): void {
  const index = productIndex(rt)
  rt.state.products.splice(rt.state.products.indexOf(product), 1)
  index.length -= 1
  index.byId.delete(slot(product._catalog, product.id))
  index.byKey.delete(slot(product._catalog, product.product_key))
}

/** A group's key, shared by every product of the catalog with that item_group_id. */
function groupKeyFor(rt: Runtime, catalogId: unknown, groupId: string): string {
  return productIndex(rt).groupKeys.get(slot(catalogId, groupId)) ?? `ig${longId(rt.state)}`
}

export function productByKey(rt: Runtime, catalogId: unknown, key: string): AdsRecord | undefined {
  return productIndex(rt).byKey.get(slot(catalogId, key))
}

/** Products keep submission order through `_order`, the cursor tie-breaker after created_at. */
function nextOrder(rt: Runtime): string {
  return String(rt.state.seq + 1).padStart(15, '0')
}

function requireJson(ctx: RequestContext): void {
  if (ctx.contentType !== 'application/json' || ctx.json === undefined) {
    throw adsFailure(ctx, 400, [
      {
        code: 'INVALID_CONTENT_TYPE',
        message: 'Send a JSON body with Content-Type application/json',
      },
    ])
  }
}

/**
 * "A read returns only the first submitted product of a group." Asked for one group
 * (`item_group_key`), the list shows all of that group's variants: otherwise the filter could
 * only ever return one product.
 */
function visibleProducts(rt: Runtime, catalogId: unknown, groupKey: string | undefined): AdsRecord[] {
  const own = rt.state.products.filter((p) => p._catalog === catalogId)
  if (groupKey !== undefined) return own.filter((p) => p.item_group_key === groupKey)
  const seenGroups = new Set<unknown>()
  return [...own]
    .sort((a, b) => String(a._order).localeCompare(String(b._order)))
    .filter((p) => {
      if (p.item_group_key === null || p.item_group_key === undefined) return true
      if (seenGroups.has(p.item_group_key)) return false
      seenGroups.add(p.item_group_key)
      return true
    })
}

const PRODUCTS_PATH = '/product_catalogs/:product_catalog_id/products'

export const productRoutes: Route[] = [
  {
    method: 'GET',
    pattern: PRODUCTS_PATH,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const catalog = findCatalog(ctx, rt, caller)
      const input = new AdsInput(ctx, ['item_group_key', ...listParameterNames(PRODUCT_LIST)])
      const groupKey = input.string('item_group_key')
      const list = readList(input, PRODUCT_LIST)
      input.finish()
      return listReply(
        ctx,
        rt,
        caller,
        visibleProducts(rt, catalog.id, groupKey),
        list,
        '_order',
        presentProduct,
      )
    },
  },
  {
    method: 'PUT',
    pattern: PRODUCTS_PATH,
    handler: async (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const catalog = findCatalog(ctx, rt, caller)
      requireJson(ctx)
      const input = new AdsInput(ctx, ['products'], 'json')
      const raw = input.raw('products')
      if (raw === undefined || raw === null) input.missing('products')
      else if (!Array.isArray(raw)) input.invalid('products', 'products must be an array of product objects')
      else if (raw.length === 0) input.invalid('products', 'products must hold at least one product')
      else if (raw.length > PRODUCTS_PER_PUT)
        input.invalid(
          'products',
          `products holds at most ${PRODUCTS_PER_PUT} products per request (got ${raw.length})`,
        )
      input.finish()
      const items = (raw as unknown[]).map(checkItem)
      await Promise.all(items.map((item) => checkImages(item, ctx.now)))
      // "Duplicated ids in one request are all ignored": each copy is answered ERROR.
      const idCounts = new Map<string, number>()
      for (const item of items)
        if (item.id !== undefined) idCounts.set(item.id, (idCounts.get(item.id) ?? 0) + 1)
      const stamp = isoSeconds(ctx.now)
      const response = items.map((item) => {
        const existing =
          item.id === undefined ? undefined : productIndex(rt).byId.get(slot(catalog.id, item.id))
        const sentKey = (raw as Record<string, unknown>[])[item.index]?.product_key
        if (item.id !== undefined && (idCounts.get(item.id) ?? 0) > 1) {
          item.errors.push(
            issue(
              'DUPLICATE_ID',
              'id',
              `id ${item.id} appears more than once in this request; every copy was ignored`,
            ),
          )
        } else if (sentKey !== undefined && sentKey !== null && sentKey !== existing?.product_key) {
          item.errors.push(
            issue('INVALID_PARAMETER', 'product_key', `product_key does not belong to id ${item.id}`),
          )
        }
        const answer = (status: string, record?: AdsRecord) => ({
          warnings: item.warnings,
          errors: item.errors,
          product_key: record?.product_key ?? existing?.product_key ?? null,
          id: item.id ?? null,
          status,
        })
        if (item.errors.length > 0 || !item.product || item.id === undefined) return answer('ERROR')
        const product = item.product
        if (existing && sameSubmission(existing, product)) return answer('NO_CHANGE', existing)
        const groupId = typeof product.item_group_id === 'string' ? product.item_group_id : undefined
        const groupKey =
          groupId === undefined
            ? null
            : existing?.item_group_id === groupId
              ? (existing.item_group_key as string)
              : groupKeyFor(rt, catalog.id, groupId)
        const fields = Object.fromEntries(SUBMITTED_FIELDS.map((field) => [field, product[field] ?? null]))
        if (existing) {
          Object.assign(existing, fields, { item_group_key: groupKey, updated_at: stamp })
          indexProduct(productIndex(rt), existing)
          return answer('UPDATE_SUCCESS', existing)
        }
        const record: AdsRecord = {
          ...fields,
          product_key: longId(rt.state),
          item_group_key: groupKey,
          created_at: stamp,
          updated_at: stamp,
          deleted: false,
          _catalog: catalog.id,
          _order: nextOrder(rt),
        }
        rt.state.seq += 1
        addProduct(rt, record)
        rt.state.created.products += 1
        return answer('CREATE_SUCCESS', record)
      })
      return single(ctx, { products_response: response })
    },
  },
  {
    method: 'DELETE',
    pattern: PRODUCTS_PATH,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const catalog = findCatalog(ctx, rt, caller)
      requireJson(ctx)
      const input = new AdsInput(ctx, ['product_keys'], 'json')
      const raw = input.raw('product_keys')
      if (raw === undefined || raw === null) input.missing('product_keys')
      else if (!Array.isArray(raw) || raw.some((key) => typeof key !== 'string' || key === ''))
        input.invalid('product_keys', 'product_keys must be an array of product keys (strings)')
      else if (raw.length === 0) input.invalid('product_keys', 'product_keys must hold at least one key')
      input.finish()
      const results = (raw as string[]).map((key) => {
        const product = productByKey(rt, catalog.id, key)
        if (!product)
          return {
            product_key: null,
            failed_product_key: key,
            message: `No product with key ${key} in this catalog`,
          }
        removeProduct(rt, product)
        return { product_key: key, failed_product_key: null, message: 'Deleted' }
      })
      return single(ctx, { delete_products: results })
    },
  },
]
