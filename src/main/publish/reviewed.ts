import type { Draft } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import { contentFingerprint } from './fingerprint'
import type { DraftSnapshot, OutboxJob, PublishJob } from './job'

/**
 * A publish job sends its drafts exactly as they were reviewed: its snapshots, taken when the
 * review sheet's Publish queued it. A draft edited since is not sent in either version: the job
 * stops before its next write, in needs attention, and asks for a new review (runner.ts).
 */

export const DRAFT_CHANGED = 'draft_changed'
export const DRAFT_CHANGED_MESSAGE = 'This draft changed after you reviewed it — review it again'
/** Resume cannot stand in for the review: only the review sheet queues the draft as it is now. */
export const REVIEW_AGAIN_MESSAGE =
  'This draft changed after you reviewed it — open it and press Publish to review it again'

/** Whether two contents of a draft are the same, whatever the order of their fields. */
export function sameContent(a: unknown, b: unknown): boolean {
  return contentFingerprint(a) === contentFingerprint(b)
}

/** A snapshot never changes once taken: its fingerprint is worked out once, not before every step. */
const reviewedPrints = new WeakMap<DraftSnapshot, string>()

function reviewedPrint(snapshot: DraftSnapshot): string {
  let print = reviewedPrints.get(snapshot)
  if (print === undefined) reviewedPrints.set(snapshot, (print = contentFingerprint(snapshot.content)))
  return print
}

/** One problem per draft of the job edited since it was reviewed. A deleted draft is not edited. */
export function changedSinceReview(
  job: PublishJob,
  current: (draftId: string) => Draft | undefined,
): OutboxError[] {
  return Object.entries(job.publication.drafts).flatMap(([draftId, snapshot]) => {
    const draft = current(draftId)
    return draft === undefined || contentFingerprint(draft.content) === reviewedPrint(snapshot)
      ? []
      : [{ code: DRAFT_CHANGED, message: DRAFT_CHANGED_MESSAGE, draftId }]
  })
}

/** The job stopped because a draft changed after its review. */
export function stoppedForChange(job: OutboxJob): boolean {
  return job.state === 'needs_attention' && (job.problems ?? []).some((p) => p.code === DRAFT_CHANGED)
}
