import type { publishedContract } from '../../shared/ipc/contracts/published'
import type { HandlersOf } from '../ipc/dispatcher'
import { createPublishedCardState } from './cardState'
import { createPublishedEdits, type PublishedEditDeps } from './publishedEdits'

/** Edits of published creatives, each queued in the outbox; and a published card as it is now. */
export function createPublishedHandlers(deps: PublishedEditDeps): HandlersOf<typeof publishedContract> {
  const edits = createPublishedEdits(deps)
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
  }
}
