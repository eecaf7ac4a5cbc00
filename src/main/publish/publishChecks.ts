import type { Draft } from '../../shared/drafts/envelope'
import { createGrantedProbe } from '../media/inspect/grantedProbe'
import type { GrantedFiles } from '../media/grantedFiles'
import { publishedCardUri } from './plan'
import type { TeamRulesOf } from './teamRules'
import { createPreflight, createReviewWarnings, type PreflightDeps } from './preflight'

/**
 * The outbox's two checks over the draft store: the preflight before a job sends (main's rules
 * with the platform's facts) and the review sheet's warnings (what main knows without asking).
 */
export function createPublishChecks(deps: {
  features: PreflightDeps['features']
  postLengthTier: PreflightDeps['postLengthTier']
  localMedia: PreflightDeps['localMedia']
  localFiles: GrantedFiles
  getDraft(id: string): Draft | undefined
  teamRules?: TeamRulesOf
}) {
  return {
    preflight: createPreflight({
      features: deps.features,
      postLengthTier: deps.postLengthTier,
      localMedia: deps.localMedia,
      probeLocal: createGrantedProbe(deps.localFiles),
      publishedCard: (draftId) => {
        const draft = deps.getDraft(draftId)
        const cardId = draft?.published?.cardId
        if (!cardId || !draft) return undefined
        const cardKind = draft.kind === 'post' || draft.kind === 'media_library' ? undefined : draft.kind
        return cardKind ? { cardId, cardKind } : { cardId }
      },
      ...(deps.teamRules ? { teamRules: deps.teamRules } : {}),
    }),
    reviewWarnings: createReviewWarnings({
      features: deps.features,
      postLengthTier: deps.postLengthTier,
      lookupDraft: deps.getDraft,
      resolveCard: (draftId, accountId) => publishedCardUri(deps.getDraft(draftId), accountId),
      ...(deps.teamRules ? { teamRules: deps.teamRules } : {}),
    }),
  }
}
