import type { reviewContract } from '../../shared/ipc/contracts/review'
import type { HandlersOf } from '../ipc/dispatcher'
import type { ReviewService } from './reviewService'

export type { ReviewDialogs } from './reviewService'

/** Review bundles: export, verdicts imported, review states, "Publishing needs approval". */
export function createReviewHandlers(review: ReviewService): HandlersOf<typeof reviewContract> {
  return {
    'review.exportBundle': (request) => review.exportBundle(request),
    'review.import': () => review.importFile(),
    'review.states': ({ ids }) => review.states(ids),
    'review.setApprovalRequired': ({ required }) => review.setApprovalRequired(required),
  }
}
