import type { OutboxReview } from '../../../shared/ipc/contracts/outbox'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'

/** A draft of a batch, by its id and the name people know it by. */
export interface BatchDraft {
  id: string
  name: string
}

export type BatchReview =
  { ok: true; review: OutboxReview } | { ok: false; refused: { name: string; reason: string }[] }

/** How many drafts main plans at once: enough to overlap, few enough to leave it room. */
const AT_ONCE = 4

/**
 * One review sheet for many drafts: main plans each draft as Publish would (outbox.review, the
 * same gate), and the sheet lists every step under its draft's name. One refusal stops the
 * batch before anything is queued, and every refused draft is named with main's reason.
 */
export function mergeReviews(reviews: readonly { draft: BatchDraft; review: OutboxReview }[]): OutboxReview {
  const [first] = reviews
  if (!first) throw new Error('A batch review needs a draft')
  return {
    profileLabel: first.review.profileLabel,
    accountId: first.review.accountId,
    ...(first.review.advertiser !== undefined ? { advertiser: first.review.advertiser } : {}),
    steps: reviews.flatMap(({ draft, review }) =>
      review.steps.map((step) => ({ ...step, label: `${draft.name}: ${step.label}` })),
    ),
    warnings: reviews.flatMap(({ draft, review }) =>
      review.warnings.map((warning) => ({ ...warning, message: `${draft.name}: ${warning.message}` })),
    ),
  }
}

export async function reviewBatch(drafts: readonly BatchDraft[]): Promise<BatchReview> {
  const reviews: { draft: BatchDraft; review: OutboxReview }[] = []
  const refused: { name: string; reason: string }[] = []
  for (let start = 0; start < drafts.length; start += AT_ONCE) {
    const answers = await Promise.all(
      drafts.slice(start, start + AT_ONCE).map(async (draft) => {
        try {
          return { draft, review: (await unwrap(studio().outbox.review({ draftId: draft.id }))).review }
        } catch (failure) {
          if (!(failure instanceof IpcFailure)) throw failure
          return { draft, reason: failure.error.message }
        }
      }),
    )
    for (const answer of answers)
      if (answer.review) reviews.push({ draft: answer.draft, review: answer.review })
      else refused.push({ name: answer.draft.name, reason: answer.reason ?? '' })
  }
  return refused.length > 0 ? { ok: false, refused } : { ok: true, review: mergeReviews(reviews) }
}

/** Queues each reviewed draft; a draft main refuses now is named, the others stay queued. */
export async function enqueueBatch(drafts: readonly BatchDraft[]) {
  const failed: { name: string; reason: string }[] = []
  let queued = 0
  for (const draft of drafts) {
    try {
      await unwrap(studio().outbox.enqueue({ draftId: draft.id }))
      queued++
    } catch (failure) {
      if (!(failure instanceof IpcFailure)) throw failure
      failed.push({ name: draft.name, reason: failure.error.message })
    }
  }
  return { queued, failed }
}
