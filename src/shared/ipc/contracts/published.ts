import { z } from 'zod'
import { cardContentSchema } from '../../creatives/card'
import { videoConversationCardContentSchema } from '../../creatives/videoConversationCard'
import { profileIdSchema } from '../../profiles'
import { LIMITS } from '../../rules/limits'
import { platformIdSchema, sendableText } from './fields'
import { jobResponse } from './outbox'

/**
 * Edits of a published creative that the spec allows, each queued through the outbox as an
 * update (issue 9, "Published means read-only"): a card's name and components (card update),
 * a video conversation card's fields (its PUT), a post's name (PUT posts/:id/name), by its draft
 * or, for a post made elsewhere, by its id.
 *
 * The renderer sends the draft as the designer edited it; main compares it with the stored
 * draft, refuses any change the spec does not allow (media, structure, a post's text), runs the
 * shared rules on the result, and queues only the fields that changed. Limits are not repeated
 * here: main's rules answer with the field and the spec's number.
 */

const draftId = z.uuid('Not a draft id')

/**
 * A published poll or video conversation card as the platform holds it now (B:99, B:130), read
 * when its draft opens: whether it is still there, when the poll's voting closes, and which
 * text fields someone changed on the platform since this app published it.
 */
export const publishedCardStateSchema = z.object({
  state: z.enum(['live', 'deleted', 'missing']),
  /** When main read it (ISO time). */
  readAt: z.string(),
  cardId: z.string(),
  updatedAt: z.string().optional(),
  /** A poll's voting window, when the platform gives its end. */
  voting: z.object({ endsAt: z.string(), open: z.boolean() }).optional(),
  /** Text fields whose platform value differs from the draft: the field in words, the value now. */
  changes: z.array(z.object({ field: z.string(), label: z.string(), now: z.string() })),
})
export type PublishedCardState = z.infer<typeof publishedCardStateSchema>

export const publishedContract = {
  /** Reads a published poll or video conversation card of a draft from the platform (no write). */
  'published.cardState': {
    request: z.object({ profileId: profileIdSchema, draftId }).strict(),
    response: publishedCardStateSchema,
  },
  'published.updateCard': {
    request: z.object({ profileId: profileIdSchema, draftId, content: cardContentSchema }).strict(),
    response: jobResponse,
  },
  'published.updateVideoConversationCard': {
    request: z
      .object({ profileId: profileIdSchema, draftId, content: videoConversationCardContentSchema })
      .strict(),
    response: jobResponse,
  },
  'published.renamePost': {
    request: z.object({ profileId: profileIdSchema, draftId, name: sendableText(1_000) }).strict(),
    response: jobResponse,
  },
  /** PUT accounts/:id/posts/:post_id/name, queued in the outbox once the post is found on the account. */
  'posts.rename': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: platformIdSchema,
        postId: z.string().regex(/^[0-9]{1,19}$/, 'A post id is a number'),
        name: sendableText(1_000)
          .trim()
          .min(1, 'Enter a name')
          .max(LIMITS.post.name.max, `A post name has at most ${LIMITS.post.name.max} characters`),
      })
      .strict(),
    response: jobResponse,
  },
} as const
