import type { Draft } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { PostLengthTier } from '../../shared/rules/limits'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import { checkDraftForPublish, publishErrors, type PublishContext } from '../../shared/creatives/publishGate'

/** What the rules need beyond the drafts themselves, as main knows it when a job starts. */
export interface RuleFacts {
  features: readonly string[]
  postLengthTier: PostLengthTier
  weightedLength: (text: string) => number
  authenticatedUserId?: string
  /** card_uri of card drafts published before the job (the job's publishedCards). */
  resolveCard?: (draftId: string) => string | undefined
  /** The account's team rule packs, as main keeps them. */
  teamRules?: readonly TeamRulePack[]
}

/**
 * The rule errors of a job's draft, and of the card draft a post attaches, through the one
 * publish gate the editors and `outbox.enqueue` use (src/shared/creatives/publishGate.ts), as
 * outbox problems naming the draft and the field.
 */
export function checkSnapshotRules(
  draft: Draft,
  lookupDraft: (draftId: string) => Draft | undefined,
  facts: RuleFacts,
): OutboxError[] {
  const context: PublishContext = {
    postLengthTier: facts.postLengthTier,
    features: facts.features,
    weightedLength: facts.weightedLength,
    lookupDraft,
    ...(facts.authenticatedUserId ? { authenticatedUserId: facts.authenticatedUserId } : {}),
    ...(facts.resolveCard ? { resolveCard: facts.resolveCard } : {}),
    ...(facts.teamRules ? { teamRules: facts.teamRules } : {}),
  }
  return publishErrors(checkDraftForPublish(draft, context)).map((issue) => ({
    code: issue.code,
    message: issue.message,
    draftId: issue.draftId,
    contentPath: [...issue.contentPath],
  }))
}
