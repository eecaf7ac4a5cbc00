import type { Draft, DraftStatus, PublishedRefs } from '../../shared/drafts/envelope'
import type { JobStep, OutboxJob, PublishJob } from './job'
import { isPublishJob } from './job'

/**
 * The status and remote ids of the drafts a job publishes. While a job runs, its drafts follow
 * each step at once on screen but reach the disk only when the job stops (settle), so a step
 * costs one durable write, the job file's, not two or three. Nothing is lost to a crash: the job
 * file holds every step's result, and a resumed job applies the results of its done steps again
 * (resumed) before it goes on; a job on disk as published repairs its drafts when the outbox loads.
 */

/** The draft store as the outbox uses it. */
export interface OutboxDrafts {
  ready: Promise<unknown>
  get(id: string): Draft | undefined
  /** Writes pending changes durably: of every draft, or only of `ids`. */
  flush(ids?: readonly string[]): Promise<void>
  setStatus(
    id: string,
    status: DraftStatus,
    published?: PublishedRefs,
    options?: { durable?: boolean },
  ): Promise<unknown>
}

export function createDraftStatus(deps: {
  drafts: OutboxDrafts
  now: () => number
  onError: (error: unknown) => void
}) {
  const { drafts, onError } = deps
  /** Drafts whose status a running job changed in memory only, per job. */
  const touched = new Map<string, Set<string>>()

  /** Durable when it resolves; a draft deleted meanwhile is passed over (its job still finishes). */
  async function set(draftId: string, status: DraftStatus, refs?: PublishedRefs): Promise<void> {
    if (!drafts.get(draftId)) return
    await drafts.setStatus(draftId, status, refs).catch(onError)
  }

  /** In memory at once; on disk when the job settles. */
  function note(job: OutboxJob, draftId: string, status: DraftStatus, refs?: PublishedRefs): void {
    if (!drafts.get(draftId)) return
    let drafted = touched.get(job.id)
    if (!drafted) touched.set(job.id, (drafted = new Set()))
    drafted.add(draftId)
    drafts.setStatus(draftId, status, refs, { durable: false }).catch(onError)
  }

  /** Puts on disk what note left in memory for this job, before the job's own end. */
  async function settle(job: OutboxJob): Promise<void> {
    const drafted = touched.get(job.id)
    touched.delete(job.id)
    if (drafted && drafted.size > 0) await drafts.flush([...drafted]).catch(onError)
  }

  /** Settles under way that nobody waits for (a published job's drafts, see settleLater). */
  const settling = new Set<Promise<void>>()

  /** What a done step learnt, on its drafts. */
  function stepDone(job: PublishJob, step: JobStep): void {
    const { accountId } = job
    const { draftId } = job.publication
    if (step.kind === 'card' && step.result) {
      const refs = { accountId, cardId: step.result.cardId, cardUri: step.result.cardUri }
      const other = step.draftId === draftId ? undefined : drafts.get(step.draftId)
      if (step.draftId === draftId) note(job, draftId, 'publishing', refs)
      // (A resumed job finds it already published: its publishing time stays.)
      else if (!(other?.status === 'published' && other.published?.cardId === refs.cardId))
        note(job, step.draftId, 'published', { ...refs, publishedAt: new Date(deps.now()).toISOString() })
    }
    if (step.kind === 'library' && step.draftId && step.result)
      note(job, draftId, 'publishing', { accountId, mediaKey: step.result.mediaKey })
    if (step.kind === 'post' && step.result)
      note(job, draftId, 'publishing', { accountId, postId: step.result.postId })
  }

  /** A job that starts or resumes: what its done steps learnt may not have reached the drafts. */
  function resumed(job: PublishJob): void {
    note(job, job.publication.draftId, 'publishing')
    for (const step of job.steps) if (step.status === 'done' && !step.skipped) stepDone(job, step)
  }

  return {
    set,
    note,
    settle,
    /**
     * Settles without holding up the caller: the next job starts while a published job's drafts
     * are written. Safe because the job file, already on disk as published, repairs the drafts
     * after a crash (repairFromJobs), and is removed only after its drafts are flushed (claims).
     */
    settleLater(job: OutboxJob): void {
      const done = settle(job)
      settling.add(done)
      void done.finally(() => settling.delete(done))
    },
    /** Resolves once every settle started so far has landed. */
    async settled(): Promise<void> {
      while (settling.size > 0) await Promise.all([...settling])
    },
    stepDone,
    resumed,
    /** A job that stopped (failed, canceled, needs attention): its draft's status, on disk. */
    async stopped(job: OutboxJob, status: DraftStatus): Promise<void> {
      if (!isPublishJob(job)) return
      note(job, job.publication.draftId, status)
      await settle(job)
    },
    /** Published on screen before the job is on disk as published; settle follows the job's write. */
    published(job: PublishJob): void {
      note(job, job.publication.draftId, 'published', {
        accountId: job.accountId,
        publishedAt: new Date(deps.now()).toISOString(),
      })
    },
    /**
     * Drafts whose last write did not reach the disk before the app stopped: a published job
     * gives them its results (durably); an unfinished one shows its draft as queued again (in
     * memory, as enqueue does: the job file is what holds the job).
     */
    async repairFromJobs(jobs: readonly OutboxJob[]): Promise<void> {
      for (const job of jobs) {
        if (!isPublishJob(job)) continue
        if (job.state === 'active' || job.state === 'needs_connection') {
          if (drafts.get(job.publication.draftId)?.status === 'draft')
            note(job, job.publication.draftId, 'queued')
          continue
        }
        if (job.state !== 'published') continue
        const draft = drafts.get(job.publication.draftId)
        if (!draft || draft.status === 'published') continue
        for (const step of job.steps) if (step.status === 'done' && !step.skipped) stepDone(job, step)
        note(job, job.publication.draftId, 'published', {
          accountId: job.accountId,
          publishedAt: job.updatedAt,
        })
        await settle(job)
      }
    },
  }
}

export type DraftStatuses = ReturnType<typeof createDraftStatus>
