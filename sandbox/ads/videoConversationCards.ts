import type { Route } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, shortId, touch } from '../state'
import { CARD_NAME_MAX, cardKindReadRoutes } from './cards'
import { AdsInput, accountIdOf, adsCaller, single } from './core'
import type { ListSpec } from './core'
import { isHttpUrl, libraryItem } from './lookup'
import { findOwned } from './resourceRoutes'
import type { OwnedResource } from './resourceRoutes'

const CTA_MAX = 20
const THANK_YOU_MAX = 23
const TITLE_MAX = 23
const VC_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at', 'name'],
}
const FIELDS = [
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
  'media_key',
  'poster_media_key',
  'unlocked_image_media_key',
  'unlocked_video_media_key',
] as const
type Field = (typeof FIELDS)[number]
const WRITE_ONLY: Field[] = ['unlocked_image_media_key', 'unlocked_video_media_key', 'poster_media_key']
const ORDINALS = ['first', 'second', 'third', 'fourth'] as const

/**
 * Checks a complete set of card fields (create, or stored fields merged with an update) and
 * returns the media the card points at.
 */
function checkFields(
  input: AdsInput,
  values: Partial<Record<Field, string>>,
  lookup: (key: string) => AdsRecord | undefined,
): AdsRecord | undefined {
  const need = (field: Field): void => {
    if (!values[field]) input.missing(field)
  }
  const limit = (field: Field, max: number): void => {
    const value = values[field]
    if (value !== undefined && [...value].length > max)
      input.invalid(field, `${field} must be at most ${max} characters`)
  }
  for (const field of ['first_cta', 'first_cta_post', 'media_key', 'name', 'thank_you_text'] as const)
    need(field)
  limit('name', CARD_NAME_MAX)
  limit('thank_you_text', THANK_YOU_MAX)
  limit('title', TITLE_MAX)
  for (const ordinal of ORDINALS) {
    const cta = values[`${ordinal}_cta`]
    const post = values[`${ordinal}_cta_post`]
    if (cta) {
      // Hashtag characters as the platform parses them: letters with their combining marks, digits, _.
      const tag = /^#([\p{L}\p{M}\p{N}_]+)$/u.exec(cta)
      if (!tag) input.invalid(`${ordinal}_cta`, `${ordinal}_cta must be a hashtag such as #SummerSale`)
      else if ([...(tag[1] ?? '')].length > CTA_MAX)
        input.invalid(`${ordinal}_cta`, `${ordinal}_cta must be at most ${CTA_MAX} characters not counting #`)
      if (ordinal !== 'first' && !post)
        input.issue(
          'MISSING_PARAMETER',
          `${ordinal}_cta_post`,
          `${ordinal}_cta_post is required with ${ordinal}_cta`,
        )
    } else if (post && ordinal !== 'first')
      input.invalid(`${ordinal}_cta_post`, `${ordinal}_cta_post needs ${ordinal}_cta`)
  }
  if (!values.title && !values.second_cta) {
    input.issue('MISSING_PARAMETER', 'title', 'title is required when second_cta is absent')
    input.issue('MISSING_PARAMETER', 'second_cta', 'second_cta is required when title is absent')
  }
  if (values.thank_you_url && !isHttpUrl(values.thank_you_url))
    input.invalid('thank_you_url', 'thank_you_url must be an http or https URL')
  const media = (field: Field, type: 'IMAGE' | 'VIDEO'): AdsRecord | undefined => {
    const key = values[field]
    if (!key) return undefined
    const item = lookup(key)
    if (!item) return input.invalid(field, `${key} is not in this account's media library`)
    if (item.media_type !== type)
      return input.invalid(field, `${field} must be ${type === 'IMAGE' ? 'an image' : 'a video'}`)
    return item
  }
  const video = media('media_key', 'VIDEO')
  if (video && video.aspect_ratio !== '16:9')
    input.invalid('media_key', `media_key must be a 16:9 video (got ${String(video.aspect_ratio)})`)
  media('poster_media_key', 'IMAGE')
  media('unlocked_image_media_key', 'IMAGE')
  media('unlocked_video_media_key', 'VIDEO')
  return video
}

function applyFields(
  card: AdsRecord,
  values: Partial<Record<Field, string>>,
  video: AdsRecord,
  poster: AdsRecord | undefined,
  ownerId: string,
): void {
  for (const field of FIELDS) {
    const value = values[field] ?? null
    if (WRITE_ONLY.includes(field)) card[`_${field}`] = value
    else card[field] = value
  }
  card.media_url = video.media_url
  card.poster_media_url = poster?.media_url ?? video.poster_media_url
  card.video_owner_id = ownerId
  card.video_width = String(video._width)
  card.video_height = String(video._height)
}

function readValues(input: AdsInput): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {}
  for (const field of FIELDS) {
    const value = input.string(field)
    if (value !== undefined) values[field] = value
  }
  return values
}

const VIDEO_CONVERSATION_CARD: OwnedResource = {
  collection: 'videoConversationCards',
  label: 'Video conversation card',
  idParam: 'card_id',
}

export const videoConversationCardRoutes: Route[] = [
  ...cardKindReadRoutes('/accounts/:account_id/cards/video_conversation', VIDEO_CONVERSATION_CARD, VC_LIST),
  {
    method: 'POST',
    pattern: '/accounts/:account_id/cards/video_conversation',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const input = new AdsInput(ctx, FIELDS)
      const values = readValues(input)
      const lookup = (key: string): AdsRecord | undefined => libraryItem(rt, accountId, key)
      const video = checkFields(input, values, lookup)
      input.finish()
      const id = shortId(rt.state)
      const stamp = isoSeconds(ctx.now)
      const card: AdsRecord = {
        id,
        name: null,
        card_uri: `card://${id}`,
        card_type: 'VIDEO_CONVERSATION',
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _account: accountId,
      }
      applyFields(
        card,
        values,
        video as AdsRecord,
        values.poster_media_key ? lookup(values.poster_media_key) : undefined,
        caller.user.id,
      )
      rt.state.videoConversationCards.push(card)
      rt.state.created.video_conversation_cards += 1
      return single(ctx, card)
    },
  },
  {
    // "The same optional fields"; an empty value clears an optional field so title and
    // second_cta can be swapped.
    method: 'PUT',
    pattern: '/accounts/:account_id/cards/video_conversation/:card_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const card = findOwned(ctx, rt, caller, VIDEO_CONVERSATION_CARD)
      const input = new AdsInput(ctx, FIELDS)
      const merged: Partial<Record<Field, string>> = {}
      for (const field of FIELDS) {
        const stored = WRITE_ONLY.includes(field) ? card[`_${field}`] : card[field]
        if (typeof stored === 'string') merged[field] = stored
      }
      for (const [field, value] of Object.entries(readValues(input)) as [Field, string][]) {
        if (value === '') delete merged[field]
        else merged[field] = value
      }
      const lookup = (key: string): AdsRecord | undefined => libraryItem(rt, accountId, key)
      const video = checkFields(input, merged, lookup)
      input.finish()
      applyFields(
        card,
        merged,
        video as AdsRecord,
        merged.poster_media_key ? lookup(merged.poster_media_key) : undefined,
        caller.user.id,
      )
      touch(card, ctx.now)
      return single(ctx, card)
    },
  },
]
