import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import type { AdsContext } from './adsRequest'
import { getV2Object } from './v2Object'

/**
 * Posts through the newer API on {base_url} (platform document line 126): POST /2/posts creates
 * an organic post or edits one (`edit_options.previous_post_id`), with `paid_partnership` and
 * `community_id` + `share_with_followers`. The spec shows no request or answer beyond those
 * fields; the rest follows the platform's public /2 reference: a JSON body with `text`, the
 * answer `data: {id, text, edit_history_post_ids}`, and GET /2/posts/:id with `post.fields`
 * (created_at, edit_controls) to read a post back.
 */

export interface OrganicPostCreate {
  text: string
  paidPartnership?: boolean
  communityId?: string
  shareWithFollowers?: boolean
  previousPostId?: string
}

const createdSchema = z.object({
  data: z.object({ id: z.string(), text: z.string(), edit_history_post_ids: z.array(z.string()) }).loose(),
})
export type CreatedPost = z.infer<typeof createdSchema>['data']

export async function createOrganicPost(ctx: AdsContext, input: OrganicPostCreate): Promise<CreatedPost> {
  const body: Record<string, unknown> = { text: input.text }
  if (input.paidPartnership !== undefined) body.paid_partnership = input.paidPartnership
  if (input.communityId !== undefined) {
    body.community_id = input.communityId
    if (input.shareWithFollowers !== undefined) body.share_with_followers = input.shareWithFollowers
  }
  if (input.previousPostId !== undefined) body.edit_options = { previous_post_id: input.previousPostId }
  const response = await ctx.http.send({
    method: 'POST',
    url: `${ctx.hosts.apiUrl}/2/posts`,
    body: { kind: 'json', value: body },
    auth: { kind: 'oauth1', credentials: ctx.credentials },
  })
  // A 2xx whose body cannot be read may still have created the post: never "try again" blindly.
  const created = createdSchema.safeParse(response.json)
  if (!created.success)
    throw new AppFailure(
      appError(
        'outcome_unknown',
        'The platform took the post but its answer could not be read; check the timeline',
      ),
    )
  return created.data.data
}

const readSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    author_id: z.string().optional(),
    created_at: z.string().optional(),
    paid_partnership: z.boolean().optional(),
    community_id: z.string().optional(),
    edit_history_post_ids: z.array(z.string()),
    edit_controls: z
      .object({
        edits_remaining: z.number(),
        is_edit_eligible: z.boolean(),
        editable_until: z.string(),
      })
      .optional(),
  })
  .loose()
export type ReadPost = z.infer<typeof readSchema>

const READ_FIELDS = 'author_id,created_at,edit_controls,paid_partnership,community_id'

/** One post with what editing it needs; a post that does not exist is a not_found failure. */
export async function readPost(ctx: AdsContext, postId: string): Promise<ReadPost> {
  return getV2Object(ctx, {
    path: 'posts',
    id: postId,
    query: { 'post.fields': READ_FIELDS },
    schema: readSchema,
    missing: `There is no post ${postId}`,
    field: 'postId',
  })
}
