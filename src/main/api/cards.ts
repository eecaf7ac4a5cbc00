import { z } from 'zod'
import type { Envelope } from './envelope'
import {
  adsUrl,
  call,
  formOf,
  listQuery,
  segment,
  single,
  type AdsContext,
  type ListOptions,
} from './adsRequest'

/** Cards (spec part B): component cards, poll cards and video conversation cards. */

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
