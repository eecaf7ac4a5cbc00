import type { Draft } from '../../shared/drafts/envelope'
import { AppFailure, appError } from '../../shared/errors'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { PublishAccess } from './access'
import type { Claims } from './claims'
import type { DraftStatuses } from './draftStatus'
import type { ExecutorRegistry } from './executors'
import type { OutboxJob } from './job'
import { isFinished, isPublishJob } from './job'
import type { JobBook } from './jobBook'
import { operationSteps } from './operations/adapter'
import { changedSinceReview, REVIEW_AGAIN_MESSAGE, stoppedForChange } from './reviewed'
import type { Runner } from './runner'
import type { Scheduler } from './scheduler'
import type { Waits } from './waits'

/** What a feature's main service queues: already validated with full context. */
export interface OperationRequest {
  profileId: string
  accountId: string
  area: string
  title: string
  continueOnError?: boolean
  steps: { op: string; params: unknown }[]
}

/** The designer's commands on jobs (cancel, retry, clean up, dismiss) and the features' queue. */
export function createCommands(deps: {
  book: JobBook
  waits: Waits
  scheduler: Scheduler
  runner: Runner
  claims: Claims
  draftStatus: DraftStatuses
  registry: ExecutorRegistry
  access: PublishAccess
  currentDraft(draftId: string): Draft | undefined
  /** Queues a draft again from the review's gate (publication.ts). */
  enqueueDraft(draftId: string): Promise<OutboxJobView>
  view(job: OutboxJob): OutboxJobView
}) {
  const { book, waits, scheduler, claims, draftStatus, view } = deps
  const connected = (profileId: string) => deps.access.status(profileId) === 'connected'

  function requireJob(jobId: string): OutboxJob {
    const job = book.get(jobId)
    if (!job) throw new AppFailure(appError('not_found', 'That outbox job no longer exists'))
    return job
  }

  async function cancel(jobId: string): Promise<OutboxJobView> {
    const job = requireJob(jobId)
    if (isFinished(job)) return view(job)
    await book.setState(job, job.state, { cancelRequested: true })
    // A wait (network, rate limit) holds no request: end it so the cancel lands now. A step whose
    // answer was lost is looked for first and, when nothing was created, not sent again. A long
    // executor checks for the cancel at its safe points.
    if (scheduler.isRunning(job)) waits.interrupt(job.id)
    else await deps.runner.cancelIfAsked(job)
    scheduler.syncReconnectTimer()
    return view(job)
  }

  async function retry(jobId: string): Promise<OutboxJobView> {
    const job = requireJob(jobId)
    if (isPublishJob(job)) {
      const changes = changedSinceReview(job, deps.currentDraft)
      if (job.state === 'needs_attention') {
        // Resume cannot stand in for a review the job asked for: the review sheet queues it again.
        if (stoppedForChange(job) && changes.length > 0)
          throw new AppFailure(appError('invalid_input', REVIEW_AGAIN_MESSAGE))
        // Resuming after a fix: the job is made again from the draft as it is now, keeping what
        // the earlier one created where it still fits, and the preflight runs again when it starts.
        return deps.enqueueDraft(job.publication.draftId)
      }
      if ((job.state === 'failed' || job.state === 'canceled') && changes.length > 0) {
        // Edited since its review: neither the old snapshot nor unreviewed content is sent.
        await draftStatus.stopped(job, 'failed')
        await book.setState(job, 'needs_attention', { problems: changes })
        return view(job)
      }
    }
    if (job.state !== 'failed' && job.state !== 'canceled') {
      // A job waiting for the network tries again now.
      if (job.state === 'active') waits.interrupt(job.id)
      return view(job)
    }
    for (const step of job.steps) if (step.kind === 'operation') delete step.error
    await book.setState(job, connected(job.profileId) ? 'active' : 'needs_connection')
    if (isPublishJob(job)) await draftStatus.set(job.publication.draftId, 'queued')
    scheduler.wake()
    return view(job)
  }

  /** Queues API writes a feature's service has validated; each step names a registered executor. */
  async function enqueueOperations(request: OperationRequest): Promise<OutboxJobView> {
    if (request.steps.length === 0)
      throw new AppFailure(appError('invalid_input', 'There is nothing to send'))
    const job: OutboxJob = {
      ...book.stamp(request.profileId, request.accountId, connected(request.profileId)),
      area: request.area,
      title: request.title,
      continueOnError: request.continueOnError ?? false,
      steps: operationSteps((op) => deps.registry.operation(op), request.steps),
    }
    await book.add(job)
    scheduler.wake()
    return view(job)
  }

  /**
   * Deletes what a stopped publish job created (its media library entries and card) through an
   * operation job, then removes the job: its ids go to the ledger, so nothing adopts them again.
   */
  async function cleanUp(jobId: string): Promise<OutboxJobView> {
    const job = requireJob(jobId)
    if (
      !isPublishJob(job) ||
      (job.state !== 'failed' && job.state !== 'canceled' && job.state !== 'needs_attention')
    )
      throw new AppFailure(appError('invalid_input', 'Only a stopped publish job can be cleaned up'))
    const steps: { op: string; params: unknown }[] = []
    for (const step of job.steps) {
      if (step.kind === 'library' && step.result && !step.skipped)
        steps.push({
          op: 'mediaLibrary.delete',
          params: { mediaKey: step.result.mediaKey, name: step.fileName },
        })
      if (step.kind === 'card' && step.result && !step.result.adopted && !step.skipped) {
        const name = job.publication.drafts[step.draftId]?.name ?? step.result.cardId
        steps.push({
          op: 'createdCard.delete',
          params: { cardId: step.result.cardId, cardKind: step.cardKind, name: `“${name}”` },
        })
      }
    }
    if (steps.length === 0)
      throw new AppFailure(appError('invalid_input', 'This job created nothing to clean up'))
    const cleaning = await enqueueOperations({
      profileId: job.profileId,
      accountId: job.accountId,
      area: 'published',
      title: `Clean up after “${job.title}”`,
      continueOnError: true,
      steps,
    })
    await claims.forget(job)
    const { draftId } = job.publication
    if (deps.currentDraft(draftId)?.status !== 'published') await draftStatus.set(draftId, 'draft')
    return cleaning
  }

  async function dismiss(jobId: string): Promise<void> {
    const job = requireJob(jobId)
    if (!isFinished(job)) throw new AppFailure(appError('invalid_input', 'Cancel the job before removing it'))
    await claims.forget(job)
  }

  return { requireJob, cancel, retry, enqueueOperations, cleanUp, dismiss }
}
