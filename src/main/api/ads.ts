import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import type { OAuth1Credentials, SignedParams } from './oauth1'
import { decodeEnvelope } from './envelope'
import type { Envelope } from './envelope'
import type { ApiHosts } from './hosts'
import type { HttpClient, HttpMethod, QueryValue, RequestBody } from './http'

/**
 * One thin typed function per ads endpoint the app uses (spec part B). Each builds the path,
 * maps camelCase options to the wire names, and validates the envelope; nothing else.
 * POST parameters travel as a signed form body, GET/PUT/DELETE parameters in the query.
 */

export interface AdsContext {
  http: HttpClient
  hosts: ApiHosts
  /** The user's consumer key/secret and access token/secret. */
  credentials: OAuth1Credentials
}

const API_VERSION = '12'

export const accountSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    approval_status: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type Account = z.infer<typeof accountSchema>

export const mediaLibraryObjectSchema = z
  .object({
    media_key: z.string(),
    media_type: z.string().nullish(),
    media_category: z.string().nullish(),
    media_status: z.string().nullish(),
    media_url: z.string().nullish(),
    name: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type MediaLibraryObject = z.infer<typeof mediaLibraryObjectSchema>

export const cardSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    card_type: z.string().nullish(),
    card_uri: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type Card = z.infer<typeof cardSchema>

export const postSchema = z
  .object({
    id: z.union([z.number(), z.string()]).optional(),
    id_str: z.string(),
    name: z.string().nullish(),
  })
  .loose()
export type Post = z.infer<typeof postSchema>

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

export function formOf(fields: Record<string, QueryValue>): SignedParams {
  const form: SignedParams = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue
    form[key] = Array.isArray(value) ? value.join(',') : String(value)
  }
  return form
}

export async function call<T>(
  ctx: AdsContext,
  method: HttpMethod,
  url: string,
  schema: z.ZodType<T>,
  params: { query?: Record<string, QueryValue>; body?: RequestBody } = {},
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

// Accounts

export function listAccounts(
  ctx: AdsContext,
  options: ListOptions & { accountIds?: string[]; q?: string } = {},
): Promise<Envelope<Account[]>> {
  return call(ctx, 'GET', adsUrl(ctx.hosts.adsUrl, '/accounts'), z.array(accountSchema), {
    query: { ...listQuery(options), account_ids: options.accountIds, q: options.q },
  })
}

export async function getAccount(
  ctx: AdsContext,
  accountId: string,
  options: { withDeleted?: boolean } = {},
) {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}`)
  return (await call(ctx, 'GET', url, accountSchema, { query: { with_deleted: options.withDeleted } })).data
}

/** Feature keys the account has, out of those asked for (all when none are given). */
export async function listAccountFeatures(
  ctx: AdsContext,
  accountId: string,
  featureKeys?: string[],
): Promise<string[]> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/features`)
  return (await call(ctx, 'GET', url, z.array(z.string()), { query: { feature_keys: featureKeys } })).data
}

/** Sandbox host only. */
export async function createSandboxAccount(ctx: AdsContext): Promise<Account> {
  return (await call(ctx, 'POST', adsUrl(ctx.hosts.adsSandboxUrl, '/accounts'), accountSchema)).data
}

// Media library

export function listMediaLibrary(
  ctx: AdsContext,
  accountId: string,
  options: { count?: number; cursor?: string; mediaType?: string; q?: string } = {},
): Promise<Envelope<MediaLibraryObject[]>> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/media_library`)
  return call(ctx, 'GET', url, z.array(mediaLibraryObjectSchema), {
    query: { count: options.count, cursor: options.cursor, media_type: options.mediaType, q: options.q },
  })
}

export async function getMediaLibraryObject(ctx: AdsContext, accountId: string, mediaKey: string) {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/media_library/${segment(mediaKey)}`)
  return (await call(ctx, 'GET', url, mediaLibraryObjectSchema)).data
}

/** DELETE media_library/:media_key: the object comes back with `deleted` true. */
export async function deleteMediaLibraryObject(ctx: AdsContext, accountId: string, mediaKey: string) {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/media_library/${segment(mediaKey)}`)
  return (await call(ctx, 'DELETE', url, mediaLibraryObjectSchema)).data
}

/** The fields a media library PUT may change (B:91), wire-named; '' clears a text field. */
export interface MediaLibraryChanges {
  name?: string
  file_name?: string
  description?: string
  title?: string
  poster_media_key?: string
}

/** PUT media_library/:media_key: only the fields given change; the object comes back. */
export async function updateMediaLibraryObject(
  ctx: AdsContext,
  accountId: string,
  mediaKey: string,
  changes: MediaLibraryChanges,
) {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/media_library/${segment(mediaKey)}`)
  return (await call(ctx, 'PUT', url, mediaLibraryObjectSchema, { query: { ...changes } })).data
}

