import { z } from 'zod'
import { LIMITS } from '../../shared/rules/limits'
import type { AdsContext } from './adsRequest'
import { adsUrl, callData, getList, postForm, segment } from './adsRequest'
import type { Envelope } from './envelope'

/**
 * One typed function per endpoint of spec part A's catalogs and keyword insights: product
 * catalogs, products, product sets, keyword search. Same conventions as ads.ts: POST
 * parameters in a signed form body unless the endpoint takes JSON; PUT/GET/DELETE in the query.
 */

export const catalogSchema = z.object({ id: z.string(), name: z.string() }).loose()
export type RemoteCatalog = z.infer<typeof catalogSchema>

/** A product as read: every field, null when unset (values are checked where they are used). */
export const remoteProductSchema = z
  .object({
    id: z.string(),
    product_key: z.string().nullish(),
    item_group_key: z.string().nullish(),
  })
  .catchall(z.unknown())
export type RemoteProduct = z.infer<typeof remoteProductSchema>

/** The platform's per-item messages; objects {code, message, parameter} or plain strings. */
const itemIssueSchema = z.union([
  z.string().transform((message): { message: string; field?: string } => ({ message })),
  z
    .object({
      message: z.string().optional(),
      parameter: z.string().optional(),
      code: z.unknown().optional(),
    })
    .loose()
    .transform((issue) => ({
      message: issue.message ?? (typeof issue.code === 'string' ? issue.code : 'Refused by the platform'),
      ...(issue.parameter ? { field: issue.parameter } : {}),
    })),
])
export type ItemIssue = z.output<typeof itemIssueSchema>

export const productResponseSchema = z.object({
  warnings: z
    .array(itemIssueSchema)
    .nullish()
    .transform((value) => value ?? []),
  errors: z
    .array(itemIssueSchema)
    .nullish()
    .transform((value) => value ?? []),
  product_key: z.string().nullish(),
  id: z.string().nullish(),
  status: z.enum(
    LIMITS.product.putStatuses.values as ['CREATE_SUCCESS', 'UPDATE_SUCCESS', 'ERROR', 'NO_CHANGE'],
  ),
})
export type ProductResponse = z.output<typeof productResponseSchema>

export const deleteResultSchema = z.object({
  product_key: z.string().nullish(),
  failed_product_key: z.string().nullish(),
  message: z.string().nullish(),
})
export type DeleteResult = z.infer<typeof deleteResultSchema>

const filterSchema = z.object({
  attribute: z.string(),
  operator: z.string(),
  value: z.union([z.string(), z.number()]),
})
export const productSetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    type: z.string(),
    product_ids: z.array(z.string()).nullish(),
    filters: z.array(filterSchema).nullish(),
    processing_status: z.string().nullish(),
  })
  .loose()
export type RemoteProductSet = z.infer<typeof productSetSchema>

export const keywordInsightSchema = z.object({
  related_keywords: z.array(z.string()),
  post_volume: z.array(z.number()),
})
export type KeywordInsight = z.infer<typeof keywordInsightSchema>

/** `product_catalogs`, and below it the path segments given (each encoded). */
const catalogsUrl = (ctx: AdsContext, ...segments: string[]): string =>
  adsUrl(ctx.hosts.adsUrl, ['/product_catalogs', ...segments.map(segment)].join('/'))

// Product catalogs

export function listCatalogs(
  ctx: AdsContext,
  options: { cursor?: string; userId?: string } = {},
): Promise<Envelope<RemoteCatalog[]>> {
  return getList(ctx, catalogsUrl(ctx), catalogSchema, { cursor: options.cursor, user_id: options.userId })
}

export function createCatalog(ctx: AdsContext, name: string): Promise<RemoteCatalog> {
  return postForm(ctx, catalogsUrl(ctx), catalogSchema, { name })
}

export function renameCatalog(ctx: AdsContext, catalogId: string, name: string): Promise<RemoteCatalog> {
  return callData(ctx, 'PUT', catalogsUrl(ctx, catalogId), catalogSchema, { query: { name } })
}

export function deleteCatalog(ctx: AdsContext, catalogId: string): Promise<RemoteCatalog> {
  return callData(ctx, 'DELETE', catalogsUrl(ctx, catalogId), catalogSchema)
}

// Products

export function listProducts(
  ctx: AdsContext,
  catalogId: string,
  options: { itemGroupKey?: string; count?: number; cursor?: string } = {},
): Promise<Envelope<RemoteProduct[]>> {
  return getList(ctx, catalogsUrl(ctx, catalogId, 'products'), remoteProductSchema, {
    item_group_key: options.itemGroupKey,
    count: options.count,
    cursor: options.cursor,
  })
}

// Built once: zod compiles an object schema on its first parse, so a schema built per call paid
// that on every answer (400 a 10,000-product import).
const putAnswerSchema = z.object({ products_response: z.array(productResponseSchema) })
const deleteAnswerSchema = z.object({ delete_products: z.array(deleteResultSchema) })

/** Up to 25 products (LIMITS.product.putBatch); the answer is per item, in request order. */
export async function putProducts(
  ctx: AdsContext,
  catalogId: string,
  products: readonly Record<string, unknown>[],
): Promise<ProductResponse[]> {
  const body = { kind: 'json' as const, value: { products } }
  const answer = await callData(ctx, 'PUT', catalogsUrl(ctx, catalogId, 'products'), putAnswerSchema, {
    body,
  })
  return answer.products_response
}

export async function deleteProducts(
  ctx: AdsContext,
  catalogId: string,
  productKeys: readonly string[],
): Promise<DeleteResult[]> {
  const body = { kind: 'json' as const, value: { product_keys: productKeys } }
  const url = catalogsUrl(ctx, catalogId, 'products')
  return (await callData(ctx, 'DELETE', url, deleteAnswerSchema, { body })).delete_products
}

// Product sets

export function getProductSet(ctx: AdsContext, catalogId: string, setId: string): Promise<RemoteProductSet> {
  return callData(ctx, 'GET', catalogsUrl(ctx, catalogId, 'product_sets', setId), productSetSchema)
}

export interface ProductSetCreate {
  name: string
  description?: string
  type: 'MANUAL' | 'FILTERED'
  product_keys?: string[]
  filters?: { attribute: string; operator: string; value: string }[]
}

export function createProductSet(
  ctx: AdsContext,
  catalogId: string,
  input: ProductSetCreate,
): Promise<RemoteProductSet> {
  const body = { kind: 'json' as const, value: input }
  return callData(ctx, 'POST', catalogsUrl(ctx, catalogId, 'product_sets'), productSetSchema, { body })
}

// Keyword insights

export interface KeywordSearch {
  granularity: 'DAY' | 'HOUR'
  keywords: readonly string[]
  negativeKeywords?: readonly string[]
  startTime: string
  endTime?: string
  location?: string
}

export function searchKeywords(ctx: AdsContext, search: KeywordSearch): Promise<KeywordInsight> {
  const negatives = search.negativeKeywords
  return callData(ctx, 'GET', adsUrl(ctx.hosts.adsUrl, '/insights/keywords/search'), keywordInsightSchema, {
    query: {
      granularity: search.granularity,
      keywords: search.keywords,
      negative_keywords: negatives && negatives.length > 0 ? negatives : undefined,
      start_time: search.startTime,
      end_time: search.endTime,
      location: search.location,
    },
  })
}
