import { z } from 'zod'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import { editExpiredMessage, PREMIUM_REQUIRED_MESSAGE } from '../../shared/rules/postEditing'
import { createOrganicPost } from '../api/posts'
import type { OperationExecutor } from '../publish/operations/types'

/**
 * POST /2/posts as an outbox step. An edit carries the end of its hour (read from the platform
 * when it was queued): once past it, the step is refused before anything is sent, with the
 * time the hour ended. A creating POST that lost its answer is not sent again blindly: with no
 * reconcile, the outbox stops it for the designer to check the timeline.
 */

export const ORGANIC_POST_OP = 'post.organic'

const digits = z.string().regex(/^\d{1,19}$/)

export const organicPostParams = z
  .object({
    text: z.string().min(1),
    paidPartnership: z.boolean(),
    communityId: digits.optional(),
    shareWithFollowers: z.boolean().optional(),
    edit: z.object({ previousPostId: digits, editableUntil: z.number() }).strict().optional(),
  })
  .strict()
export type OrganicPostParams = z.infer<typeof organicPostParams>

/** The gate: an edit whose hour is over never leaves the machine. */
export function refuseExpiredEdit(params: OrganicPostParams, now: number): void {
  if (params.edit && now >= params.edit.editableUntil)
    throw new AppFailure(
      appError('local_failure', editExpiredMessage(params.edit.previousPostId, params.edit.editableUntil), {
        field: 'previousPostId',
      }),
    )
}

/** The platform's refusal of an edit without the subscription, in words a designer can act on. */
export function explainPremium(error: unknown): unknown {
  if (isAppFailure(error) && error.code === 'forbidden' && /premium/i.test(error.message))
    return new AppFailure(appError('forbidden', PREMIUM_REQUIRED_MESSAGE, { field: 'previousPostId' }))
  return error
}

export const organicPostOperation: OperationExecutor<
  OrganicPostParams,
  { postId: string; editOf: string | null }
> = {
  op: ORGANIC_POST_OP,
  params: organicPostParams,
  label: (params) =>
    params.edit
      ? `Edit post ${params.edit.previousPostId}`
      : `Post to the timeline${params.communityId ? ' (community)' : ''}`,
  retry: 'reconcile',
  async run(env, { params }) {
    refuseExpiredEdit(params, env.now())
    try {
      const post = await createOrganicPost(env.ctx, {
        text: params.text,
        paidPartnership: params.paidPartnership,
        ...(params.communityId !== undefined ? { communityId: params.communityId } : {}),
        ...(params.shareWithFollowers !== undefined ? { shareWithFollowers: params.shareWithFollowers } : {}),
        ...(params.edit ? { previousPostId: params.edit.previousPostId } : {}),
      })
      return { postId: post.id, editOf: params.edit?.previousPostId ?? null }
    } catch (error) {
      throw explainPremium(error)
    }
  },
  createdIds: (result) => [result.postId],
}
