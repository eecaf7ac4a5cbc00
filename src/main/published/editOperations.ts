import { z } from 'zod'
import type { CardContent } from '../../shared/creatives/card'
import { cardContentSchema } from '../../shared/creatives/card'
import type { PostContent } from '../../shared/creatives/post'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import { videoConversationCardContentSchema } from '../../shared/creatives/videoConversationCard'
import type { Draft } from '../../shared/drafts/envelope'
import { AppFailure, appError } from '../../shared/errors'
import { isLocalMediaPlaceholder } from '../../shared/rules/placeholders'
import { renamePost } from '../api/ads'
import {
  getCard,
  updateCard,
  updateVideoConversationCard,
  VIDEO_CONVERSATION_TEXT_FIELDS,
} from '../api/cards'
import type { CardUpdate } from '../api/cards'
import type { AdsContext } from '../api/adsRequest'
import type { AnyOperationExecutor, OperationExecutor } from '../publish/operations/types'

/**
 * The outbox executors of edits to published creatives (publishedEdits.ts validates and queues
 * them). Every one is a PUT where each supplied field replaces the stored one, so a lost answer
 * is settled by sending the same request again. Once the platform has it, the local draft takes
 * the new values, so the app shows what the platform now holds.
 */

export const PUBLISHED_EDIT_OPS = {
  cardUpdate: 'publishedCard.update',
  videoConversationUpdate: 'publishedVideoConversationCard.update',
  postRename: 'publishedPost.rename',
} as const

/** Wire names of the video conversation card fields an edit may change (its text, never its media). */
export const VIDEO_CONVERSATION_EDITABLE_FIELDS = VIDEO_CONVERSATION_TEXT_FIELDS
type VideoConversationField = (typeof VIDEO_CONVERSATION_EDITABLE_FIELDS)[number]

export interface CardUpdateParams {
  draftId: string
  cardId: string
  /** For the step label; never sent. */
  name: string
  update: { name?: string; components?: unknown[]; slides?: unknown[][] }
  /** The draft content as edited, stored locally once the platform has the update. */
  content: CardContent
}

export interface VideoConversationUpdateParams {
  draftId: string
  cardId: string
  name: string
  fields: Partial<Record<VideoConversationField, string>>
  content: VideoConversationCardContent
}

export interface PostRenameParams {
  /** The local draft of the post, when it was published from this app (the library renames any post). */
  draftId?: string | undefined
  postId: string
  name: string
}

/** What the executors need of the draft store: the published draft, and a durable save. */
export interface PublishedDraftStore {
  get(id: string): Draft | undefined
  save(draft: Draft): Promise<Draft>
}

const remoteId = z.string().regex(/^[0-9A-Za-z_-]{1,64}$/)
const draftId = z.uuid()
const label = z.string().max(300)

async function storeLocally(
  drafts: PublishedDraftStore,
  id: string,
  change: (draft: Draft) => Draft,
): Promise<void> {
  const draft = drafts.get(id)
  // Deleted locally while the edit was queued: the platform has it, nothing to show here.
  if (!draft) return
  await drafts.save(change(draft))
}

/**
 * Media of a component card as the platform holds it, by position. An edit never changes a
 * published card's media or layout, but the draft may point at local files uploaded when it was
 * published; their keys are read from the platform's copy of the card, the one place that has
 * them, rather than guessed.
 */
function resolvePlaceholders(sent: unknown, remote: unknown): unknown {
  if (typeof sent === 'string' && isLocalMediaPlaceholder(sent)) {
    if (typeof remote === 'string' && !isLocalMediaPlaceholder(remote)) return remote
    throw new AppFailure(
      appError(
        'invalid_input',
        'The card on the platform no longer has the media it was published with — duplicate it as a new draft',
      ),
    )
  }
  if (Array.isArray(sent)) {
    const list = Array.isArray(remote) ? (remote as unknown[]) : []
    return sent.map((item, index) => resolvePlaceholders(item, list[index]))
  }
  if (typeof sent === 'object' && sent !== null) {
    const other = typeof remote === 'object' && remote !== null ? (remote as Record<string, unknown>) : {}
    return Object.fromEntries(
      Object.entries(sent).map(([key, value]) => [key, resolvePlaceholders(value, other[key])]),
    )
  }
  return sent
}

