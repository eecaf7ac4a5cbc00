import type { ValidationContext } from './context'
import type { Issue } from './issues'
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
  return VALIDATORS[kind](payload, context)
}
