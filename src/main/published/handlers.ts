import type { changesContract } from '../../shared/ipc/contracts/changes'
import type { publishedContract } from '../../shared/ipc/contracts/published'
import { invalidInput } from '../../shared/errors'
import type { HandlersOf } from '../ipc/dispatcher'
import { createPublishedCardState } from './cardState'
import { createPublishedChanges, type PublishedChangesDeps } from './changes'
import { createPublishedEdits, editGate, type PublishedEditDeps } from './publishedEdits'

export type PublishedHandlerDeps = PublishedEditDeps &
  Omit<PublishedChangesDeps, 'gate' | 'outbox'> & { outbox: PublishedChangesDeps['outbox'] }

/**
 * Edits of published creatives, each queued in the outbox; a published card as it is now; and
 * edits of published cards as changes against their base (issue 42).
 */
export function createPublishedHandlers(
  deps: PublishedHandlerDeps,
): HandlersOf<typeof publishedContract & typeof changesContract> {
  const changes = createPublishedChanges({ ...deps, gate: editGate(deps) })
  const edits = createPublishedEdits({ ...deps, changes })
  const cardState = createPublishedCardState(deps)
  return {
    'published.cardState': ({ profileId, draftId }) => cardState.read(profileId, draftId),
    'published.updateCard': async ({ profileId, draftId, content }) => ({
      job: await edits.updateCard(profileId, draftId, content),
    }),
    'published.updateVideoConversationCard': async ({ profileId, draftId, content }) => ({
      job: await edits.updateVideoConversationCard(profileId, draftId, content),
    }),
    'published.renamePost': async ({ profileId, draftId, name }) => ({
      job: await edits.renamePost(profileId, draftId, name),
    }),
    'posts.rename': async ({ profileId, accountId, postId, name }) => ({
      job: await edits.renamePostById(profileId, accountId, postId, name),
    }),
    'changes.begin': async ({ profileId, draftId }) => ({ state: await changes.begin(profileId, draftId) }),
    'changes.keep': async ({ profileId, draftId, card, videoConversationCard }) => {
      if (card) await edits.checkCard(profileId, draftId, card)
      else if (videoConversationCard)
        await edits.checkVideoConversationCard(profileId, draftId, videoConversationCard)
      else throw invalidInput('Send the card as edited')
      const content = card ?? videoConversationCard
      return changes.view(await changes.keep(profileId, draftId, content!))
    },
    'changes.list': async ({ profileId, accountId }) => ({
      changes: await changes.list(profileId, accountId),
    }),
    'changes.resolve': async ({ profileId, draftId, choices }) =>
      changes.view(await changes.resolve(profileId, draftId, choices)),
    'changes.discard': async ({ profileId, draftId }) => {
      await changes.discard(profileId, draftId)
      return { ok: true as const }
    },
    'changes.post': ({ profileId, accountId, draftIds }) => changes.post(profileId, accountId, draftIds),
  }
}
