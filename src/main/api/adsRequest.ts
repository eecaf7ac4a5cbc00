import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import { decodeEnvelope } from './envelope'
import type { Envelope } from './envelope'
import type { ApiHosts } from './hosts'
import type { HttpClient, HttpMethod, QueryValue, RequestBody } from './http'
import type { OAuth1Credentials, SignedParams } from './oauth1'

/**
 * What every ads endpoint function shares (spec part B): the signed request context, the
 * versioned URLs, list options, form bodies and the envelope check of each answer.
 */

export interface AdsContext {
  http: HttpClient
  hosts: ApiHosts
  /** The user's consumer key/secret and access token/secret. */
  credentials: OAuth1Credentials
}

const API_VERSION = '12'

export interface ListOptions {
  count?: number
  cursor?: string
  sortBy?: string
  withDeleted?: boolean
  withTotalCount?: boolean
}

export function listQuery(options: ListOptions): Record<string, QueryValue> {
  return {
    count: options.count,
    cursor: options.cursor,
    sort_by: options.sortBy,
    with_deleted: options.withDeleted,
    with_total_count: options.withTotalCount,
  }
}

/**
 * Part A, shared conventions: `with_total_count` is exclusive with `cursor` (a total is asked
 * for on the first page only). Refused before anything is sent, so it is a local failure.
 */
export function refuseTotalCountWithCursor(query: Record<string, QueryValue> | undefined): void {
  const total = query?.with_total_count
  const cursor = query?.cursor
  if ((total === true || total === 'true') && cursor !== undefined && cursor !== null && cursor !== '') {
    throw new AppFailure(
      appError(
        'local_failure',
        'A total count can be asked for on the first page only, not together with a cursor',
        { field: 'with_total_count' },
      ),
    )
  }
}

export function segment(value: string): string {
  return encodeURIComponent(value)
}

export function adsUrl(base: string, path: string): string {
  return `${base}/${API_VERSION}${path}`
}

/** An ad account's URL on the ads host: `{ads_url}/12/accounts/:account_id` and the path after it. */
export function accountUrl(ctx: AdsContext, accountId: string, path = ''): string {
  return adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}${path}`)
}

export function formOf(fields: Record<string, QueryValue>): SignedParams {
  const form: SignedParams = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    form[key] = Array.isArray(value) ? value.join(',') : String(value)
  }
  return form
}

/** Parameters in the query, and a body when the endpoint takes one. */
export interface RequestParams {
  query?: Record<string, QueryValue>
  body?: RequestBody
}

export async function call<T>(
  ctx: AdsContext,
  method: HttpMethod,
  url: string,
  schema: z.ZodType<T>,
  params: RequestParams = {},
): Promise<Envelope<T>> {
  refuseTotalCountWithCursor(params.query)
  const response = await ctx.http.send({
    method,
    url,
    ...params,
    auth: { kind: 'oauth1', credentials: ctx.credentials },
  })
  return decodeEnvelope(response.json, schema)
}

/** A GET of a list: the envelope of an array of `item`, with its cursor. */
export function getList<T>(
  ctx: AdsContext,
  url: string,
  item: z.ZodType<T>,
  query?: Record<string, QueryValue>,
): Promise<Envelope<T[]>> {
  return call(ctx, 'GET', url, z.array(item), query ? { query } : {})
}

/** The list endpoint of an account's collection at `path`, paged with the usual list options. */
export function accountList<T>(
  path: string,
  item: z.ZodType<T>,
): (ctx: AdsContext, accountId: string, options?: ListOptions) => Promise<Envelope<T[]>> {
  return accountCollection(path, item).list
}

/**
 * A collection under an ad account (`accounts/:account_id` and `path`): its URL and the reads
 * and writes of its objects, each answering one object of `schema`.
 */
export function accountCollection<T>(path: string, schema: z.ZodType<T>) {
  const one = single(schema)
  const url = (ctx: AdsContext, accountId: string, id?: string) =>
    accountUrl(ctx, accountId, id === undefined ? path : `${path}/${segment(id)}`)
  return {
    url,
    /** The list, paged with the usual list options; `filters` are the collection's own. */
    list: (
      ctx: AdsContext,
      accountId: string,
      options: ListOptions = {},
      filters: Record<string, QueryValue> = {},
    ): Promise<Envelope<T[]>> =>
      getList(ctx, url(ctx, accountId), schema, { ...listQuery(options), ...filters }),
    get: (ctx: AdsContext, accountId: string, id: string, options: ReadOptions = {}): Promise<T> =>
      getOne(ctx, url(ctx, accountId, id), one, options),
    create: (ctx: AdsContext, accountId: string, fields: Record<string, QueryValue>): Promise<T> =>
      postForm(ctx, url(ctx, accountId), one, fields),
    update: (ctx: AdsContext, accountId: string, id: string, query: Record<string, QueryValue>): Promise<T> =>
      callData(ctx, 'PUT', url(ctx, accountId, id), one, { query }),
    remove: (ctx: AdsContext, accountId: string, id: string): Promise<T> =>
      callData(ctx, 'DELETE', url(ctx, accountId, id), one),
  }
}

/** A request whose answer is one object: its `data`. */
export async function callData<T>(
  ...request: [ctx: AdsContext, method: HttpMethod, url: string, schema: z.ZodType<T>, params?: RequestParams]
): Promise<T> {
  return (await call(...request)).data
}

/** Whether a read includes an object that was deleted. */
export interface ReadOptions {
  withDeleted?: boolean
}

/** A GET of one object, deleted ones too when asked. */
export function getOne<T>(ctx: AdsContext, url: string, schema: z.ZodType<T>, options: ReadOptions = {}) {
  return callData(ctx, 'GET', url, schema, { query: { with_deleted: options.withDeleted } })
}

/** A POST with its parameters in a signed form body (undefined and null ones left out): its `data`. */
export function postForm<T>(
  ctx: AdsContext,
  url: string,
  schema: z.ZodType<T>,
  fields: Record<string, QueryValue>,
): Promise<T> {
  return callData(ctx, 'POST', url, schema, { body: { kind: 'form', fields: formOf(fields) } })
}

/** The card read sample returns `data` as a one-element array; accept both forms. */
export function single<T extends z.ZodType>(schema: T) {
  return z.union([
    schema,
    z
      .array(schema)
      .length(1)
      .transform((items) => items[0] as z.infer<T>),
  ])
}
