import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, longId, touch } from '../state'
import { findCatalog } from './catalogs'
import { AdsInput, adsCaller, adsFailure, listParameterNames, listReply, readList, single } from './core'
import type { ListSpec } from './core'
import {
  SUBMITTED_FIELDS,
  checkImages,
  checkItem,
  issue,
  presentProduct,
  sameSubmission,
} from './productRules'

/**
 * Products of a catalog (spec part A, "Products" and the product field table). A batch PUT
 * answers per item: invalid items are reported with `errors` and status ERROR while the rest of
 * the batch is applied. Choices where the spec is silent are commented where they are made.
 */

export const PRODUCTS_PER_PUT = 25
const PRODUCT_LIST: ListSpec = { countDefault: 100, countMax: 100, withTotalCount: true, withDeleted: false }

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

export function removeProduct(rt: Runtime, product: AdsRecord): void {
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
          Object.assign(existing, fields, { item_group_key: groupKey })
          touch(existing, ctx.now)
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
