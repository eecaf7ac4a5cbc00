import type { Draft } from '../../shared/drafts/envelope'
import { contentFingerprint } from './fingerprint'
import type { PublishJob } from './job'

/** Whether a publish job's drafts are still as they were when it was queued (its snapshots). */

/** Whether two contents of a draft are the same, whatever the order of their fields. */
export function sameContent(a: unknown, b: unknown): boolean {
  return contentFingerprint(a) === contentFingerprint(b)
}

/** The designer edited a draft of the job since it was queued. A deleted draft is not edited. */
export function draftsChangedSince(
  job: PublishJob,
  current: (draftId: string) => Draft | undefined,
): boolean {
  return Object.entries(job.publication.drafts).some(([draftId, snapshot]) => {
    const draft = current(draftId)
    return draft !== undefined && !sameContent(draft.content, snapshot.content)
  })
}
