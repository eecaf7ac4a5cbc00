import { z } from 'zod'
import { deleteMediaLibraryObject } from '../../api/ads'
import { deleteCard, deleteCardOfType } from '../../api/cards'
import type { AppFailure } from '../../../shared/errors'
import type { AnyOperationExecutor, OperationExecutor } from './types'

/**
 * Deleting what a publish job created before it stopped (a failed or abandoned job's media
 * library entries and card), queued through the outbox like any other write. A 404 means it is
 * gone already, which is what was asked.
 */

type Deleted = { id: string; alreadyDeleted: boolean }
const gone = (id: string) => (error: AppFailure) =>
  error.code === 'not_found' ? { id, alreadyDeleted: true } : undefined

const mediaLibraryDelete: OperationExecutor<{ mediaKey: string; name: string }, Deleted> = {
  op: 'mediaLibrary.delete',
  params: z.object({ mediaKey: z.string().regex(/^[0-9]+_[0-9]+$/), name: z.string().max(200) }).strict(),
  label: ({ name }) => `Delete ${name} from the media library`,
  retry: 'repeatable',
  async run(env, { params }) {
    await deleteMediaLibraryObject(env.ctx, env.accountId, params.mediaKey)
    return { id: params.mediaKey, alreadyDeleted: false }
  },
  alreadyDone: (error, params) => gone(params.mediaKey)(error),
}

/** The legacy card path for the kinds that have no deletion of their own (see api/ads.ts). */
const LEGACY_CARD_TYPE = { poll_card: 'poll', video_conversation_card: 'video_conversation' } as const

const createdCardDelete: OperationExecutor<
  { cardId: string; cardKind: 'card' | 'poll_card' | 'video_conversation_card'; name: string },
  Deleted
> = {
  op: 'createdCard.delete',
  params: z
    .object({
      cardId: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
      cardKind: z.enum(['card', 'poll_card', 'video_conversation_card']),
      name: z.string().max(200),
    })
    .strict(),
  label: ({ name }) => `Delete the card ${name}`,
  retry: 'repeatable',
  async run(env, { params }) {
    if (params.cardKind === 'card') await deleteCard(env.ctx, env.accountId, params.cardId)
    else await deleteCardOfType(env.ctx, env.accountId, LEGACY_CARD_TYPE[params.cardKind], params.cardId)
    return { id: params.cardId, alreadyDeleted: false }
  },
  alreadyDone: (error, params) => gone(params.cardId)(error),
}

export const CLEAN_UP_OPERATIONS: readonly AnyOperationExecutor[] = [mediaLibraryDelete, createdCardDelete]
