import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { LIMITS } from '../../rules/limits'
import { platformIdSchema, sendableText } from './fields'
import { jobResponse } from './outbox'

/**
 * Organic posts through POST {base_url}/2/posts (platform document line 126): to the timeline,
 * with a paid-partnership label, in a community, or as an edit of one's own post within the
 * hour. Publishing is an outbox job; reading a post back tells how long it can still be edited.
 */

/** Post and community ids: digits, as on the platform. */
const numericId = z.string().regex(/^\d{1,19}$/, 'A post or community id is a number of 1 to 19 digits')

export const editablePostSchema = z.object({
  id: z.string(),
  text: z.string(),
  paidPartnership: z.boolean(),
  communityId: z.string().optional(),
  /** Epoch ms when the hour to edit ends. */
  editableUntil: z.number(),
  editsRemaining: z.number(),
  /** Why it cannot be edited (someone else's post, promoted-only, no edits left), if so. */
  notEditable: z.string().optional(),
})
export type EditablePost = z.infer<typeof editablePostSchema>

export const organicPostRequestSchema = z
  .object({
    profileId: profileIdSchema,
    accountId: platformIdSchema,
    text: sendableText(LIMITS.postLength.longForm.value).pipe(z.string().min(1, 'Write the post first')),
    paidPartnership: z.boolean(),
    communityId: numericId.optional(),
    shareWithFollowers: z.boolean().optional(),
    previousPostId: numericId.optional(),
  })
  .strict()
export type OrganicPostRequest = z.infer<typeof organicPostRequestSchema>

export const organicContract = {
  'organic.editable': {
    request: z.object({ profileId: profileIdSchema, postId: numericId }).strict(),
    response: z.object({ post: editablePostSchema }),
  },
  'organic.publish': {
    request: organicPostRequestSchema,
    response: jobResponse,
  },
} as const
