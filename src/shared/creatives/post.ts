// Post drafts (POST accounts/:account_id/post). media[j] becomes the j-th key of media_keys.

import { z } from 'zod'
import { enumTuple, LIMITS } from '../rules/limits'
import type { PostPayload } from '../rules/payloads'
import { draftCardPlaceholder } from '../rules/placeholders'
import { createClientId } from './ids'
import type { MediaCollector } from './mediaCollector'
import type { MediaRef } from './media'
import { mediaRefSchema } from './media'

export const cardReferenceSchema = z.discriminatedUnion('source', [
  /** A card draft, published before the post. */
  z.object({ source: z.literal('draft'), draftId: z.string().min(1) }),
  /** A card that already exists on the account. */
  z.object({ source: z.literal('published'), cardUri: z.string().min(1) }),
])

export const postMediaItemSchema = z.object({ id: z.string().min(1), media: mediaRefSchema })

export const postContentSchema = z.object({
  /** The advertiser; the editor fills in the connected user for new drafts. */
  asUserId: z.string(),
  text: z.string(),
  card: cardReferenceSchema.nullable(),
  media: z.array(postMediaItemSchema),
  videoTitle: z.string(),
  videoDescription: z.string(),
  videoCta: z.enum(enumTuple(LIMITS.post.videoCta)).nullable(),
  videoCtaValue: z.string(),
  conversationSettings: z.enum(enumTuple(LIMITS.post.conversationSettings)),
  /** true: promoted-only. */
  nullcast: z.boolean(),
  name: z.string(),
  postMode: z.enum(enumTuple(LIMITS.post.postMode)).nullable(),
  /**
   * The "Paid partnership" label (`paid_partnership`, platform document line 126), sent with a
   * timeline post through POST /2/posts; absent in drafts from before it existed.
   */
  paidPartnership: z.boolean().optional(),
})

export type CardReference = z.infer<typeof cardReferenceSchema>
export type PostMediaItem = z.infer<typeof postMediaItemSchema>
export type PostContent = z.infer<typeof postContentSchema>

/** Gives the card_uri of a published card draft, or undefined while it is not published. */
export type CardResolver = (draftId: string) => string | undefined
export const unresolvedCard: CardResolver = () => undefined

export function newPostMediaItem(media: MediaRef): PostMediaItem {
  return { id: createClientId(), media }
}

export function emptyPostContent(asUserId = ''): PostContent {
  return {
    asUserId,
    text: '',
    card: null,
    media: [],
    videoTitle: '',
    videoDescription: '',
    videoCta: null,
    videoCtaValue: '',
    conversationSettings: enumTuple(LIMITS.post.conversationSettingsDefault)[0],
    nullcast: LIMITS.post.nullcastDefault.value,
    name: '',
    postMode: null,
  }
}

export function postPayload(
  content: PostContent,
  media: MediaCollector,
  resolveCard: CardResolver,
): PostPayload {
  const payload: PostPayload = {
    as_user_id: content.asUserId.trim(),
    conversation_settings: content.conversationSettings,
    nullcast: content.nullcast,
  }
  if (content.text !== '') payload.text = content.text
  if (content.media.length > 0)
    payload.media_keys = content.media.map((item) => media.key(item.media)).join(',')
  if (content.card) {
    payload.card_uri =
      content.card.source === 'published'
        ? content.card.cardUri
        : (resolveCard(content.card.draftId) ?? draftCardPlaceholder(content.card.draftId))
  }
  if (content.videoTitle !== '') payload.video_title = content.videoTitle
  if (content.videoDescription !== '') payload.video_description = content.videoDescription
  if (content.videoCta !== null) payload.video_cta = content.videoCta
  if (content.videoCtaValue.trim() !== '') payload.video_cta_value = content.videoCtaValue.trim()
  if (content.name !== '') payload.name = content.name
  if (content.postMode !== null) payload.post_mode = content.postMode
  return payload
}

/**
 * The user a post draft is made for (as_user_id), whose post length tier applies; undefined for
 * any other draft or a post without one yet. Takes a snapshot's content as it is stored.
 */
export function postingUserOf(draft: { kind: string; content: unknown } | undefined): string | undefined {
  if (draft?.kind !== 'post') return undefined
  const asUserId = (draft.content as { asUserId?: unknown }).asUserId
  return typeof asUserId === 'string' && asUserId.trim() !== '' ? asUserId.trim() : undefined
}
