import type { z } from 'zod'
import type { Envelope } from './envelope'
import type { AdsContext, ListOptions, ReadOptions } from './adsRequest'
import { accountUrl, callData, getList, getOne, listQuery, postForm, segment, single } from './adsRequest'
import { optionalText, platformObject } from './objectSchemas'

/** Cards (spec part B): component cards, poll cards and video conversation cards. */

export const cardSchema = platformObject(optionalText('name', 'card_type', 'card_uri'))
export type Card = z.infer<typeof cardSchema>

/** A card's URL: `accounts/:account_id/cards` and, after it, its type and id as given. */
const cardsUrl = (ctx: AdsContext, accountId: string, ...segments: string[]) =>
  accountUrl(ctx, accountId, ['/cards', ...segments.map(segment)].join('/'))

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
  return getList(ctx, cardsUrl(ctx, accountId), cardSchema, {
    ...listQuery(options),
    card_types: options.cardTypes,
    card_id: options.cardIds,
    card_uris: options.cardUris,
    include_legacy_cards: options.includeLegacyCards,
    q: options.q,
  })
}

export function getCard(ctx: AdsContext, accountId: string, cardId: string, options: ReadOptions = {}) {
  return getOne(ctx, cardsUrl(ctx, accountId, cardId), single(cardSchema), options)
}

/** Components and slides are passed through as JSON; their rules live in src/shared. */
export type CardCreate = { name: string } & (
  | { components: readonly unknown[]; slides?: never }
  | { slides: readonly (readonly unknown[])[]; components?: never }
)

export function createCard(ctx: AdsContext, accountId: string, input: CardCreate): Promise<Card> {
  const body = { kind: 'json' as const, value: input }
  return callData(ctx, 'POST', cardsUrl(ctx, accountId), cardSchema, { body })
}

/**
 * Update of a card (spec part B): a JSON body where each supplied field replaces the stored one.
 * Its HTTP method is "not shown"; the platform publicly updates cards with PUT.
 */
export type CardUpdate = { name?: string } & (
  | { components?: readonly unknown[]; slides?: never }
  | { slides?: readonly (readonly unknown[])[]; components?: never }
)

export function updateCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  input: CardUpdate,
): Promise<Card> {
  const body = { kind: 'json' as const, value: input }
  return callData(ctx, 'PUT', cardsUrl(ctx, accountId, cardId), single(cardSchema), { body })
}

export function deleteCard(ctx: AdsContext, accountId: string, cardId: string): Promise<Card> {
  return callData(ctx, 'DELETE', cardsUrl(ctx, accountId, cardId), single(cardSchema))
}

/** Poll and video conversation cards list by ids and a search, under their own path. */
function listCardsOfType(
  type: 'poll' | 'video_conversation',
): (
  ctx: AdsContext,
  accountId: string,
  options?: ListOptions & { cardIds?: string[]; q?: string },
) => Promise<Envelope<Card[]>> {
  return (ctx, accountId, options = {}) =>
    getList(ctx, cardsUrl(ctx, accountId, type), cardSchema, {
      ...listQuery(options),
      card_ids: options.cardIds,
      q: options.q,
    })
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

export function createPollCard(ctx: AdsContext, accountId: string, input: PollCardCreate): Promise<Card> {
  return postForm(ctx, cardsUrl(ctx, accountId, 'poll'), cardSchema, {
    name: input.name,
    duration_in_minutes: input.durationInMinutes,
    first_choice: input.firstChoice,
    second_choice: input.secondChoice,
    third_choice: input.thirdChoice,
    fourth_choice: input.fourthChoice,
    media_key: input.mediaKey,
  })
}

export const listPollCards = listCardsOfType('poll')

/** A poll card as read back: its choices and when voting opens and closes (B:39). */
export const pollCardSchema = platformObject(
  optionalText(
    'name',
    'card_type',
    'card_uri',
    'first_choice',
    'second_choice',
    'third_choice',
    'fourth_choice',
    'start_time',
    'end_time',
    'updated_at',
  ),
)
export type PollCard = z.infer<typeof pollCardSchema>

/** GET accounts/:account_id/cards/poll/:card_id (B:99). */
export function getPollCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  options: ReadOptions = {},
): Promise<PollCard> {
  return getOne(ctx, cardsUrl(ctx, accountId, 'poll', cardId), single(pollCardSchema), options)
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

export function createVideoConversationCard(
  ctx: AdsContext,
  accountId: string,
  input: VideoConversationCardCreate,
): Promise<Card> {
  return postForm(ctx, cardsUrl(ctx, accountId, 'video_conversation'), cardSchema, {
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
}

/**
 * PUT accounts/:account_id/cards/video_conversation/:card_id: "the same optional fields" as
 * creation, by their wire names. Only the fields given are sent.
 */
export function updateVideoConversationCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  fields: Readonly<Record<string, string>>,
): Promise<Card> {
  const url = cardsUrl(ctx, accountId, 'video_conversation', cardId)
  return callData(ctx, 'PUT', url, single(cardSchema), { query: { ...fields } })
}

export const listVideoConversationCards = listCardsOfType('video_conversation')

/** A video conversation card's text fields (B:131): what creation sets and an edit may change. */
export const VIDEO_CONVERSATION_TEXT_FIELDS = [
  'name',
  'title',
  'first_cta',
  'first_cta_post',
  'second_cta',
  'second_cta_post',
  'third_cta',
  'third_cta_post',
  'fourth_cta',
  'fourth_cta_post',
  'thank_you_text',
  'thank_you_url',
] as const

/** A video conversation card as read back (B:41): its text fields, null when unset. */
export const videoConversationCardSchema = platformObject(
  optionalText(
    ...VIDEO_CONVERSATION_TEXT_FIELDS,
    'card_type',
    'card_uri',
    'media_key',
    'media_url',
    'updated_at',
  ),
)
export type VideoConversationCard = z.infer<typeof videoConversationCardSchema>

/** GET accounts/:account_id/cards/video_conversation/:card_id (B:130). */
export function getVideoConversationCard(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  options: ReadOptions = {},
): Promise<VideoConversationCard> {
  const url = cardsUrl(ctx, accountId, 'video_conversation', cardId)
  return getOne(ctx, url, single(videoConversationCardSchema), options)
}

/**
 * The legacy card path, DELETE accounts/:id/cards/:card_type/:card_id. Poll and video
 * conversation cards have no deletion of their own in the spec, so they are deleted here.
 */
export function deleteCardOfType(
  ctx: AdsContext,
  accountId: string,
  cardType: string,
  cardId: string,
): Promise<Card> {
  return callData(ctx, 'DELETE', cardsUrl(ctx, accountId, cardType, cardId), single(cardSchema))
}
