import type { OutboxDrafts } from './draftStatus'
import type { ExecutorRegistry } from './executors'
import type { OutboxJob } from './job'
import { isPublishJob } from './job'
import type { JobBook } from './jobBook'
import type { Ledger } from './ledger'
import { publishedCardUri } from './plan'

/**
 * Exactly once across jobs: which remote ids each job created or adopted, which ones
 * reconciliation must never adopt again, and what a job may reuse of another's work.
 */
export function createClaims(deps: {
  book: JobBook
  ledger: Ledger
  registry: ExecutorRegistry
  drafts: OutboxDrafts
}) {
  const { book, ledger, registry, drafts } = deps

  /** The remote ids a job created or adopted (cards, posts, and what its operations report). */
  function createdIdsOf(job: OutboxJob): string[] {
    return job.steps.flatMap((step) => {
      try {
        return registry.forStep(step).createdIds?.(step) ?? []
      } catch {
        return [] // an op this version cannot run created nothing in it
      }
    })
  }

  return {
    /**
     * Remote ids reconciliation must never adopt: those of every other job in the outbox, and
     * the ledger's, which keeps the ids of jobs dismissed or replaced (across restarts).
     */
    claimedExcept(job: OutboxJob): Set<string> {
      const claimed = new Set(ledger.ids())
      for (const other of book.all()) {
        if (other.id === job.id) continue
        for (const id of createdIdsOf(other)) claimed.add(id)
      }
      return claimed
    },

    /** A card draft already published on the job's account, by another job or an earlier publish. */
    publishedCardFor(job: OutboxJob, draftId: string): { cardId: string; cardUri: string } | undefined {
      for (const other of book.ordered()) {
        if (other.id === job.id || other.accountId !== job.accountId || !isPublishJob(other)) continue
        for (const step of other.steps) {
          if (step.kind === 'card' && step.draftId === draftId && step.status === 'done' && step.result) {
            return { cardId: step.result.cardId, cardUri: step.result.cardUri }
          }
        }
      }
      const draft = drafts.get(draftId)
      const uri = publishedCardUri(draft, job.accountId)
      return uri && draft?.published?.cardId ? { cardId: draft.published.cardId, cardUri: uri } : undefined
    },

    /**
     * Removes a job. Its file goes only once its ids are durably in the ledger, and its drafts'
     * status durably in the draft store: until then the file is what repairs them after a crash.
     */
    async forget(job: OutboxJob): Promise<void> {
      await ledger.record(createdIdsOf(job).map((id) => ({ id, accountId: job.accountId })))
      if (isPublishJob(job)) await drafts.flush(Object.keys(job.publication.drafts))
      await book.remove(job)
    },
  }
}

export type Claims = ReturnType<typeof createClaims>
