import { z } from 'zod'
import type { Envelope } from './envelope'
import type { AdsContext, ListOptions, ReadOptions } from './adsRequest'
import { accountUrl, adsUrl, callData, getList, getOne, listQuery, postForm, segment } from './adsRequest'
import { optionalText, platformObject } from './objectSchemas'

/**
 * One thin typed function per ads endpoint the app uses (spec part B). Each builds the path,
 * maps camelCase options to the wire names, and validates the envelope; nothing else.
 * POST parameters travel as a signed form body, GET/PUT/DELETE parameters in the query.
 * Accounts, the media library and posts are here; cards in cards.ts.
 */

export const accountSchema = platformObject(optionalText('name', 'approval_status'))
export type Account = z.infer<typeof accountSchema>

/** Keyed by media_key, not id. */
export const mediaLibraryObjectSchema = z
  .object({
    media_key: z.string(),
    ...optionalText('media_type', 'media_category', 'media_status', 'media_url', 'name'),
    deleted: z.boolean().optional(),
  })
  .loose()
export type MediaLibraryObject = z.infer<typeof mediaLibraryObjectSchema>

export const postSchema = z
  .object({
    id: z.union([z.number(), z.string()]).optional(),
    id_str: z.string(),
    name: z.string().nullish(),
  })
  .loose()
export type Post = z.infer<typeof postSchema>

// Accounts

export function listAccounts(
  ctx: AdsContext,
  options: ListOptions & { accountIds?: string[]; q?: string } = {},
): Promise<Envelope<Account[]>> {
  return getList(ctx, adsUrl(ctx.hosts.adsUrl, '/accounts'), accountSchema, {
    ...listQuery(options),
    account_ids: options.accountIds,
    q: options.q,
  })
}

export async function getAccount(ctx: AdsContext, accountId: string, options: ReadOptions = {}) {
  return getOne(ctx, accountUrl(ctx, accountId), accountSchema, options)
}

/** Feature keys the account has, out of those asked for (all when none are given). */
export async function listAccountFeatures(
  ctx: AdsContext,
  accountId: string,
  featureKeys?: string[],
): Promise<string[]> {
  const query = { feature_keys: featureKeys }
  return callData(ctx, 'GET', accountUrl(ctx, accountId, '/features'), z.array(z.string()), { query })
}

/** Sandbox host only. */
export async function createSandboxAccount(ctx: AdsContext): Promise<Account> {
  return callData(ctx, 'POST', adsUrl(ctx.hosts.adsSandboxUrl, '/accounts'), accountSchema)
}

// Media library

export function listMediaLibrary(
  ctx: AdsContext,
  accountId: string,
  options: { count?: number; cursor?: string; mediaType?: string; q?: string } = {},
): Promise<Envelope<MediaLibraryObject[]>> {
  return getList(ctx, accountUrl(ctx, accountId, '/media_library'), mediaLibraryObjectSchema, {
    count: options.count,
    cursor: options.cursor,
    media_type: options.mediaType,
    q: options.q,
  })
}

const mediaLibraryObjectUrl = (ctx: AdsContext, accountId: string, mediaKey: string) =>
  accountUrl(ctx, accountId, `/media_library/${segment(mediaKey)}`)

export function getMediaLibraryObject(ctx: AdsContext, accountId: string, mediaKey: string) {
  return callData(ctx, 'GET', mediaLibraryObjectUrl(ctx, accountId, mediaKey), mediaLibraryObjectSchema)
}

/** DELETE media_library/:media_key: the object comes back with `deleted` true. */
export function deleteMediaLibraryObject(ctx: AdsContext, accountId: string, mediaKey: string) {
  return callData(ctx, 'DELETE', mediaLibraryObjectUrl(ctx, accountId, mediaKey), mediaLibraryObjectSchema)
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
export function updateMediaLibraryObject(
  ctx: AdsContext,
  accountId: string,
  mediaKey: string,
  changes: MediaLibraryChanges,
) {
  const url = mediaLibraryObjectUrl(ctx, accountId, mediaKey)
  return callData(ctx, 'PUT', url, mediaLibraryObjectSchema, { query: { ...changes } })
}

export interface MediaLibraryCreate {
  mediaKey: string
  name?: string
  fileName?: string
  description?: string
  title?: string
  posterMediaKey?: string
}

export function createMediaLibraryObject(ctx: AdsContext, accountId: string, input: MediaLibraryCreate) {
  return postForm(ctx, accountUrl(ctx, accountId, '/media_library'), mediaLibraryObjectSchema, {
    media_key: input.mediaKey,
    name: input.name,
    file_name: input.fileName,
    description: input.description,
    title: input.title,
    poster_media_key: input.posterMediaKey,
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

export function createPost(ctx: AdsContext, accountId: string, input: PostCreate): Promise<Post> {
  return postForm(ctx, accountUrl(ctx, accountId, '/post'), postSchema, {
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
}

export function renamePost(ctx: AdsContext, accountId: string, postId: string, name: string): Promise<Post> {
  const url = accountUrl(ctx, accountId, `/posts/${segment(postId)}/name`)
  return callData(ctx, 'PUT', url, postSchema, { query: { name } })
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
  return getList(ctx, accountUrl(ctx, accountId, '/posts'), postSchema, {
    post_type: options.postType ?? 'PUBLISHED',
    post_ids: options.postIds,
    name: options.name,
    timeline_type: options.timelineType,
    trim_user: options.trimUser,
    user_id: options.userId,
    count: options.count,
    cursor: options.cursor,
  })
}
