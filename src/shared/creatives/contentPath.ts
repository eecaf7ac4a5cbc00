// Maps an issue path in a payload to the path of the draft content field it concerns, so
// editors can show each issue next to its field.

import type { IssuePath } from '../rules/issues'
import { ORDINALS } from '../rules/issues'
import type { DraftKind } from './content'

const MEDIA_FIELDS: Record<string, string> = {
  media_key: 'media',
  poster_media_key: 'poster',
  unlocked_image_media_key: 'unlockedImage',
  unlocked_video_media_key: 'unlockedVideo',
  card_uri: 'card',
}

function camelCase(key: string): string {
  return key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

function componentPath(rest: IssuePath): IssuePath {
  const [field, index, ...tail] = rest
  if (field === 'media_key') return ['media', ...(index === undefined ? [] : [index]), ...tail]
  if (field === 'media_keys') return index === undefined ? ['items'] : ['items', index, 'media', ...tail]
  if (field === 'label') return ['label']
  if (field === 'destination') {
    return [
      'destination',
      ...(index === undefined ? [] : [typeof index === 'string' ? camelCase(index) : index]),
      ...tail,
    ]
  }
  return rest
}

function cardPath(path: IssuePath): IssuePath {
  const [root, first, second, ...rest] = path
  if (root === 'slides' && typeof first === 'number') {
    if (typeof second !== 'number') return ['slides', first, 'components']
    return ['slides', first, 'components', second, ...componentPath(rest)]
  }
  if (root === 'components' && typeof first === 'number') {
    return ['components', first, ...componentPath(second === undefined ? [] : [second, ...rest])]
  }
  return path
}

export function toContentPath(kind: DraftKind, path: IssuePath): IssuePath {
  if (kind === 'card') return cardPath(path)
  const [field, ...rest] = path
  if (typeof field !== 'string') return path
  if (kind === 'poll_card') {
    const choice = /^(first|second|third|fourth)_choice$/.exec(field)
    if (choice) return ['choices', ORDINALS.indexOf(choice[1] as (typeof ORDINALS)[number])]
    if (field === 'media_key') return ['media']
  }
  if (kind === 'video_conversation_card') {
    const option = /^(first|second|third|fourth)_cta(_post)?$/.exec(field)
    if (option) {
      const index = ORDINALS.indexOf(option[1] as (typeof ORDINALS)[number])
      return ['options', index, option[2] ? 'post' : 'hashtag']
    }
    if (field === 'media_key') return ['video']
  }
  if (kind === 'post' && field === 'media_keys')
    return ['media', ...(rest.length > 0 ? [rest[0] ?? 0, 'media'] : [])]
  return [MEDIA_FIELDS[field] ?? camelCase(field), ...rest]
}
