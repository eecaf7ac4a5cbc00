// POST accounts/:account_id/post

import type { MediaInfo, ValidationContext } from './context'
import type { JsonObject } from './fields'
import {
  checkEnum,
  checkLength,
  inspectMediaKey,
  isObject,
  isPresent,
  optionalString,
  readBoolean,
  readString,
  tooLongMessage,
} from './fields'
import type { Issue } from './issues'
import { error, formatNumber, plural, warning } from './issues'
import type { MediaType } from './limits'
import { DEFAULT_POST_LENGTH_TIER, LIMITS, postLengthTierLimit } from './limits'
import { isDraftCardPlaceholder } from './placeholders'

const RULES = LIMITS.post
const MEDIA_RULE = `up to ${RULES.maxImages.value} images, or ${RULES.maxGifs.value} GIF, or ${RULES.maxVideos.value} video`

/**
 * `media_keys` is one comma-separated string, as the API takes it; issues about one of its
 * keys have the path ['media_keys', index of the key in that list].
 */
export function splitMediaKeys(mediaKeys: string): string[] {
  return mediaKeys.split(',').map((key) => key.trim())
}

export function validatePost(payload: unknown, context: ValidationContext = {}): Issue[] {
  if (!isObject(payload)) return [error([], 'invalid_type', 'The post is not a JSON object')]
  const issues: Issue[] = []
  checkAdvertiser(issues, payload, context)
  const mediaTypes = checkMediaKeys(issues, payload, context)
  checkText(issues, payload, context)
  checkCardUri(issues, payload)

  const name = readString(issues, payload, 'name', ['name'], 'Post name')
  checkLength(issues, name, ['name'], 'Post name', RULES.name)
  checkEnum(
    issues,
    readString(issues, payload, 'conversation_settings', ['conversation_settings'], 'Who can reply'),
    ['conversation_settings'],
    'Who can reply',
    RULES.conversationSettings,
  )
  checkEnum(
    issues,
    readString(issues, payload, 'post_mode', ['post_mode'], 'Post mode'),
    ['post_mode'],
    'Post mode',
    RULES.postMode,
  )
  readBoolean(issues, payload, 'trim_user', ['trim_user'], 'trim_user')
  checkVideoFields(issues, payload, mediaTypes)
  return issues
}

function checkAdvertiser(issues: Issue[], payload: JsonObject, context: ValidationContext): void {
  const raw = payload.as_user_id
  const asUserId = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw
  if (asUserId === undefined || asUserId === null || asUserId === '') {
    issues.push(error(['as_user_id'], 'required', 'Choose the advertiser this post is made for'))
  } else if (typeof asUserId !== 'string' || !RULES.asUserId.pattern.test(asUserId)) {
    issues.push(error(['as_user_id'], 'invalid_format', 'The advertiser must be a numeric user id'))
  }
  const nullcast = readBoolean(issues, payload, 'nullcast', ['nullcast'], 'Promoted-only')
  if (nullcast !== false) return
  if (context.authenticatedUserId === undefined) {
    issues.push(
      warning(
        ['nullcast'],
        'unchecked',
        'Organic posts are only allowed for the connected user; connect to check',
      ),
    )
  } else if (asUserId !== context.authenticatedUserId) {
    issues.push(
      error(
        ['nullcast'],
        'not_allowed',
        'Only the connected user can post organically; keep this post promoted-only',
      ),
    )
  }
}

/** Returns the media types of the keys, or undefined where unknown. */
function checkMediaKeys(
  issues: Issue[],
  payload: JsonObject,
  context: ValidationContext,
): (MediaType | undefined)[] {
  const raw = readString(issues, payload, 'media_keys', ['media_keys'], 'Media')
  if (raw === undefined) return []
  if (raw.trim() === '') {
    issues.push(error(['media_keys'], 'required', 'Media is empty; add media or remove it'))
    return []
  }
  const keys = splitMediaKeys(raw)
  const infos: (MediaInfo | undefined)[] = keys.map((key, index) => {
    if (key === '') {
      issues.push(error(['media_keys', index], 'invalid_format', `Media item ${index + 1} is empty`))
      return undefined
    }
    return inspectMediaKey(issues, key, ['media_keys', index], `Media item ${index + 1}`, context)
  })
  const types = infos.map((info) => info?.mediaType)
  const maxImages = RULES.maxImages.value
  const count = (type: MediaType) => types.filter((t) => t === type).length
  const gifs = count('GIF')
  const videos = count('VIDEO')
  if (keys.length > maxImages) {
    issues.push(
      error(
        ['media_keys'],
        'too_many',
        `A post takes at most ${maxImages} images; remove ${keys.length - maxImages}`,
        maxImages,
      ),
    )
  } else if ((gifs > 0 || videos > 0) && keys.length > 1) {
    const single = gifs > 0 ? 'GIF' : 'video'
    issues.push(
      error(
        ['media_keys'],
        'exclusive',
        `A post with a ${single} takes no other media: use ${MEDIA_RULE}`,
        1,
      ),
    )
  } else if (keys.length > 1 && types.some((type) => type === undefined)) {
    issues.push(
      warning(['media_keys'], 'unchecked', `Some media types are not known yet; a post takes ${MEDIA_RULE}`),
    )
  }
  return types
}

