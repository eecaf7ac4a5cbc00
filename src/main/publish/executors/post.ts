import type { PostCreate } from '../../api/ads'
import { createPost } from '../../api/ads'
import type { PostPayload } from '../../../shared/rules/payloads'
import type { StepExecutor } from '../executor'
import type { PostStep } from '../job'
import { PUBLISH_OPS } from '../job'
import { payloadFor } from '../payloads'
import { findPost } from '../reconcile'
import { publishJobOf, scopeOf } from './common'

/** Creates the post of a post draft, attaching the card and media the steps before it made. */

function postInput(payload: PostPayload): PostCreate {
  return {
    asUserId: payload.as_user_id,
    ...(payload.text !== undefined ? { text: payload.text } : {}),
    ...(payload.card_uri !== undefined ? { cardUri: payload.card_uri } : {}),
    ...(payload.media_keys ? { mediaKeys: payload.media_keys.split(',') } : {}),
    ...(payload.name !== undefined ? { name: payload.name } : {}),
    ...(payload.nullcast !== undefined ? { nullcast: payload.nullcast } : {}),
    ...(payload.post_mode !== undefined ? { postMode: payload.post_mode } : {}),
    ...(payload.conversation_settings !== undefined
      ? { conversationSettings: payload.conversation_settings }
      : {}),
    ...(payload.video_cta !== undefined ? { videoCta: payload.video_cta } : {}),
    ...(payload.video_cta_value !== undefined ? { videoCtaValue: payload.video_cta_value } : {}),
    ...(payload.video_title !== undefined ? { videoTitle: payload.video_title } : {}),
    ...(payload.video_description !== undefined ? { videoDescription: payload.video_description } : {}),
    trimUser: true,
  }
}

export const postExecutor: StepExecutor<PostStep> = {
  op: PUBLISH_OPS.post,
  retry: 'reconcile',
  async reconcile(env, step) {
    const found = await findPost(scopeOf(env, step), payloadFor(publishJobOf(env), step.draftId, 'post'))
    return found ? { postId: found.id_str, adopted: true } : undefined
  },
  async run(env, step) {
    const payload = payloadFor(publishJobOf(env), step.draftId, 'post')
    const post = await createPost(env.ctx, env.accountId, postInput(payload))
    return { postId: post.id_str }
  },
  createdIds: (step) => (step.result ? [step.result.postId] : []),
}
