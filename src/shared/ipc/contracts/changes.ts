import { z } from 'zod'
import { cardContentSchema } from '../../creatives/card'
import { videoConversationCardContentSchema } from '../../creatives/videoConversationCard'
import { profileIdSchema } from '../../profiles'
import { accountRequest, platformIdSchema } from './fields'

/**
 * Edits of published items as changes, not replacements (issue 42, items 2 to 5). Opening a
 * published card for editing records its base (the object as the app knows it then); what the
 * designer changes is kept as field changes against it, checked together ("Check changes") and
 * sent through the outbox ("Post changes"). Before sending, main reads the object again: a field
 * changed there and here to different values is a conflict, shown base · platform now · yours,
 * and nothing is sent for that item until the designer chooses.
 */

const draftId = z.uuid('Not a draft id')

/** Where an edit of a published item stands. */
export const CHANGE_STATES = ['local', 'downloaded', 'conflict', 'sending'] as const
export type ChangeState = (typeof CHANGE_STATES)[number]

export const changeFieldSchema = z.object({
  /** The field's wire path, e.g. `name` or `components.1.title`. */
  path: z.string(),
  /** The field in words. */
  label: z.string(),
  base: z.string().nullable(),
  mine: z.string().nullable(),
  /** The platform's value when read before sending (conflicts only). */
  theirs: z.string().nullable().optional(),
  conflict: z.boolean(),
})
export type ChangeField = z.infer<typeof changeFieldSchema>

export const pendingChangeViewSchema = z.object({
  draftId: z.string(),
  accountId: z.string(),
  kind: z.enum(['card', 'video_conversation_card']),
  objectId: z.string(),
  name: z.string(),
  state: z.enum(CHANGE_STATES),
  /** The platform's updated_at of the base, and when the base was read. */
  baseUpdatedAt: z.string().nullable(),
  baseReadAt: z.string(),
  /** The designer's changes (and, in conflict, every field both sides changed). */
  fields: z.array(changeFieldSchema),
  /** What the publish rules say of the item as changed (Check changes). */
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
  /** In conflict: the object was deleted on the platform, or its layout changed. */
  blocked: z.string().optional(),
  jobId: z.string().optional(),
  /** The card with the changes applied: what the edit dialog shows while the change is pending. */
  content: z.union([cardContentSchema, videoConversationCardContentSchema]),
})
export type PendingChangeView = z.infer<typeof pendingChangeViewSchema>

const listResponse = z.object({ changes: z.array(pendingChangeViewSchema) })

export const changesContract = {
  /** Records the base of a published card as the designer opens it for editing (no write). */
  'changes.begin': {
    request: z.object({ profileId: profileIdSchema, draftId }).strict(),
    response: z.object({ state: z.enum([...CHANGE_STATES, 'unchanged']) }),
  },
  /** Keeps an edit of a published card as a pending change, to post later. */
  'changes.keep': {
    request: z
      .object({
        profileId: profileIdSchema,
        draftId,
        card: cardContentSchema.optional(),
        videoConversationCard: videoConversationCardContentSchema.optional(),
      })
      .strict(),
    response: pendingChangeViewSchema,
  },
  /** Check changes: every pending change of the account, field by field, with its problems. */
  'changes.list': {
    request: accountRequest,
    response: listResponse,
  },
  /** The designer's choice for each conflicting field; the change is then re-based on the platform's copy. */
  'changes.resolve': {
    request: z
      .object({
        profileId: profileIdSchema,
        draftId,
        choices: z.record(z.string().max(200), z.enum(['mine', 'theirs'])),
      })
      .strict(),
    response: pendingChangeViewSchema,
  },
  /** Drops a pending change: the platform's copy stands. */
  'changes.discard': {
    request: z.object({ profileId: profileIdSchema, draftId }).strict(),
    response: z.object({ ok: z.literal(true) }),
  },
  /** Post changes: every pending change of the account without problems, each through the outbox. */
  'changes.post': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: platformIdSchema,
        draftIds: z.array(draftId).max(1000).optional(),
      })
      .strict(),
    response: z.object({ jobIds: z.array(z.string()), skipped: z.array(z.string()) }),
  },
} as const

export const changesEvents = {
  /** A pending change of an account was kept, sent, found in conflict or dropped. */
  'changes.changed': z.object({ profileId: z.string(), accountId: z.string() }),
} as const
