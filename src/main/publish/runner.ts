import type { Draft } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { AdsContext } from '../api/adsRequest'
import type { Claims } from './claims'
import type { DraftStatuses } from './draftStatus'
import type { JobEnv } from './executor'
import { JobCanceled } from './executor'
import type { ExecutorRegistry } from './executors'
import { classifyFailure } from './failures'
import type { JobStep, OutboxJob, PublishJob } from './job'
import { isPublishJob } from './job'
import type { JobBook } from './jobBook'
import { changedSinceReview } from './reviewed'
import { runStep } from './runStep'
import type { Waits } from './waits'
import type { LocalMediaReader } from '../media/grantedFiles'

/**
 * Runs one job, every kind alike: its steps in order through their executors, waiting out
 * network trouble and rate limits, pausing when access expired, stopping on a refusal. A job
 * that publishes a draft is first checked (its drafts still as reviewed, then the preflight) and
 * moves its drafts' status along as it goes.
 */

export interface RunnerDeps {
  book: JobBook
  waits: Waits
  claims: Claims
  registry: ExecutorRegistry
  drafts: DraftStatuses
  /** A draft as it is now. */
  currentDraft(draftId: string): Draft | undefined
  /** The check a publish job passes before its first network write (preflight.ts). */
  preflight?: (job: PublishJob, ctx: AdsContext) => Promise<OutboxError[]>
  /** An operation job finished with every step done. */
  onOperationDone?: (job: OutboxJob) => void
  /** A job stopped on a refusal (e.g. to learn what the platform allows). */
  onFailed?: (job: OutboxJob, error: OutboxError) => void
  onError(error: unknown): void
  now(): number
  localMedia: LocalMediaReader
  chunkBytes: number
  processingPollMaxMs: number
  disposed(): boolean
}

/** In a job that goes on past refusals: this item was refused; a retry sends it again. */
const refused = (step: JobStep) => step.kind === 'operation' && step.error !== undefined

