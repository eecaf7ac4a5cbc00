import { z } from 'zod'
import { LIMITS } from '../../shared/rules/limits'
import { adsUrl, call, formOf, segment, type AdsContext } from './adsRequest'
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

const catalogsUrl = (ctx: AdsContext, path = ''): string =>
  adsUrl(ctx.hosts.adsUrl, `/product_catalogs${path}`)

// Product catalogs

export function listCatalogs(
  ctx: AdsContext,
  options: { cursor?: string; userId?: string } = {},
): Promise<Envelope<RemoteCatalog[]>> {
  return call(ctx, 'GET', catalogsUrl(ctx), z.array(catalogSchema), {
    query: { cursor: options.cursor, user_id: options.userId },
  })
}

export async function createCatalog(ctx: AdsContext, name: string): Promise<RemoteCatalog> {
  return (
    await call(ctx, 'POST', catalogsUrl(ctx), catalogSchema, {
      body: { kind: 'form', fields: formOf({ name }) },
    })
  ).data
}

export async function renameCatalog(
  ctx: AdsContext,
  catalogId: string,
  name: string,
): Promise<RemoteCatalog> {
  return (
    await call(ctx, 'PUT', catalogsUrl(ctx, `/${segment(catalogId)}`), catalogSchema, { query: { name } })
  ).data
}

export async function deleteCatalog(ctx: AdsContext, catalogId: string): Promise<RemoteCatalog> {
  return (await call(ctx, 'DELETE', catalogsUrl(ctx, `/${segment(catalogId)}`), catalogSchema)).data
}

// Products

export function listProducts(
  ctx: AdsContext,
  catalogId: string,
  options: { itemGroupKey?: string; count?: number; cursor?: string } = {},
): Promise<Envelope<RemoteProduct[]>> {
  return call(ctx, 'GET', catalogsUrl(ctx, `/${segment(catalogId)}/products`), z.array(remoteProductSchema), {
    query: { item_group_key: options.itemGroupKey, count: options.count, cursor: options.cursor },
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
  const response = await call(
    ctx,
    'PUT',
    catalogsUrl(ctx, `/${segment(catalogId)}/products`),
    putAnswerSchema,
    { body: { kind: 'json', value: { products } } },
  )
  return response.data.products_response
}

export async function deleteProducts(
  ctx: AdsContext,
  catalogId: string,
  productKeys: readonly string[],
): Promise<DeleteResult[]> {
  const response = await call(
    ctx,
    'DELETE',
    catalogsUrl(ctx, `/${segment(catalogId)}/products`),
    deleteAnswerSchema,
    { body: { kind: 'json', value: { product_keys: productKeys } } },
  )
  return response.data.delete_products
}

// Product sets

export async function getProductSet(
  ctx: AdsContext,
  catalogId: string,
  setId: string,
): Promise<RemoteProductSet> {
  return (
    await call(
      ctx,
      'GET',
      catalogsUrl(ctx, `/${segment(catalogId)}/product_sets/${segment(setId)}`),
      productSetSchema,
    )
  ).data
}

export interface ProductSetCreate {
  name: string
  description?: string
  type: 'MANUAL' | 'FILTERED'
  product_keys?: string[]
  filters?: { attribute: string; operator: string; value: string }[]
}

export async function createProductSet(
  ctx: AdsContext,
  catalogId: string,
  input: ProductSetCreate,
): Promise<RemoteProductSet> {
  return (
    await call(ctx, 'POST', catalogsUrl(ctx, `/${segment(catalogId)}/product_sets`), productSetSchema, {
      body: { kind: 'json', value: input },
    })
  ).data
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

export async function searchKeywords(ctx: AdsContext, search: KeywordSearch): Promise<KeywordInsight> {
  return (
    await call(ctx, 'GET', adsUrl(ctx.hosts.adsUrl, '/insights/keywords/search'), keywordInsightSchema, {
      query: {
        granularity: search.granularity,
        keywords: search.keywords,
        negative_keywords:
          search.negativeKeywords && search.negativeKeywords.length > 0 ? search.negativeKeywords : undefined,
        start_time: search.startTime,
        end_time: search.endTime,
        location: search.location,
      },
    })
  ).data
}
