import { BROKEN_CHARACTER_MESSAGE, hasLoneSurrogate } from '../text'
import type { ValidationContext } from './context'
import type { Issue, IssuePath } from './issues'
import { error } from './issues'
import type { CreativeKind } from './payloads'
import { validateCard } from './validateCard'
import { validateMediaLibrary } from './validateMediaLibrary'
import { validatePollCard } from './validatePollCard'
import { validatePost } from './validatePost'
import { validateVideoConversationCard } from './validateVideoConversationCard'

const VALIDATORS: Record<CreativeKind, (payload: unknown, context: ValidationContext) => Issue[]> = {
  card: validateCard,
  poll_card: validatePollCard,
  video_conversation_card: validateVideoConversationCard,
  post: validatePost,
  media_library: validateMediaLibrary,
}

/**
 * Checks an API request payload of the given kind against the spec. Synchronous and pure;
 * facts the payload lacks (media types and sizes, features, weighted text length) come from
 * the optional context.
 */
export function validate(kind: CreativeKind, payload: unknown, context: ValidationContext = {}): Issue[] {
  return [...VALIDATORS[kind](payload, context), ...brokenText(payload)]
}

/**
 * Every string of the payload, whatever field it is in: text that cannot be encoded would fail
 * when the request is signed, so it is an error on its own field before anything is queued.
 */
function brokenText(payload: unknown): Issue[] {
  const issues: Issue[] = []
  const walk = (value: unknown, path: IssuePath, depth: number): void => {
    if (depth > 64) return
    if (typeof value === 'string') {
      if (hasLoneSurrogate(value))
        issues.push(error(path, 'invalid_format', `This field ${BROKEN_CHARACTER_MESSAGE}`))
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index], depth + 1))
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key], depth + 1)
    }
  }
  walk(payload, [], 0)
  return issues
}
