import { AppFailure, appError } from '../../shared/errors'
import type { EditablePost, OrganicPostRequest } from '../../shared/ipc/contracts/organic'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import { readPost, type ReadPost } from '../api/posts'
import type { OperationRequest } from '../publish/commands'
import type { WithAdsContext } from '../session/session'
import { editableUntil } from '../../shared/rules/postEditing'
import { ORGANIC_POST_OP, refuseExpiredEdit, type OrganicPostParams } from './operations'

/**
 * Organic posts: what an edit may still do (read from the platform), and queueing a post or an
 * edit in the outbox after the checks that need no network write: an edit past its hour is
 * refused here already, with the time it ended, and again by the step before it is sent.
 */

function editableView(post: ReadPost, userId: string | undefined): EditablePost {
  const controls = post.edit_controls
  const until = controls ? Date.parse(controls.editable_until) : editableUntil(post.created_at ?? 0)
  const notEditable =
    userId && post.author_id && post.author_id !== userId
      ? 'This post is not yours: only its author can edit it.'
      : controls && !controls.is_edit_eligible
        ? 'This post was made for an ad account (promoted-only); such posts cannot be edited.'
        : controls && controls.edits_remaining === 0
          ? 'This post has been edited as often as a post can be.'
          : post.edit_history_post_ids.at(-1) !== post.id
            ? `This post has been edited since; edit its latest version ${post.edit_history_post_ids.at(-1)}.`
            : undefined
  return {
    id: post.id,
    text: post.text,
    paidPartnership: post.paid_partnership === true,
    ...(post.community_id ? { communityId: post.community_id } : {}),
    editableUntil: until,
    editsRemaining: controls?.edits_remaining ?? 0,
    ...(notEditable ? { notEditable } : {}),
  }
}

export function createOrganicService(deps: {
  withAdsContext: WithAdsContext
  userIdOf(profileId: string): string | undefined
  outbox: { enqueueOperations(request: OperationRequest): Promise<OutboxJobView> }
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const editable = (profileId: string, postId: string) =>
    deps.withAdsContext(profileId, async (ctx) =>
      editableView(await readPost(ctx, postId), deps.userIdOf(profileId)),
    )

  return {
    editable,

    async publish(request: OrganicPostRequest): Promise<OutboxJobView> {
      const { profileId, accountId, previousPostId } = request
      if (request.shareWithFollowers !== undefined && request.communityId === undefined)
        throw new AppFailure(
          appError('invalid_input', 'Sharing with followers goes with a community: choose one first', {
            field: 'shareWithFollowers',
          }),
        )
      let edit: OrganicPostParams['edit']
      if (previousPostId !== undefined) {
        if (request.communityId !== undefined)
          throw new AppFailure(
            appError(
              'invalid_input',
              'An edit keeps the community of the post it edits; leave the community out',
              {
                field: 'communityId',
              },
            ),
          )
        const post = await editable(profileId, previousPostId)
        if (post.notEditable)
          throw new AppFailure(appError('invalid_input', post.notEditable, { field: 'previousPostId' }))
        edit = { previousPostId, editableUntil: post.editableUntil }
      }
      const params: OrganicPostParams = {
        text: request.text,
        paidPartnership: request.paidPartnership,
        ...(request.communityId !== undefined ? { communityId: request.communityId } : {}),
        ...(request.shareWithFollowers !== undefined
          ? { shareWithFollowers: request.shareWithFollowers }
          : {}),
        ...(edit ? { edit } : {}),
      }
      refuseExpiredEdit(params, now())
      return deps.outbox.enqueueOperations({
        profileId,
        accountId,
        area: 'published',
        title: edit ? `Edit post ${edit.previousPostId}` : 'Post to the timeline',
        steps: [{ op: ORGANIC_POST_OP, params }],
      })
    },
  }
}
