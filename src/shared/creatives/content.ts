// One entry point per operation over all draft kinds: schemas, empty content, payloads.

import type { z } from 'zod'
import type { CreativeKind, PayloadByKind } from '../rules/payloads'
import type { CardContent } from './card'
import { cardContentSchema, cardPayload, emptyCardContent } from './card'
import type { MediaLibraryContent } from './mediaLibrary'
import { emptyMediaLibraryContent, mediaLibraryContentSchema, mediaLibraryPayload } from './mediaLibrary'
import type { MediaResolver } from './media'
import { unresolvedMedia } from './media'
import { MediaCollector } from './mediaCollector'
import type { PollCardContent } from './pollCard'
import { emptyPollCardContent, pollCardContentSchema, pollCardPayload } from './pollCard'
import type { CardResolver, PostContent } from './post'
import { emptyPostContent, postContentSchema, postPayload, unresolvedCard } from './post'
import type { VideoConversationCardContent } from './videoConversationCard'
import {
  emptyVideoConversationCardContent,
  videoConversationCardContentSchema,
  videoConversationCardPayload,
} from './videoConversationCard'

export type DraftKind = CreativeKind

export interface ContentByKind {
  card: CardContent
  poll_card: PollCardContent
  video_conversation_card: VideoConversationCardContent
  post: PostContent
  media_library: MediaLibraryContent
}

export type DraftContent = ContentByKind[DraftKind]

export const contentSchemas: { [K in DraftKind]: z.ZodType<ContentByKind[K]> } = {
  card: cardContentSchema,
  poll_card: pollCardContentSchema,
  video_conversation_card: videoConversationCardContentSchema,
  post: postContentSchema,
  media_library: mediaLibraryContentSchema,
}

export function emptyContent<K extends DraftKind>(kind: K): ContentByKind[K] {
  const makers: { [Kind in DraftKind]: () => ContentByKind[Kind] } = {
    card: emptyCardContent,
    poll_card: emptyPollCardContent,
    video_conversation_card: emptyVideoConversationCardContent,
    post: () => emptyPostContent(),
    media_library: emptyMediaLibraryContent,
  }
  return makers[kind]()
}

/** Builds the payload while recording media facts by payload key (for validation). */
export function buildPayload<K extends DraftKind>(
  kind: K,
  content: ContentByKind[K],
  media: MediaCollector,
  resolveCard: CardResolver,
): PayloadByKind[K] {
  const builders: { [Kind in DraftKind]: (content: ContentByKind[Kind]) => PayloadByKind[Kind] } = {
    card: (c) => cardPayload(c, media),
    poll_card: (c) => pollCardPayload(c, media),
    video_conversation_card: (c) => videoConversationCardPayload(c, media),
    post: (c) => postPayload(c, media, resolveCard),
    media_library: (c) => mediaLibraryPayload(c, media),
  }
  return builders[kind](content)
}

/**
 * The request payload for a draft: pure, and exactly what validate(kind, payload) checks and
 * what publish sends. Local media not uploaded yet appear as local:<sha256>, and card drafts
 * not published yet as draft:<id>; both are reported as warnings by validate.
 */
export function toPayload<K extends DraftKind>(
  kind: K,
  content: ContentByKind[K],
  resolveMedia: MediaResolver = unresolvedMedia,
  resolveCard: CardResolver = unresolvedCard,
): PayloadByKind[K] {
  return buildPayload(kind, content, new MediaCollector(resolveMedia), resolveCard)
}
