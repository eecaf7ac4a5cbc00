// POST accounts/:account_id/media_library

import type { ValidationContext } from './context'
import { checkLength, inspectMediaKey, isObject, isPresent, readString, requireString } from './fields'
import type { Issue } from './issues'
import { error, warning } from './issues'
import { LIMITS } from './limits'
import { mediaTypeWord } from './media'

const RULES = LIMITS.mediaLibrary
const VIDEO_ONLY_FIELDS = [
  ['description', 'Description'],
  ['title', 'Title'],
  ['poster_media_key', 'Poster'],
] as const

export function validateMediaLibrary(payload: unknown, context: ValidationContext = {}): Issue[] {
  if (!isObject(payload)) return [error([], 'invalid_type', 'The media library entry is not a JSON object')]
  const issues: Issue[] = []
  const mediaKey = requireString(issues, payload, 'media_key', ['media_key'], 'Media')
  const info =
    mediaKey === undefined
      ? undefined
      : inspectMediaKey(issues, mediaKey, ['media_key'], 'This medium', context)

  const texts = [
    ['name', 'Name', RULES.name],
    ['file_name', 'File name', RULES.fileName],
    ['description', 'Description', RULES.description],
    ['title', 'Title', RULES.title],
  ] as const
  for (const [field, label, limit] of texts) {
    checkLength(issues, readString(issues, payload, field, [field], label), [field], label, limit)
  }
  const poster = readString(issues, payload, 'poster_media_key', ['poster_media_key'], 'Poster')
  if (poster !== undefined && poster !== '') {
    const posterInfo = inspectMediaKey(issues, poster, ['poster_media_key'], 'The poster', context)
    // B:90 "poster_media_key (videos only; default first frame)": a frame, so an image.
    if (posterInfo?.mediaType !== undefined && posterInfo.mediaType !== 'IMAGE')
      issues.push(
        error(
          ['poster_media_key'],
          'media_type',
          `The poster must be an image; this is ${mediaTypeWord(posterInfo.mediaType)}`,
        ),
      )
  }

  const type = info?.mediaType
  const videoOnly = RULES.videoOnlyTypes.values as readonly string[]
  for (const [field, label] of VIDEO_ONLY_FIELDS) {
    if (!isPresent(payload, field)) continue
    if (type === undefined) {
      issues.push(
        warning([field], 'unchecked', `${label} applies to videos only; the media type is not known yet`),
      )
    } else if (!videoOnly.includes(type)) {
      issues.push(
        error([field], 'not_allowed', `${label} applies to videos only; this is ${mediaTypeWord(type)}`),
      )
    }
  }
  return issues
}