export function createRunner(deps: RunnerDeps) {
  const { book, waits, claims, registry, drafts } = deps

  /** A step whose request may have created something that is not accounted for yet. */
  const unresolved = (job: OutboxJob) =>
    job.steps.some((step) => step.status === 'attempting' && registry.retryOf(step) !== 'private')

  const changes = (job: OutboxJob) => (isPublishJob(job) ? changedSinceReview(job, deps.currentDraft) : [])

  /** A cancel asked, or a draft edited after its review: the job stops at the next safe point. */
  const stopAsked = (job: OutboxJob) => job.cancelRequested === true || changes(job).length > 0

  async function fail(job: OutboxJob, error: OutboxError): Promise<void> {
    await drafts.stopped(job, 'failed')
    await book.setState(job, 'failed', { error })
    deps.onFailed?.(job, error)
  }

  async function needsAttention(job: OutboxJob, problems: OutboxError[]): Promise<void> {
    await drafts.stopped(job, 'failed')
    await book.setState(job, 'needs_attention', { problems })
  }

  /** Cancels take effect only when no request that may have created something is unaccounted for. */
  async function cancelIfAsked(job: OutboxJob): Promise<boolean> {
    if (!job.cancelRequested || unresolved(job)) return false
    await drafts.stopped(job, 'draft')
    await book.setState(job, 'canceled')
    return true
  }

  /**
   * A draft edited after its review is not sent in either version: the job stops and asks. Like a
   * cancel, only once nothing it sent is unaccounted for (a lost answer is looked for first).
   */
  async function stopIfChanged(job: OutboxJob): Promise<boolean> {
    if (unresolved(job)) return false
    const problems = changes(job)
    if (problems.length === 0) return false
    await needsAttention(job, problems)
    return true
  }

  /**
   * Runs the preflight, waiting out network trouble. false when the job stopped: it needs
   * attention (nothing was sent), needs a connection, or the platform refused a read.
   */
  async function passesPreflight(job: PublishJob, ctx: AdsContext, failures: { count: number }) {
    const check = deps.preflight
    if (!check) return true
    for (;;) {
      if (deps.disposed()) return false
      if (await cancelIfAsked(job)) return false
      book.running(job, failures.count)
      let problems: OutboxError[]
      try {
        problems = await check(job, ctx)
      } catch (error) {
        if (deps.disposed()) return false
        const disposition = classifyFailure(error, {})
        if (disposition.kind === 'fatal') {
          await fail(job, disposition.error)
          return false
        }
        // A read has no unknown outcome: try it again after the usual wait.
        const wait = disposition.kind === 'outcome_unknown' ? { kind: 'transient' as const } : disposition
        if ((await waits.waitAfter(job, wait, failures, error)) === 'stop') return false
        continue
      }
      failures.count = 0
      if (problems.length === 0) {
        job.publication.preflightAt = new Date(deps.now()).toISOString()
        return true
      }
      await needsAttention(job, problems)
      return false
    }
  }

  function envFor(job: OutboxJob, ctx: AdsContext, save: () => Promise<void>): JobEnv {
    return {
      ctx,
      accountId: job.accountId,
      job,
      now: deps.now,
      sleep: (ms) => waits.sleep(job, ms),
      save,
      claimed: () => claims.claimedExcept(job),
      progress: (progress) => book.progress(job, progress),
      cancelRequested: () => stopAsked(job),
      localMedia: deps.localMedia,
      chunkBytes: deps.chunkBytes,
      processingPollMaxMs: deps.processingPollMaxMs,
      publishedCard: (draftId) => claims.publishedCardFor(job, draftId),
    }
  }

  /** The draft and field a platform refusal of this step is about. */
  function faultOf(job: OutboxJob, step: JobStep) {
    if (!isPublishJob(job)) return {}
    const draftId = 'draftId' in step && step.draftId ? step.draftId : job.publication.draftId
    return { draftId, kind: job.publication.drafts[draftId]?.kind }
  }

  async function finish(job: OutboxJob): Promise<void> {
    const refusals = job.steps.filter(refused).length
    if (refusals > 0) {
      const done = job.steps.length - refusals
      return fail(job, {
        code: 'partly_failed',
        message: `${refusals} of ${job.steps.length} could not be done${done > 0 ? `; ${done} done` : ''}. Fix what each says, then retry them.`,
      })
    }
    if (!isPublishJob(job)) {
      await book.setState(job, 'done')
      try {
        deps.onOperationDone?.(job)
      } catch (error) {
        deps.onError(error)
      }
      return
    }
    // A job shown as published always has a published draft behind it: in memory the draft
    // changes first. On disk the job goes first, alone: the last step's result is durable with
    // one write, with no draft write competing for the disk and the thread pool. The drafts
    // follow while the runner moves on to the next job; a crash between the two is repaired from
    // the job file when the outbox loads, and the file is not removed before the drafts are on
    // disk (forget).
    drafts.published(job)
    await book.setState(job, 'published')
    drafts.settleLater(job)
  }

  async function runJob(job: OutboxJob): Promise<void> {
    book.setLive(job, { phase: 'running' })
    if (await stopIfChanged(job)) return
    const ctx = await waits.contextFor(job)
    if (!ctx) return
    const failures = { count: 0 }
    if (isPublishJob(job)) {
      if (!(await passesPreflight(job, ctx, failures))) return
      drafts.resumed(job)
    }
    const { marks, save } = book.marksFor(job)
    const env = envFor(job, ctx, save)
    for (const step of job.steps) {
      // A retry runs again only what did not succeed.
      while (step.status !== 'done' && !refused(step)) {
        if (deps.disposed()) return
        if (await cancelIfAsked(job)) return
        if (await stopIfChanged(job)) return
        book.running(job, failures.count)
        try {
          await runStep(env, marks, registry.forStep(step), step)
          failures.count = 0
          if (isPublishJob(job)) drafts.stepDone(job, step)
        } catch (error) {
          if (deps.disposed()) return
          if (error instanceof JobCanceled && stopAsked(job)) {
            // The step stopped at a safe point: nothing is in flight, its state says where.
            step.status = 'pending'
            await book.persist(job)
            continue // the top of the loop ends the job
          }
          // Whatever was learnt before the failure goes to disk before any wait.
          await book.persist(job)
          const disposition = classifyFailure(error, faultOf(job, step))
          if (disposition.kind !== 'fatal') {
            if ((await waits.waitAfter(job, disposition, failures, error)) === 'stop') return
            continue
          }
          if (!job.continueOnError || step.kind !== 'operation') return fail(job, disposition.error)
          step.error = disposition.error
          await book.persist(job)
        }
      }
    }
    await finish(job)
  }

  return { runJob, cancelIfAsked }
}

export type Runner = ReturnType<typeof createRunner>
