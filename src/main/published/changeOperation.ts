import { z } from 'zod'
import type { CardContent } from '../../shared/creatives/card'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import type { AdsContext } from '../api/adsRequest'
import { getCard, getVideoConversationCard, updateCard, updateVideoConversationCard } from '../api/cards'
import type { CardUpdate } from '../api/cards'
import type { AnyOperationExecutor, OperationExecutor } from '../publish/operations/types'
import { CHANGE_KINDS, contentWith, fieldLabel, fieldsOf, layoutOf, updateBody } from './changeFields'
import type { ChangeKind } from './changeFields'
import type { PublishedDraftStore } from './editOperations'
import type { PendingChangesStore } from './pendingChanges'
import { threeWay } from './threeWay'
import type { FieldMap } from './threeWay'

/**
 * The outbox step that sends one edit of a published card (issue 42, item 3). Just before
 * writing, it reads the card again: fields the designer did not change keep the platform's
 * values, a field both changed to different values stops the step in conflict with nothing
 * sent, and only the fields whose new value the platform does not hold yet are sent. A lost
 * answer is settled by running the step again: the re-read then finds the change made.
 */

export const PUBLISHED_CHANGE_OP = 'publishedChange.send'

export interface ChangeParams {
  draftId: string
  kind: ChangeKind
  objectId: string
  /** For the step label; never sent. */
  name: string
  base: { updatedAt: string | null; fields: FieldMap; layout: string }
  changes: FieldMap
}

/** The platform's copy of a card now; undefined when it is gone (deleted ones are read too). */
export async function readPublished(
  ctx: AdsContext,
  accountId: string,
  kind: ChangeKind,
  objectId: string,
): Promise<Record<string, unknown> | undefined> {
  try {
    const read = kind === 'card' ? getCard : getVideoConversationCard
    return (await read(ctx, accountId, objectId, { withDeleted: true })) as Record<string, unknown>
  } catch (error) {
    if (isAppFailure(error) && error.code === 'not_found') return undefined
    throw error
  }
}

const stopped = (message: string) => new AppFailure(appError('invalid_input', message))

export interface ChangeOperationDeps {
  drafts: PublishedDraftStore
  pending: PendingChangesStore
  /** Told just before the update leaves, after the re-read (benches count the window here). */
  beforeWrite?: (params: ChangeParams) => Promise<void> | void
}

export function publishedChangeOperations(deps: ChangeOperationDeps): AnyOperationExecutor[] {
  const fieldMap = z.record(z.string(), z.string().nullable())
  const send: OperationExecutor<ChangeParams, { id: string; sent: string[] }> = {
    op: PUBLISHED_CHANGE_OP,
    params: z
      .object({
        draftId: z.uuid(),
        kind: z.enum(CHANGE_KINDS),
        objectId: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
        name: z.string().max(300),
        base: z.object({ updatedAt: z.string().nullable(), fields: fieldMap, layout: z.string() }).strict(),
        changes: fieldMap,
      })
      .strict(),
    label: ({ name }) => `Send the changes to “${name}”`,
    retry: 'repeatable',
    async run(env, { params }) {
      const { kind, objectId, draftId } = params
      const current = await readPublished(env.ctx, env.accountId, kind, objectId)
      const readAt = new Date(env.now()).toISOString()
      const updatedAt = typeof current?.updated_at === 'string' ? current.updated_at : null
      const theirs = fieldsOf(kind, current)
      const merge = threeWay(params.base.fields, theirs, params.changes)
      const gone = !current || current.deleted === true
      const relaid = !gone && layoutOf(kind, current) !== params.base.layout
      if (gone || relaid || merge.conflicts.length > 0) {
        const fields = relaid
          ? Object.entries(params.changes).map(([path, mine]) => ({
              path,
              base: params.base.fields[path] ?? null,
              theirs: theirs[path] ?? null,
              mine,
            }))
          : merge.conflicts
        await deps.pending.update(draftId, (change) => {
          const { jobId: _sent, ...rest } = change
          return {
            ...rest,
            conflict: {
              updatedAt,
              readAt,
              raw: current ?? null,
              deleted: gone,
              fields,
              ...(relaid ? { blocked: 'The card’s layout changed on the platform' } : {}),
            },
          }
        })
        throw stopped(
          gone
            ? 'This card was deleted on the platform — nothing was sent. Duplicate it to publish it again'
            : relaid
              ? 'The card’s layout changed on the platform — nothing was sent. Open Changes to see it'
              : `Changed on the platform meanwhile: ${merge.conflicts.map((c) => fieldLabel(kind, c.path)).join(', ')} — nothing was sent. Open Changes to choose what to keep`,
        )
      }
      const sent = Object.keys(merge.send)
      if (sent.length > 0) {
        const body = updateBody(kind, current, merge.send)
        await deps.beforeWrite?.(params)
        if (kind === 'card') await updateCard(env.ctx, env.accountId, objectId, body as CardUpdate)
        else
          await updateVideoConversationCard(env.ctx, env.accountId, objectId, body as Record<string, string>)
      }
      // The draft shows the card as the platform now holds it: the changes, and anyone else's.
      const now = { ...theirs, ...merge.send }
      const draft = deps.drafts.get(draftId)
      if (draft)
        await deps.drafts.save({
          ...draft,
          name: now.name?.trim() || draft.name,
          content: contentWith(kind, draft.content as CardContent | VideoConversationCardContent, now),
        })
      await deps.pending.remove(draftId)
      return { id: objectId, sent }
    },
  }
  return [send]
}