const hasPlaceholder = (value: unknown): boolean => JSON.stringify(value).includes('"local:')

async function cardUpdateBody(ctx: AdsContext, accountId: string, params: CardUpdateParams) {
  const { update } = params
  const body: Record<string, unknown> = {}
  if (update.name !== undefined) body.name = update.name
  const replacing = update.slides ?? update.components
  if (replacing !== undefined) {
    const key = update.slides ? 'slides' : 'components'
    let value: unknown = replacing
    if (hasPlaceholder(replacing)) {
      const card = (await getCard(ctx, accountId, params.cardId)) as Record<string, unknown>
      value = resolvePlaceholders(replacing, card[key])
    }
    body[key] = value
  }
  return body as CardUpdate
}

export function publishedEditOperations(drafts: PublishedDraftStore): AnyOperationExecutor[] {
  const cardUpdate: OperationExecutor<CardUpdateParams, { id: string; name: string | null }> = {
    op: PUBLISHED_EDIT_OPS.cardUpdate,
    params: z
      .object({
        draftId,
        cardId: remoteId,
        name: label,
        update: z
          .object({
            name: z.string().optional(),
            components: z.array(z.unknown()).optional(),
            slides: z.array(z.array(z.unknown())).optional(),
          })
          .strict()
          .refine((update) => !(update.components && update.slides), 'components and slides are exclusive'),
        content: cardContentSchema,
      })
      .strict() as unknown as z.ZodType<CardUpdateParams>,
    label: ({ name }) => `Update the card “${name}”`,
    retry: 'repeatable',
    async run(env, { params }) {
      const body = await cardUpdateBody(env.ctx, env.accountId, params)
      const card = await updateCard(env.ctx, env.accountId, params.cardId, body)
      await storeLocally(drafts, params.draftId, (draft) => ({
        ...draft,
        name: params.content.name.trim() || draft.name,
        content: params.content,
      }))
      return { id: card.id, name: card.name ?? null }
    },
  }

  const videoConversationUpdate: OperationExecutor<
    VideoConversationUpdateParams,
    { id: string; name: string | null }
  > = {
    op: PUBLISHED_EDIT_OPS.videoConversationUpdate,
    params: z
      .object({
        draftId,
        cardId: remoteId,
        name: label,
        fields: z.partialRecord(z.enum(VIDEO_CONVERSATION_EDITABLE_FIELDS), z.string().max(25_000)),
        content: videoConversationCardContentSchema,
      })
      .strict() as unknown as z.ZodType<VideoConversationUpdateParams>,
    label: ({ name }) => `Update the video conversation card “${name}”`,
    retry: 'repeatable',
    async run(env, { params }) {
      const card = await updateVideoConversationCard(
        env.ctx,
        env.accountId,
        params.cardId,
        params.fields as Record<string, string>,
      )
      await storeLocally(drafts, params.draftId, (draft) => ({
        ...draft,
        name: params.content.name.trim() || draft.name,
        content: params.content,
      }))
      return { id: card.id, name: card.name ?? null }
    },
  }

  const postRename: OperationExecutor<PostRenameParams, { id: string; name: string | null }> = {
    op: PUBLISHED_EDIT_OPS.postRename,
    params: z
      .object({ draftId: draftId.optional(), postId: remoteId, name: z.string().min(1).max(1_000) })
      .strict(),
    label: ({ name }) => `Rename the post to “${name.trim()}”`,
    retry: 'repeatable',
    async run(env, { params }) {
      const post = await renamePost(env.ctx, env.accountId, params.postId, params.name)
      if (params.draftId === undefined) return { id: post.id_str, name: post.name ?? null }
      await storeLocally(drafts, params.draftId, (draft) => ({
        ...draft,
        name: params.name.trim() || draft.name,
        content: { ...(draft.content as PostContent), name: params.name },
      }))
      return { id: post.id_str, name: post.name ?? null }
    },
  }

  return [cardUpdate, videoConversationUpdate, postRename]
}
