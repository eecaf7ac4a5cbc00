import { MediaCollector } from '../../shared/creatives/mediaCollector'
import { unresolvedMedia } from '../../shared/creatives/media'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import { videoConversationCardPayload } from '../../shared/creatives/videoConversationCard'
import type { Draft } from '../../shared/drafts/envelope'
import { AppFailure, appError, invalidInput, isAppFailure } from '../../shared/errors'
import type { PublishedCardState } from '../../shared/ipc/contracts/published'
import { videoConversationFieldWord } from '../../shared/platformWords'
import {
  getPollCard,
  getVideoConversationCard,
  type PollCard,
  type VideoConversationCard,
} from '../api/cards'
import type { WithAdsContext } from '../session/session'
import { VIDEO_CONVERSATION_EDITABLE_FIELDS } from './editOperations'

/**
 * A published poll or video conversation card as the platform holds it now. A poll cannot be
 * updated (B:100) and its voting runs for a set time from creation, so what the designer needs
 * when it opens is whether it is still there and whether voting is still open. A video
 * conversation card can be edited elsewhere (its PUT, B:150): before editing it here, the
 * designer sees which text fields the platform now holds differently from this draft.
 */

export interface PublishedCardStateDeps {
  drafts: {
    get(id: string): Draft | undefined
    flush(ids?: readonly string[]): Promise<void>
  }
  withAdsContext: WithAdsContext
}

type ReadKind = 'poll_card' | 'video_conversation_card'
const READ_KINDS: readonly string[] = ['poll_card', 'video_conversation_card'] satisfies ReadKind[]

/** Empty and absent read the same: the platform sends null for an optional field never set. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The text fields the platform holds differently from the draft; fields it does not send are skipped. */
function changedFields(
  content: VideoConversationCardContent,
  remote: VideoConversationCard,
): PublishedCardState['changes'] {
  const local = videoConversationCardPayload(
    content,
    new MediaCollector(unresolvedMedia),
  ) as unknown as Record<string, unknown>
  const platform = remote as Record<string, unknown>
  return VIDEO_CONVERSATION_EDITABLE_FIELDS.filter(
    (field) => Object.hasOwn(platform, field) && text(platform[field]) !== text(local[field]),
  ).map((field) => ({ field, label: videoConversationFieldWord(field), now: text(platform[field]) }))
}

/** The state of a card as read (`undefined`: not found, deleted ones included). */
export function cardStateOf(
  draft: Draft,
  cardId: string,
  remote: PollCard | VideoConversationCard | undefined,
  now: number,
): PublishedCardState {
  const readAt = new Date(now).toISOString()
  if (!remote) return { state: 'missing', readAt, cardId, changes: [] }
  const updatedAt = remote.updated_at ? { updatedAt: remote.updated_at } : {}
  if (remote.deleted === true) return { state: 'deleted', readAt, cardId, ...updatedAt, changes: [] }
  if (draft.kind === 'poll_card') {
    const end = (remote as PollCard).end_time
    const endsAt = end && !Number.isNaN(Date.parse(end)) ? end : undefined
    return {
      state: 'live',
      readAt,
      cardId,
      ...updatedAt,
      ...(endsAt ? { voting: { endsAt, open: Date.parse(endsAt) > now } } : {}),
      changes: [],
    }
  }
  const changes = changedFields(draft.content as VideoConversationCardContent, remote)
  return { state: 'live', readAt, cardId, ...updatedAt, changes }
}

export function createPublishedCardState(deps: PublishedCardStateDeps, now: () => number = Date.now) {
  return {
    async read(profileId: string, draftId: string): Promise<PublishedCardState> {
      await deps.drafts.flush([draftId])
      const draft = deps.drafts.get(draftId)
      if (!draft)
        throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted'))
      if (!READ_KINDS.includes(draft.kind))
        throw invalidInput('Only poll and video conversation cards are read back this way')
      const { accountId, cardId } = draft.published ?? {}
      if (draft.status !== 'published' || !accountId || !cardId)
        throw invalidInput('This card is not published yet — publish it, then its platform state shows here')
      const remote = await deps.withAdsContext(profileId, async (ctx) => {
        const read = draft.kind === 'poll_card' ? getPollCard : getVideoConversationCard
        try {
          return await read(ctx, accountId, cardId, { withDeleted: true })
        } catch (error) {
          if (isAppFailure(error) && error.code === 'not_found') return undefined
          throw error
        }
      })
      return cardStateOf(draft, cardId, remote, now())
    },
  }
}
