// POST accounts/:account_id/cards/video_conversation

import type { ValidationContext } from './context'
import type { JsonObject } from './fields'
import {
  checkLength,
  checkWebUrl,
  inspectMediaKey,
  isObject,
  isPresent,
  optionalString,
  requireString,
} from './fields'
import type { Issue, IssuePath } from './issues'
import { characterCount, error, ORDINALS, warning } from './issues'
import type { EnumLimit, MediaType } from './limits'
import { enumTuple, LIMITS } from './limits'
import { checkConversationVideo, checkMediaType } from './media'

const RULES = LIMITS.videoConversationCard
export const CONVERSATION_OPTIONS = ['first', 'second', 'third', 'fourth'] as const

const HASHTAG = /^#[\p{L}\p{M}\p{N}_]+$/u

function hashtagLength(text: string): number {
  return characterCount(text.startsWith('#') ? text.slice(1) : text)
}

export function validateVideoConversationCard(payload: unknown, context: ValidationContext = {}): Issue[] {
  if (!isObject(payload))
    return [error([], 'invalid_type', 'The video conversation card is not a JSON object')]
  const issues: Issue[] = []
  const name = requireString(issues, payload, 'name', ['name'], 'Card name')
  checkLength(issues, name, ['name'], 'Card name', RULES.name)

  const thankYou = requireString(issues, payload, 'thank_you_text', ['thank_you_text'], 'Thank-you text')
  checkLength(issues, thankYou, ['thank_you_text'], 'Thank-you text', RULES.thankYouText)
  const thankYouUrl = optionalString(issues, payload, 'thank_you_url', ['thank_you_url'], 'Thank-you URL')
  checkWebUrl(issues, thankYouUrl, ['thank_you_url'], 'Thank-you URL')

  const title = optionalString(issues, payload, 'title', ['title'], 'Title')
  checkLength(issues, title, ['title'], 'Title', RULES.title)
  if (!isPresent(payload, 'title') && !isPresent(payload, 'second_cta')) {
    issues.push(error(['title'], 'required', 'Add a title, or a second option (second hashtag)'))
  }

  CONVERSATION_OPTIONS.forEach((ordinal, index) => checkOption(issues, payload, ordinal, index))
  checkFeatures(issues, payload, context)
  checkMedia(issues, payload, context)
  return issues
}

function checkOption(issues: Issue[], payload: JsonObject, ordinal: string, index: number): void {
  const ctaField = `${ordinal}_cta`
  const postField = `${ordinal}_cta_post`
  const label = `The ${ordinal} hashtag`
  const cta =
    index === 0
      ? requireString(issues, payload, ctaField, [ctaField], label)
      : optionalString(issues, payload, ctaField, [ctaField], label)
  if (cta !== undefined) {
    if (!HASHTAG.test(cta)) {
      issues.push(
        error(
          [ctaField],
          'invalid_format',
          `${label} must be one hashtag: # followed by letters, digits or _`,
        ),
      )
    }
    checkLength(issues, cta, [ctaField], `${label} (not counting #)`, RULES.cta, hashtagLength)
  }
  const ctaPresent = isPresent(payload, ctaField)
  const postPresent = isPresent(payload, postField)
  if ((ctaPresent || index === 0) && !postPresent) {
    issues.push(error([postField], 'required', `Write the post for the ${ordinal} option`))
  } else if (postPresent) {
    optionalString(issues, payload, postField, [postField], `The ${ordinal} option's post`)
    if (!ctaPresent && index > 0) {
      issues.push(error([postField], 'needs', `The ${ordinal} option's post needs the ${ordinal} hashtag`))
    }
  }
  const previous = ORDINALS[index - 1]
  if (index > 1 && ctaPresent && !isPresent(payload, `${previous}_cta`)) {
    issues.push(warning([ctaField], 'needs', `The ${ordinal} option is set but the ${previous} one is not`))
  }
}

function checkFeatures(issues: Issue[], payload: JsonObject, context: ValidationContext): void {
  const features = context.features
  if (features === undefined) return
  const [fourOptions] = enumTuple(RULES.fourOptionsFeature)
  for (const field of ['third_cta', 'fourth_cta']) {
    if (isPresent(payload, field) && !features.includes(fourOptions)) {
      issues.push(
        warning(
          [field],
          'needs_feature',
          `More than two options may need the ${fourOptions} account feature`,
        ),
      )
    }
  }
  const [unlock] = enumTuple(RULES.unlockFeature)
  for (const field of ['unlocked_image_media_key', 'unlocked_video_media_key']) {
    if (isPresent(payload, field) && !features.includes(unlock)) {
      issues.push(
        warning([field], 'needs_feature', `Instant unlock media may need the ${unlock} account feature`),
      )
    }
  }
}

const IMAGE_ONLY: EnumLimit<MediaType> = { values: ['IMAGE'], source: RULES.videoAspectRatio.source }
const VIDEO_ONLY: EnumLimit<MediaType> = { values: ['VIDEO'], source: RULES.videoAspectRatio.source }

function checkMedia(issues: Issue[], payload: JsonObject, context: ValidationContext): void {
  const video = requireString(issues, payload, 'media_key', ['media_key'], 'The card video')
  if (video !== undefined) {
    const info = inspectMediaKey(issues, video, ['media_key'], 'The card video', context)
    if (info) issues.push(...checkConversationVideo(['media_key'], info))
  }
  const optionalMedia: [string, string, EnumLimit<MediaType>][] = [
    ['poster_media_key', 'The poster', IMAGE_ONLY],
    ['unlocked_image_media_key', 'The unlock image', IMAGE_ONLY],
    ['unlocked_video_media_key', 'The unlock video', VIDEO_ONLY],
  ]
  for (const [field, label, types] of optionalMedia) {
    const path: IssuePath = [field]
    const key = optionalString(issues, payload, field, path, label)
    if (key === undefined) continue
    const info = inspectMediaKey(issues, key, path, label, context)
    if (info) issues.push(...checkMediaType(path, info, types, label))
  }
}