export interface MediaLibraryCreate {
  mediaKey: string
  name?: string
  fileName?: string
  description?: string
  title?: string
  posterMediaKey?: string
}

export async function createMediaLibraryObject(
  ctx: AdsContext,
  accountId: string,
  input: MediaLibraryCreate,
) {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/media_library`)
  const fields = formOf({
    media_key: input.mediaKey,
    name: input.name,
    file_name: input.fileName,
    description: input.description,
    title: input.title,
    poster_media_key: input.posterMediaKey,
  })
  return (await call(ctx, 'POST', url, mediaLibraryObjectSchema, { body: { kind: 'form', fields } })).data
}

// Cards (component cards)

export function listCards(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & {
    cardTypes?: string[]
    cardIds?: string[]
    cardUris?: string[]
    includeLegacyCards?: boolean
    q?: string
  } = {},
): Promise<Envelope<Card[]>> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards`)
  return call(ctx, 'GET', url, z.array(cardSchema), {
    query: {
      ...listQuery(options),
      card_types: options.cardTypes,
      card_id: options.cardIds,
      card_uris: options.cardUris,
      include_legacy_cards: options.includeLegacyCards,
      q: options.q,
    },
  })
}

export async function getCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  options: { withDeleted?: boolean } = {},
) {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/${segment(cardId)}`)
  return (await call(ctx, 'GET', url, single(cardSchema), { query: { with_deleted: options.withDeleted } }))
    .data
}

/** Components and slides are passed through as JSON; their rules live in src/shared. */
export type CardCreate = { name: string } & (
  | { components: readonly unknown[]; slides?: never }
  | { slides: readonly (readonly unknown[])[]; components?: never }
)

export async function createCard(ctx: AdsContext, accountId: string, input: CardCreate): Promise<Card> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards`)
  return (await call(ctx, 'POST', url, cardSchema, { body: { kind: 'json', value: input } })).data
}

/**
 * Update of a card (spec part B): a JSON body where each supplied field replaces the stored one.
 * Its HTTP method is "not shown"; the platform publicly updates cards with PUT.
 */
export type CardUpdate = { name?: string } & (
  | { components?: readonly unknown[]; slides?: never }
  | { slides?: readonly (readonly unknown[])[]; components?: never }
)

export async function updateCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  input: CardUpdate,
): Promise<Card> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/${segment(cardId)}`)
  return (await call(ctx, 'PUT', url, single(cardSchema), { body: { kind: 'json', value: input } })).data
}

export async function deleteCard(ctx: AdsContext, accountId: string, cardId: string): Promise<Card> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/${segment(cardId)}`)
  return (await call(ctx, 'DELETE', url, single(cardSchema))).data
}

// Poll cards

export interface PollCardCreate {
  name: string
  durationInMinutes: number
  firstChoice: string
  secondChoice: string
  thirdChoice?: string
  fourthChoice?: string
  mediaKey?: string
}

export async function createPollCard(
  ctx: AdsContext,
  accountId: string,
  input: PollCardCreate,
): Promise<Card> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/poll`)
  const fields = formOf({
    name: input.name,
    duration_in_minutes: input.durationInMinutes,
    first_choice: input.firstChoice,
    second_choice: input.secondChoice,
    third_choice: input.thirdChoice,
    fourth_choice: input.fourthChoice,
    media_key: input.mediaKey,
  })
  return (await call(ctx, 'POST', url, cardSchema, { body: { kind: 'form', fields } })).data
}

export function listPollCards(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { cardIds?: string[]; q?: string } = {},
): Promise<Envelope<Card[]>> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/poll`)
  return call(ctx, 'GET', url, z.array(cardSchema), {
    query: { ...listQuery(options), card_ids: options.cardIds, q: options.q },
  })
}

// Video conversation cards

export interface VideoConversationCardCreate {
  name: string
  firstCta: string
  firstCtaPost: string
  mediaKey: string
  thankYouText: string
  title?: string
  secondCta?: string
  secondCtaPost?: string
  thirdCta?: string
  thirdCtaPost?: string
  fourthCta?: string
  fourthCtaPost?: string
  posterMediaKey?: string
  thankYouUrl?: string
  unlockedImageMediaKey?: string
  unlockedVideoMediaKey?: string
}