function checkText(issues: Issue[], payload: JsonObject, context: ValidationContext): void {
  const text = readString(issues, payload, 'text', ['text'], 'Post text')
  if ((text === undefined || text.trim() === '') && !isPresent(payload, 'media_keys')) {
    issues.push(error(['text'], 'required', 'Write the post text, or add media'))
    return
  }
  const tier = context.postLengthTier ?? DEFAULT_POST_LENGTH_TIER
  const limit = postLengthTierLimit(tier)
  const weighted = context.weightedTextLength
  if (text === undefined || weighted === undefined) return
  if (weighted > limit) {
    const label = tier === 'long_form' ? 'Post text (long-form)' : 'Post text'
    issues.push(error(['text'], 'too_long', tooLongMessage(label, weighted, limit), limit))
  } else if (context.postLengthGuideline !== undefined && weighted > context.postLengthGuideline) {
    const guideline = context.postLengthGuideline
    issues.push(
      warning(
        ['text'],
        'too_long',
        `Post text is ${plural(weighted - guideline, 'character')} over your Classic ${formatNumber(guideline)} guideline; the platform accepts up to ${formatNumber(limit)}`,
        guideline,
      ),
    )
  }
}

function checkCardUri(issues: Issue[], payload: JsonObject): void {
  const cardUri = optionalString(issues, payload, 'card_uri', ['card_uri'], 'Card')
  if (cardUri === undefined) return
  if (isDraftCardPlaceholder(cardUri)) {
    issues.push(
      warning(['card_uri'], 'pending_card', 'The card is a draft; it will be published before the post'),
    )
  } else if (!LIMITS.card.cardUri.pattern.test(cardUri)) {
    issues.push(error(['card_uri'], 'invalid_format', `'${cardUri}' is not a card URI (card://…)`))
  }
}

function checkVideoFields(issues: Issue[], payload: JsonObject, mediaTypes: (MediaType | undefined)[]): void {
  const title = readString(issues, payload, 'video_title', ['video_title'], 'Video title')
  checkLength(issues, title, ['video_title'], 'Video title', RULES.videoTitle)
  const description = readString(
    issues,
    payload,
    'video_description',
    ['video_description'],
    'Video description',
  )
  checkLength(issues, description, ['video_description'], 'Video description', RULES.videoDescription)

  const cta = readString(issues, payload, 'video_cta', ['video_cta'], 'Video call to action')
  checkEnum(issues, cta, ['video_cta'], 'Video call to action', RULES.videoCta)
  const ctaValue = readString(issues, payload, 'video_cta_value', ['video_cta_value'], 'Call to action value')
  const hasCta = cta !== undefined && cta !== ''
  const hasValue = ctaValue !== undefined && ctaValue.trim() !== ''
  if (hasCta && !hasValue) {
    issues.push(
      error(
        ['video_cta_value'],
        'required',
        'Add the value for the video call to action (for example the URL)',
      ),
    )
  }
  if (hasValue && !hasCta) {
    issues.push(error(['video_cta_value'], 'needs', 'A call to action value needs a video call to action'))
  }

  const typesKnown = mediaTypes.length > 0 && mediaTypes.every((type) => type !== undefined)
  if (!typesKnown || mediaTypes.includes('VIDEO')) return
  for (const field of ['video_title', 'video_description', 'video_cta']) {
    if (isPresent(payload, field)) {
      issues.push(warning([field], 'needs', 'This only shows with a video; the post has none'))
    }
  }
}