export async function createVideoConversationCard(
  ctx: AdsContext,
  accountId: string,
  input: VideoConversationCardCreate,
): Promise<Card> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/video_conversation`)
  const fields = formOf({
    name: input.name,
    first_cta: input.firstCta,
    first_cta_post: input.firstCtaPost,
    media_key: input.mediaKey,
    thank_you_text: input.thankYouText,
    title: input.title,
    second_cta: input.secondCta,
    second_cta_post: input.secondCtaPost,
    third_cta: input.thirdCta,
    third_cta_post: input.thirdCtaPost,
    fourth_cta: input.fourthCta,
    fourth_cta_post: input.fourthCtaPost,
    poster_media_key: input.posterMediaKey,
    thank_you_url: input.thankYouUrl,
    unlocked_image_media_key: input.unlockedImageMediaKey,
    unlocked_video_media_key: input.unlockedVideoMediaKey,
  })
  return (await call(ctx, 'POST', url, cardSchema, { body: { kind: 'form', fields } })).data
}

/**
 * PUT accounts/:account_id/cards/video_conversation/:card_id: "the same optional fields" as
 * creation, by their wire names. Only the fields given are sent.
 */
export async function updateVideoConversationCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  fields: Readonly<Record<string, string>>,
): Promise<Card> {
  const url = adsUrl(
    ctx.hosts.adsUrl,
    `/accounts/${segment(accountId)}/cards/video_conversation/${segment(cardId)}`,
  )
  return (await call(ctx, 'PUT', url, single(cardSchema), { query: { ...fields } })).data
}

export function listVideoConversationCards(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { cardIds?: string[]; q?: string } = {},
): Promise<Envelope<Card[]>> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/cards/video_conversation`)
  return call(ctx, 'GET', url, z.array(cardSchema), {
    query: { ...listQuery(options), card_ids: options.cardIds, q: options.q },
  })
}

// Posts

export interface PostCreate {
  asUserId: string
  text?: string
  cardUri?: string
  mediaKeys?: string[]
  name?: string
  nullcast?: boolean
  trimUser?: boolean
  postMode?: 'compat' | 'extended'
  conversationSettings?: 'EVERYONE' | 'FOLLOWING' | 'MENTIONED_USERS'
  videoCta?: 'VISIT_SITE' | 'WATCH_NOW'
  videoCtaValue?: string
  videoTitle?: string
  videoDescription?: string
}

export async function createPost(ctx: AdsContext, accountId: string, input: PostCreate): Promise<Post> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/post`)
  const fields = formOf({
    as_user_id: input.asUserId,
    text: input.text,
    card_uri: input.cardUri,
    media_keys: input.mediaKeys,
    name: input.name,
    nullcast: input.nullcast,
    trim_user: input.trimUser,
    post_mode: input.postMode,
    conversation_settings: input.conversationSettings,
    video_cta: input.videoCta,
    video_cta_value: input.videoCtaValue,
    video_title: input.videoTitle,
    video_description: input.videoDescription,
  })
  return (await call(ctx, 'POST', url, postSchema, { body: { kind: 'form', fields } })).data
}

export async function renamePost(
  ctx: AdsContext,
  accountId: string,
  postId: string,
  name: string,
): Promise<Post> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/posts/${segment(postId)}/name`)
  return (await call(ctx, 'PUT', url, postSchema, { query: { name } })).data
}

/**
 * The legacy card path, DELETE accounts/:id/cards/:card_type/:card_id. Poll and video
 * conversation cards have no deletion of their own in the spec, so they are deleted here.
 */
export async function deleteCardOfType(
  ctx: AdsContext,
  accountId: string,
  cardType: string,
  cardId: string,
): Promise<Card> {
  const url = adsUrl(
    ctx.hosts.adsUrl,
    `/accounts/${segment(accountId)}/cards/${segment(cardType)}/${segment(cardId)}`,
  )
  return (await call(ctx, 'DELETE', url, single(cardSchema))).data
}

/**
 * GET accounts/:account_id/posts. Not in the spec; it follows the platform's public
 * GET accounts/:account_id/tweets (tweet_type → post_type, tweet_ids → post_ids). The outbox
 * uses it to find a post whose creation answer was lost.
 */
export function listPosts(
  ctx: AdsContext,
  accountId: string,
  options: {
    postType?: 'DRAFT' | 'PUBLISHED' | 'SCHEDULED'
    postIds?: string[]
    name?: string
    timelineType?: 'ALL' | 'NULLCAST' | 'ORGANIC'
    trimUser?: boolean
    userId?: string
    count?: number
    cursor?: string
  } = {},
): Promise<Envelope<Post[]>> {
  const url = adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}/posts`)
  return call(ctx, 'GET', url, z.array(postSchema), {
    query: {
      post_type: options.postType ?? 'PUBLISHED',
      post_ids: options.postIds,
      name: options.name,
      timeline_type: options.timelineType,
      trim_user: options.trimUser,
      user_id: options.userId,
      count: options.count,
      cursor: options.cursor,
    },
  })
}
