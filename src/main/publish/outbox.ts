import { randomUUID } from 'node:crypto'
import type { Draft, DraftStatus, PublishedRefs } from '../../shared/drafts/envelope'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import type { OutboxError, OutboxJobView, OutboxReview } from '../../shared/ipc/contracts/outbox'
import type { AdsContext } from '../api/ads'
import type { PublishAccess } from './access'
import { classifyFailure, type Disposition } from './failures'
import type { Job, OperationJob, OperationStep, OutboxJob, Step } from './job'
import { isDraftJob, isFinished, isOperationJob, JOB_SCHEMA_VERSION } from './job'
import type { JobStore } from './jobStore'
import { createLedger, type Ledger } from './ledger'
import { createJobStore } from './jobStore'
import { buildPlan, publishedCardUri } from './plan'
import { DEFAULT_POST_LENGTH_TIER, LIMITS, type PostLengthTier } from '../../shared/rules/limits'
import { loadPostLengthCounter } from '../../shared/rules/postLength'
import type { StepEnv } from './steps'
import { runStep, StepCanceled } from './steps'
import type { LiveState } from './view'
import { stepLabel, toOperationView, toView } from './view'
import type { AnyOperationExecutor, OperationEnv } from './operations/types'
import { OperationCanceled } from './operations/types'
import { lookupExecutor, parseParams, runOperationStep } from './operations/runStep'
import { NO_LOCAL_MEDIA, type LocalMediaReader } from '../media/grantedFiles'

/**
 * The outbox: persisted jobs, run one at a time per ad account in the order they were queued,
 * whenever the job's profile is connected. Network trouble means waiting and trying again;
 * a lost answer means reconciling first; an expired token pauses until the profile is
 * connected again; a refusal by the platform fails the job with the field it named.
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

export interface OutboxOptions {
  /** Upload segment size. */
  chunkBytes: number
  /** First wait after a network failure; it doubles per failure up to backoffMaxMs. */
  backoffBaseMs: number
  backoffMaxMs: number
  /** Cap on one wait between video processing checks. */
  processingPollMaxMs: number
  /** How often paused jobs check whether their profile is connected again. */
  reconnectCheckMs: number
}

/**
 * How long the progress of an operation job's repeatable steps may go unwritten: after a crash,
 * at most this much of it is sent again, which a repeatable write allows.
 */
const REPEATABLE_MARK_INTERVAL_MS = 1000

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  chunkBytes: 1024 * 1024,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  processingPollMaxMs: 5_000,
  reconnectCheckMs: 1_000,
}

export interface OutboxDeps {
  dataDir: string
  drafts: OutboxDrafts
  access: PublishAccess
  /** An OS notification when the outbox has drained; optional (tests, headless runs). */
  notify?: (title: string, body: string) => void
  options?: Partial<OutboxOptions>
  now?: () => number
  random?: () => number
  /** Local media for uploads, read through the designer's grants; without it none can be read. */
  localMedia?: LocalMediaReader
  store?: JobStore
  /** Problems that are not a job's (a job file that cannot be written), for the log. */
  onError?: (error: unknown) => void
  /** The executors operation jobs may name (see operations/types.ts). */
  operations?: readonly AnyOperationExecutor[]
  /** Remote ids of jobs no longer in the outbox; defaults to the file in dataDir. */
  ledger?: Ledger
  /**
   * The check a draft job passes before its first network write (preflight.ts): reads only;
   * returns what the designer must fix, throws on network trouble. Without it jobs start as queued.
   */
  preflight?: (job: Job, ctx: AdsContext) => Promise<OutboxError[]>
  /**
   * Rule warnings for the review sheet, with what main knows without asking the platform (cached
   * features, the post length tier). Without it the review lists none.
   */
  reviewWarnings?: (
    draft: Draft,
    context: { profileId: string; accountId: string; userId?: string },
  ) => Promise<{ message: string; draftId?: string }[]>
  /** An operation job finished with every step done (e.g. to refresh what it changed). */
  onOperationDone?: (job: OperationJob) => void
  /** The post length tier chosen for a profile's ad account (settings); standard when absent. */
  postLengthTier?: (profileId: string, accountId: string) => PostLengthTier
  /** The account's feature keys when known (a cache; never a network wait at enqueue). */
  accountFeatures?: (profileId: string, accountId: string) => readonly string[] | undefined
}

/** What a feature's main service queues: already validated with full context. */
export interface OperationRequest {
  profileId: string
  accountId: string
  area: string
  title: string
  continueOnError?: boolean
  steps: { op: string; params: unknown }[]
}

interface Waiter {
  timer: ReturnType<typeof setTimeout>
  resolve: () => void
}

export function createOutbox(deps: OutboxDeps) {
  const options: OutboxOptions = { ...DEFAULT_OUTBOX_OPTIONS, ...deps.options }
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  const store = deps.store ?? createJobStore(deps.dataDir)
  const localMedia = deps.localMedia ?? NO_LOCAL_MEDIA
  const onError = deps.onError ?? (() => undefined)
  const ledger = deps.ledger ?? createLedger(deps.dataDir, now)

  const executors = new Map<string, AnyOperationExecutor>()
  for (const executor of deps.operations ?? []) {
    if (executors.has(executor.op)) throw new Error(`Two outbox executors are named ${executor.op}`)
    executors.set(executor.op, executor)
  }
  const jobs = new Map<string, OutboxJob>()
  const live = new Map<string, LiveState>()
  const waiters = new Map<string, Waiter>()
  const runners = new Map<string, Promise<void>>()
  let batch = { published: 0, done: 0, failed: 0 }
  let reconnectTimer: ReturnType<typeof setInterval> | undefined
  let disposed = false
  let seq = 0

  /**
   * Per job: how many of its creating steps (anything but an upload) were done in the last
   * snapshot given to the store. Done steps never go back, so a higher count in memory means a
   * result the disk does not have yet.
   */
  const resultsSaved = new WeakMap<OutboxJob, number>()
  const creatingDone = (job: OutboxJob) =>
    (job.steps as readonly (Step | OperationStep)[]).filter(
      (step) => step.status === 'done' && step.kind !== 'upload',
    ).length

  const ready: Promise<void> = (async () => {
    await deps.drafts.ready
    await ledger.load()
    const loaded = await store.loadAll()
    for (const job of loaded.jobs) {
      jobs.set(job.id, job)
      resultsSaved.set(job, creatingDone(job))
      seq = Math.max(seq, job.seq)
    }
    await publishedDraftsRepaired()
  })()
  ready.then(
    () => wake(),
    (error: unknown) => onError(error),
  )

  const ordered = () => [...jobs.values()].sort((a, b) => a.seq - b.seq)

  /** Durable when it resolves. */
  function saveJob(job: OutboxJob): Promise<void> {
    resultsSaved.set(job, creatingDone(job))
    return store.save(job)
  }

  async function persist(job: OutboxJob): Promise<void> {
    job.updatedAt = new Date(now()).toISOString()
    await saveJob(job)
  }

  /** Persists the job only when it knows a creating step's result that the disk does not. */
  async function persistUnsavedResults(job: OutboxJob): Promise<void> {
    if ((resultsSaved.get(job) ?? -1) < creatingDone(job)) await persist(job)
  }

  async function draftStatus(draftId: string, status: DraftStatus, refs?: PublishedRefs): Promise<void> {
    if (!deps.drafts.get(draftId)) return // deleted meanwhile: the job still finishes
    await deps.drafts.setStatus(draftId, status, refs).catch(onError)
  }

  /**
   * Drafts whose status a running job changed in memory only, per job. While a job runs, its
   * drafts' status and remote ids follow each step at once on screen but reach the disk only
   * when the job ends (settleDrafts), so a step costs one durable write, the job file's, not
   * two or three. Nothing is lost to a crash: the job file holds every step's result, and a
   * resumed job applies the results of its done steps again (runJob) before it goes on.
   */
  const touchedDrafts = new Map<string, Set<string>>()

  function noteDraftStatus(job: Job, draftId: string, status: DraftStatus, refs?: PublishedRefs): void {
    if (!deps.drafts.get(draftId)) return
    let touched = touchedDrafts.get(job.id)
    if (!touched) touchedDrafts.set(job.id, (touched = new Set()))
    touched.add(draftId)
    deps.drafts.setStatus(draftId, status, refs, { durable: false }).catch(onError)
  }

  /** Puts on disk what noteDraftStatus left in memory for this job, before the job's own end. */
  async function settleDrafts(job: OutboxJob): Promise<void> {
    const touched = touchedDrafts.get(job.id)
    touchedDrafts.delete(job.id)
    if (touched && touched.size > 0) await deps.drafts.flush([...touched]).catch(onError)
  }

  /** A published job whose drafts' last write did not reach the disk gives them its results. */
  async function publishedDraftsRepaired(): Promise<void> {
    for (const job of jobs.values()) {
      if (!isDraftJob(job) || job.state !== 'published') continue
      const draft = deps.drafts.get(job.draftId)
      if (!draft || draft.status === 'published') continue
      for (const step of job.steps) if (step.status === 'done' && !step.skipped) afterStep(job, step)
      noteDraftStatus(job, job.draftId, 'published', { accountId: job.accountId, publishedAt: job.updatedAt })
      await settleDrafts(job)
    }
  }

  /** The remote ids a job created or adopted (cards, posts, and what its operations report). */
  function createdIdsOf(job: OutboxJob): string[] {
    const ids: string[] = []
    if (isOperationJob(job)) {
      for (const step of job.steps) {
        const executor = executors.get(step.op)
        if (step.result !== undefined && executor?.createdIds) ids.push(...executor.createdIds(step.result))
      }
      return ids
    }
    for (const step of job.steps) {
      if (step.kind === 'card' && step.result) ids.push(step.result.cardId)
      if (step.kind === 'post' && step.result) ids.push(step.result.postId)
    }
    return ids
  }

  /**
   * Remote ids reconciliation must never adopt: those of every other job in the outbox, and the
   * ledger's, which keeps the ids of jobs dismissed or replaced (across restarts).
   */
  function claimedExcept(job: OutboxJob): Set<string> {
    const claimed = new Set(ledger.ids())
    for (const other of jobs.values()) {
      if (other.id === job.id) continue
      for (const id of createdIdsOf(other)) claimed.add(id)
    }
    return claimed
  }

  /**
   * A job file is removed only once its ids are durably in the ledger, and its drafts' status
   * durably in the draft store: until then the file is what repairs them after a crash
   * (publishedDraftsRepaired).
   */
  async function forget(job: OutboxJob): Promise<void> {
    await ledger.record(createdIdsOf(job).map((id) => ({ id, accountId: job.accountId })))
    if (isDraftJob(job)) await deps.drafts.flush(Object.keys(job.drafts))
    jobs.delete(job.id)
    await store.remove(job.id)
  }

  function publishedCardFor(job: Job, draftId: string): { cardId: string; cardUri: string } | undefined {
    for (const other of ordered()) {
      if (other.id === job.id || other.accountId !== job.accountId || !isDraftJob(other)) continue
      for (const step of other.steps) {
        if (step.kind === 'card' && step.draftId === draftId && step.status === 'done' && step.result) {
          return { cardId: step.result.cardId, cardUri: step.result.cardUri }
        }
      }
    }
    const draft = deps.drafts.get(draftId)
    const uri = publishedCardUri(draft, job.accountId)
    return uri && draft?.published?.cardId ? { cardId: draft.published.cardId, cardUri: uri } : undefined
  }

  // Waiting

  function sleep(job: OutboxJob, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(job.id)
        resolve()
      }, ms)
      waiters.set(job.id, { timer, resolve })
    })
  }

  function interrupt(jobId: string): void {
    const waiter = waiters.get(jobId)
    if (!waiter) return
    clearTimeout(waiter.timer)
    waiters.delete(jobId)
    waiter.resolve()
  }

  function backoffMs(failures: number): number {
    const ceiling = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** failures)
    // Half fixed, half jitter: never a zero wait, and many clients do not retry in step.
    return Math.round(ceiling / 2 + (random() * ceiling) / 2)
  }

  // Running

  const unresolved = (job: OutboxJob) =>
    job.steps.some((step: Step | OperationStep) => step.status === 'attempting' && step.kind !== 'upload')

  /** Cancels take effect only when no request that may have created something is unaccounted for. */
  async function cancelIfAsked(job: OutboxJob): Promise<boolean> {
    if (!job.cancelRequested || unresolved(job)) return false
    if (isDraftJob(job)) {
      noteDraftStatus(job, job.draftId, 'draft')
      await settleDrafts(job)
    }
    job.state = 'canceled'
    delete job.cancelRequested
    await persist(job)
    return true
  }

  function afterStep(job: Job, step: Step): void {
    const accountId = job.accountId
    if (step.kind === 'card' && step.result) {
      const refs = { accountId, cardId: step.result.cardId, cardUri: step.result.cardUri }
      const other = step.draftId === job.draftId ? undefined : deps.drafts.get(step.draftId)
      if (step.draftId === job.draftId) noteDraftStatus(job, job.draftId, 'publishing', refs)
      // (A resumed job finds it already published: its publishing time stays.)
      else if (!(other?.status === 'published' && other.published?.cardId === refs.cardId))
        noteDraftStatus(job, step.draftId, 'published', {
          ...refs,
          publishedAt: new Date(now()).toISOString(),
        })
    }
    if (step.kind === 'library' && step.draftId && step.result) {
      noteDraftStatus(job, job.draftId, 'publishing', { accountId, mediaKey: step.result.mediaKey })
    }
    if (step.kind === 'post' && step.result) {
      noteDraftStatus(job, job.draftId, 'publishing', { accountId, postId: step.result.postId })
    }
  }

  /** The signed-call context, waiting out network trouble; undefined when the job must stop. */
  async function contextFor(job: OutboxJob): Promise<AdsContext | undefined> {
    let failures = 0
    for (;;) {
      try {
        return await deps.access.context(job.profileId)
      } catch (error) {
        const disposition = classifyFailure(error, {})
        if (disposition.kind === 'needs_connection' || disposition.kind === 'fatal') {
          job.state = 'needs_connection'
          await persist(job)
          return undefined
        }
        await sleep(job, backoffMs(failures++))
        if (disposed) return undefined
      }
    }
  }

  /**
   * Waits as a failure asks before the step is tried again. 'stop' when the job paused for a
   * new connection; a refusal ('fatal') is the caller's to handle.
   */
  async function waitAfter(
    job: OutboxJob,
    disposition: Exclude<Disposition, { kind: 'fatal' }>,
    failures: { count: number },
    error?: unknown,
  ): Promise<'retry' | 'stop'> {
    // What did not answer, in the failure's own words ("Nothing answered at 127.0.0.1:8080 …").
    const reason = isAppFailure(error) ? { reason: error.message } : {}
    switch (disposition.kind) {
      case 'outcome_unknown':
        // Usually a dropped connection: reconcile straight away, backing off if it keeps happening.
        if (failures.count > 0) await sleep(job, backoffMs(failures.count))
        failures.count += 1
        return 'retry'
      case 'transient': {
        const wait = backoffMs(failures.count++)
        live.set(job.id, {
          phase: 'waiting_network',
          retryAt: now() + wait,
          attempt: failures.count + 1,
          waitCause: isAppFailure(error) && error.code === 'server_unavailable' ? 'server' : 'network',
          ...reason,
        })
        await sleep(job, wait)
        return 'retry'
      }
      case 'rate_limited': {
        const wait = disposition.seconds * 1000
        live.set(job.id, { phase: 'rate_limited', retryAt: now() + wait, ...reason })
        await sleep(job, wait)
        return 'retry'
      }
      case 'needs_connection':
        deps.access.markExpired(job.profileId)
        job.state = 'needs_connection'
        await persist(job)
        return 'stop'
    }
  }

  /** The running phase, with the attempt number while the job is retrying after failures. */
  const running = (failures: { count: number }): LiveState =>
    failures.count > 0 ? { phase: 'running', attempt: failures.count + 1 } : { phase: 'running' }

  /**
   * Runs the preflight, waiting out network trouble. false when the job stopped: it needs
   * attention (nothing was sent), needs a connection, or the platform refused a read.
   */
  async function passesPreflight(job: Job, ctx: AdsContext, failures: { count: number }): Promise<boolean> {
    const check = deps.preflight
    if (!check) return true
    for (;;) {
      if (disposed) return false
      if (await cancelIfAsked(job)) return false
      live.set(job.id, running(failures))
      let problems: OutboxError[]
      try {
        problems = await check(job, ctx)
      } catch (error) {
        if (disposed) return false
        const disposition = classifyFailure(error, {})
        if (disposition.kind === 'fatal') {
          await draftStatus(job.draftId, 'failed')
          job.state = 'failed'
          job.error = disposition.error
          await persist(job)
          batch.failed += 1
          return false
        }
        // A read has no unknown outcome: try it again after the usual wait.
        const wait = disposition.kind === 'outcome_unknown' ? { kind: 'transient' as const } : disposition
        if ((await waitAfter(job, wait, failures, error)) === 'stop') return false
        continue
      }
      failures.count = 0
      if (problems.length === 0) {
        delete job.problems
        job.preflightAt = new Date(now()).toISOString()
        return true
      }
      await draftStatus(job.draftId, 'failed')
      job.state = 'needs_attention'
      job.problems = problems
      delete job.cancelRequested
      await persist(job)
      return false
    }
  }

  async function runJob(job: Job): Promise<void> {
    live.set(job.id, { phase: 'running' })
    const ctx = await contextFor(job)
    if (!ctx) return
    const failures = { count: 0 }
    if (!(await passesPreflight(job, ctx, failures))) return
    noteDraftStatus(job, job.draftId, 'publishing')
    // A resumed job: what its done steps learnt may not have reached the drafts before a crash.
    for (const step of job.steps) if (step.status === 'done' && !step.skipped) afterStep(job, step)
    const env: StepEnv = {
      ctx,
      job,
      save: () => persist(job),
      saveUnsavedResults: () => persistUnsavedResults(job),
      now,
      sleep: (ms) => sleep(job, ms),
      localMedia,
      chunkBytes: options.chunkBytes,
      processingPollMaxMs: options.processingPollMaxMs,
      claimed: () => claimedExcept(job),
      publishedCard: (draftId) => publishedCardFor(job, draftId),
      onProgress: () => undefined,
      cancelRequested: () => job.cancelRequested === true,
    }
    for (const step of job.steps) {
      while (step.status !== 'done') {
        if (disposed) return
        if (await cancelIfAsked(job)) return
        live.set(job.id, running(failures))
        try {
          await runStep(env, step)
          failures.count = 0
          afterStep(job, step)
        } catch (error) {
          if (disposed) return
          // Whatever was learnt before the failure goes to disk before any wait.
          await persist(job)
          // Nothing of the step exists and a cancel was asked: cancelIfAsked ends the job.
          if (error instanceof StepCanceled) continue
          const draft = 'draftId' in step && step.draftId ? step.draftId : job.draftId
          const disposition = classifyFailure(error, { draftId: draft, kind: job.drafts[draft]?.kind })
          if (disposition.kind !== 'fatal') {
            if ((await waitAfter(job, disposition, failures, error)) === 'stop') return
            continue
          }
          noteDraftStatus(job, job.draftId, 'failed')
          await settleDrafts(job)
          job.state = 'failed'
          job.error = disposition.error
          delete job.cancelRequested
          await persist(job)
          batch.failed += 1
          return
        }
      }
    }
    // A job shown as published always has a published draft behind it: in memory the draft
    // changes first. On disk the job goes first, alone: the last step's result is durable with
    // one write, with no draft write competing for the disk and the thread pool. The drafts
    // follow before the runner moves on; a crash between the two is repaired from the job file
    // when the outbox loads (publishedDraftsRepaired), and the file is not removed before the
    // drafts are on disk (forget).
    noteDraftStatus(job, job.draftId, 'published', {
      accountId: job.accountId,
      publishedAt: new Date(now()).toISOString(),
    })
    job.state = 'published'
    delete job.cancelRequested
    await persist(job)
    await settleDrafts(job)
    batch.published += 1
  }

  async function failOperationJob(job: OperationJob, error: OutboxJob['error']): Promise<void> {
    job.state = 'failed'
    if (error) job.error = error
    delete job.cancelRequested
    await persist(job)
    batch.failed += 1
  }

  async function runOperationJob(job: OperationJob): Promise<void> {
    live.set(job.id, { phase: 'running' })
    const ctx = await contextFor(job)
    if (!ctx) return
    const failures = { count: 0 }
    // When this loop last wrote the job, and whether a creating step's result is not on disk
    // yet: the next write, whatever its step, must carry it before anything else is sent.
    let lastSavedAt = -Infinity
    let creationUnsaved = false
    const save = () => {
      lastSavedAt = now()
      creationUnsaved = false
      return persist(job)
    }
    const env: OperationEnv = {
      ctx,
      accountId: job.accountId,
      now,
      sleep: (ms) => sleep(job, ms),
      save,
      saveBeforeRepeatable: () =>
        creationUnsaved || now() - lastSavedAt >= REPEATABLE_MARK_INTERVAL_MS ? save() : Promise.resolve(),
      claimed: () => claimedExcept(job),
      progress: (progress) => live.set(job.id, { phase: 'running', progress }),
      cancelRequested: () => job.cancelRequested === true,
    }
    for (const step of job.steps) {
      // A retry runs again only what did not succeed.
      while (step.status !== 'done' && !step.error) {
        if (disposed) return
        if (await cancelIfAsked(job)) return
        const progress = live.get(job.id)?.progress
        live.set(job.id, { phase: 'running', ...(progress ? { progress } : {}) })
        try {
          const executor = lookupExecutor(executors, step.op)
          await runOperationStep(env, executor, step)
          if (executor.retry === 'reconcile') creationUnsaved = true
          failures.count = 0
        } catch (error) {
          if (disposed) return
          if (error instanceof OperationCanceled && job.cancelRequested) {
            // The executor stopped at a safe point: nothing is in flight, its state says where.
            step.status = 'pending'
            await persist(job)
            continue // cancelIfAsked ends the job at the top of the loop
          }
          await persist(job)
          const disposition = classifyFailure(error, {})
          if (disposition.kind !== 'fatal') {
            if ((await waitAfter(job, disposition, failures, error)) === 'stop') return
            continue
          }
          // The platform answered: nothing about this step is left unknown.
          if (step.status === 'attempting') step.status = 'pending'
          if (!job.continueOnError) return failOperationJob(job, disposition.error)
          step.error = disposition.error
          await persist(job)
        }
      }
    }
    const refused = job.steps.filter((step) => step.error).length
    if (refused > 0) {
      const done = job.steps.length - refused
      return failOperationJob(job, {
        code: 'partly_failed',
        message: `${refused} of ${job.steps.length} could not be done${done > 0 ? `; ${done} done` : ''}. Fix what each says, then retry them.`,
      })
    }
    job.state = 'done'
    delete job.cancelRequested
    delete job.error
    await persist(job)
    batch.done += 1
    try {
      deps.onOperationDone?.(job)
    } catch (error) {
      onError(error)
    }
  }

  /** The first unfinished job of an account, in queue order. */
  function nextJob(accountId: string): OutboxJob | undefined {
    return ordered().find(
      (job) => job.accountId === accountId && (job.state === 'active' || job.state === 'needs_connection'),
    )
  }

  async function runAccount(accountId: string): Promise<void> {
    for (;;) {
      if (disposed) return
      const job = nextJob(accountId)
      if (!job) return
      if (job.state === 'needs_connection') {
        if (deps.access.status(job.profileId) !== 'connected') return
        job.state = 'active'
        await persist(job)
      }
      await (isOperationJob(job) ? runOperationJob(job) : runJob(job)).catch(async (error: unknown) => {
        // A job file that cannot be written: stop this account's queue rather than lose track.
        onError(error)
        live.delete(job.id)
        throw error
      })
      live.delete(job.id)
      // runJob moves the state on; a paused job holds up the account's later jobs.
      if ((job.state as OutboxJob['state']) === 'needs_connection') return
    }
  }

  function maybeNotifyDrained(): void {
    if ([...jobs.values()].some((job) => job.state === 'active')) return
    const { published, done, failed } = batch
    if (published + done + failed === 0) return
    batch = { published: 0, done: 0, failed: 0 }
    const parts = [
      published > 0 ? `${published} published` : '',
      done > 0 ? `${done} done` : '',
      failed > 0 ? `${failed} failed` : '',
    ].filter(Boolean)
    deps.notify?.(failed > 0 ? 'Publishing finished with problems' : 'Publishing finished', parts.join(', '))
  }

  function syncReconnectTimer(): void {
    const paused = [...jobs.values()].some((job) => job.state === 'needs_connection')
    if (paused && !reconnectTimer && !disposed) {
      reconnectTimer = setInterval(() => wake(), options.reconnectCheckMs)
      reconnectTimer.unref?.()
    } else if (!paused && reconnectTimer) {
      clearInterval(reconnectTimer)
      reconnectTimer = undefined
    }
  }

  function wake(): void {
    if (disposed) return
    const accounts = new Set(
      [...jobs.values()]
        .filter(
          (job) =>
            job.state === 'active' ||
            (job.state === 'needs_connection' && deps.access.status(job.profileId) === 'connected'),
        )
        .map((job) => job.accountId),
    )
    for (const accountId of accounts) {
      if (runners.has(accountId)) continue
      const runner = runAccount(accountId)
        .catch(onError)
        .finally(() => {
          runners.delete(accountId)
          syncReconnectTimer()
          if (runners.size === 0) maybeNotifyDrained()
        })
      runners.set(accountId, runner)
    }
    syncReconnectTimer()
  }

  // Commands

  function requireJob(jobId: string): OutboxJob {
    const job = jobs.get(jobId)
    if (!job) throw new AppFailure(appError('not_found', 'That outbox job no longer exists'))
    return job
  }

  const view = (job: OutboxJob): OutboxJobView =>
    isOperationJob(job) ? toOperationView(job, live.get(job.id)) : toView(job, live.get(job.id))

  function latestJobOf(draftId: string): Job | undefined {
    return ordered()
      .filter(isDraftJob)
      .filter((job) => job.draftId === draftId)
      .at(-1)
  }

  /** Results of an earlier, unfinished job of the same draft that still fit the new plan. */
  function carryOver(previous: Job, next: Job): void {
    const sameDraft = (draftId: string) =>
      JSON.stringify(previous.drafts[draftId]?.content) === JSON.stringify(next.drafts[draftId]?.content)
    for (const step of next.steps) {
      const match = previous.steps.find((old) => {
        if (old.kind !== step.kind || old.status === 'pending') return false
        if (old.kind === 'upload' && step.kind === 'upload')
          return old.sha256 === step.sha256 && old.status === 'done'
        if (old.kind === 'library' && step.kind === 'library') {
          return (
            old.sha256 === step.sha256 &&
            old.draftId === step.draftId &&
            (!step.draftId || sameDraft(step.draftId))
          )
        }
        if (old.kind === 'card' && step.kind === 'card')
          return old.draftId === step.draftId && sameDraft(step.draftId)
        return false
      })
      if (match) Object.assign(step, structuredClone(match), { id: step.id })
    }
  }

  /**
   * The publish gate: whatever the renderer showed, main checks the draft again with the
   * account's tier and features before a job exists (buildPlan refuses any error). The review
   * sheet plans through the same gate, so it refuses what Publish would.
   */
  async function gatedPlan(draft: Draft, profileId: string, accountId: string, userId: string | undefined) {
    const countLength = await loadPostLengthCounter()
    const features = deps.accountFeatures?.(profileId, accountId)
    return buildPlan({
      draft,
      lookupDraft: (id) => deps.drafts.get(id),
      accountId,
      ...(userId ? { userId } : {}),
      publish: {
        postLengthTier: deps.postLengthTier?.(profileId, accountId) ?? DEFAULT_POST_LENGTH_TIER,
        weightedLength: (text) => countLength(text, LIMITS.postLength.longForm.value).weightedLength,
        ...(features ? { features } : {}),
      },
    })
  }

  /**
   * The connected profile and ad account a publish goes to, for the review sheet and the queue
   * alike, or why there is none.
   */
  function publishingTarget() {
    const active = deps.access.active()
    if (!active) throw new AppFailure(appError('token_expired', 'Connect a profile before publishing'))
    // Said before any rule: a revoked profile also loses its user, which the rules would report as
    // a missing advertiser, sending the designer to the wrong field.
    if (deps.access.status(active.profileId) === 'expired')
      throw new AppFailure(appError('token_expired', 'Your access was revoked — authorize again'))
    const { accountId } = active
    if (!accountId)
      throw new AppFailure(
        appError('invalid_input', 'Pick an ad account on the Connect page before publishing'),
      )
    return { ...active, accountId }
  }

  async function enqueue(draftId: string): Promise<OutboxJobView> {
    await ready
    await deps.drafts.flush()
    const draft = deps.drafts.get(draftId)
    if (!draft)
      throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted'))
    const previous = latestJobOf(draftId)
    if (previous && !isFinished(previous)) {
      throw new AppFailure(appError('invalid_input', 'This draft is already in the outbox'))
    }
    if (draft.status === 'published') {
      throw new AppFailure(
        appError('invalid_input', 'This draft is already published — duplicate it to publish a new copy'),
      )
    }
    const active = publishingTarget()
    const plan = await gatedPlan(draft, active.profileId, active.accountId, active.userId)
    const timestamp = new Date(now()).toISOString()
    const job: Job = {
      schema: JOB_SCHEMA_VERSION,
      type: 'draft',
      id: randomUUID(),
      seq: ++seq,
      draftId,
      draftName: draft.name,
      kind: draft.kind,
      profileId: active.profileId,
      accountId: active.accountId,
      ...(active.userId ? { userId: active.userId } : {}),
      createdAt: timestamp,
      updatedAt: timestamp,
      state: deps.access.status(active.profileId) === 'connected' ? 'active' : 'needs_connection',
      drafts: plan.drafts,
      publishedCards: plan.publishedCards,
      steps: plan.steps,
    }
    if (previous && previous.state !== 'published' && previous.accountId === job.accountId)
      carryOver(previous, job)
    await saveJob(job)
    jobs.set(job.id, job)
    if (previous && previous.state !== 'published') {
      // The new job owns whatever the old one created; keeping both would show it twice.
      await forget(previous)
    }
    await draftStatus(draftId, 'queued')
    wake()
    return view(job)
  }

  /** What Publish would queue, for the review sheet: the same checks and plan as enqueue. */
  async function review(draftId: string): Promise<OutboxReview> {
    await ready
    await deps.drafts.flush()
    const draft = deps.drafts.get(draftId)
    if (!draft)
      throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted'))
    const active = publishingTarget()
    const plan = await gatedPlan(draft, active.profileId, active.accountId, active.userId)
    // A stand-in job, only for the step labels.
    const labelled = { drafts: plan.drafts } as Job
    const advertiser = draft.kind === 'post' ? (draft.content as { asUserId?: unknown }).asUserId : undefined
    return {
      profileLabel: active.label,
      accountId: active.accountId,
      ...(typeof advertiser === 'string' && advertiser.trim() ? { advertiser: advertiser.trim() } : {}),
      steps: plan.steps.map((step) => ({
        kind: step.kind,
        label: stepLabel(labelled, step),
        ...(step.kind === 'upload' ? { bytes: step.bytes } : {}),
      })),
      warnings: deps.reviewWarnings
        ? await deps.reviewWarnings(draft, {
            profileId: active.profileId,
            accountId: active.accountId,
            ...(active.userId ? { userId: active.userId } : {}),
          })
        : [],
    }
  }

  async function cancel(jobId: string): Promise<OutboxJobView> {
    await ready
    const job = requireJob(jobId)
    if (isFinished(job)) return view(job)
    job.cancelRequested = true
    if (!runners.has(job.accountId) || live.get(job.id) === undefined) {
      await cancelIfAsked(job)
    } else {
      await persist(job)
      // A wait (network, rate limit) holds no request: end it so the cancel lands now. A step
      // whose answer was lost is looked for first and, when nothing was created, not sent
      // again (StepCanceled). An operation's executor checks for the cancel when its waits end.
      interrupt(job.id)
    }
    syncReconnectTimer()
    return view(job)
  }

  /** The designer edited a draft of the job after it stopped: resuming uses the fixed draft. */
  function draftsChangedSince(job: Job): boolean {
    return Object.entries(job.drafts).some(([draftId, snapshot]) => {
      const draft = deps.drafts.get(draftId)
      return draft !== undefined && JSON.stringify(draft.content) !== JSON.stringify(snapshot.content)
    })
  }

  async function retry(jobId: string): Promise<OutboxJobView> {
    await ready
    const job = requireJob(jobId)
    // Resuming after a fix: the job is made again from the draft as it is now, keeping what
    // the earlier one created where it still fits, and the preflight runs again when it starts.
    if (job.state === 'needs_attention' && isDraftJob(job)) return enqueue(job.draftId)
    if (job.state === 'failed' && isDraftJob(job) && draftsChangedSince(job)) return enqueue(job.draftId)
    if (job.state !== 'failed' && job.state !== 'canceled') {
      // A job waiting for the network tries again now.
      if (job.state === 'active') interrupt(job.id)
      return view(job)
    }
    job.state = deps.access.status(job.profileId) === 'connected' ? 'active' : 'needs_connection'
    delete job.error
    delete job.cancelRequested
    if (isOperationJob(job)) for (const step of job.steps) delete step.error
    await persist(job)
    if (isDraftJob(job)) await draftStatus(job.draftId, 'queued')
    wake()
    return view(job)
  }

  /** Queues API writes a feature's service has validated; each step names a registered executor. */
  async function enqueueOperations(request: OperationRequest): Promise<OutboxJobView> {
    await ready
    if (request.steps.length === 0)
      throw new AppFailure(appError('invalid_input', 'There is nothing to send'))
    const steps = request.steps.map((step, index): OperationStep => {
      const executor = lookupExecutor(executors, step.op)
      const params = parseParams(executor, step.params)
      return {
        kind: 'operation',
        id: `s${index + 1}`,
        status: 'pending',
        attempts: 0,
        op: step.op,
        // What is stored is what was checked: JSON in, JSON out, so a reload sees the same values.
        params: JSON.parse(JSON.stringify(step.params)) as OperationStep['params'],
        label: executor.label(params),
      }
    })
    const timestamp = new Date(now()).toISOString()
    const job: OperationJob = {
      schema: JOB_SCHEMA_VERSION,
      type: 'operation',
      id: randomUUID(),
      seq: ++seq,
      area: request.area,
      title: request.title,
      continueOnError: request.continueOnError ?? false,
      profileId: request.profileId,
      accountId: request.accountId,
      createdAt: timestamp,
      updatedAt: timestamp,
      state: deps.access.status(request.profileId) === 'connected' ? 'active' : 'needs_connection',
      steps,
    }
    await saveJob(job)
    jobs.set(job.id, job)
    wake()
    return view(job)
  }

  /**
   * Deletes what a stopped publish job created (its media library entries and card) through an
   * operation job, then removes the job: its ids go to the ledger, so nothing adopts them again.
   */
  async function cleanUp(jobId: string): Promise<OutboxJobView> {
    await ready
    const job = requireJob(jobId)
    if (
      !isDraftJob(job) ||
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
        const name = job.drafts[step.draftId]?.name ?? step.result.cardId
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
      title: `Clean up after “${job.draftName}”`,
      continueOnError: true,
      steps,
    })
    await forget(job)
    if (deps.drafts.get(job.draftId)?.status !== 'published') await draftStatus(job.draftId, 'draft')
    return cleaning
  }

  async function dismiss(jobId: string): Promise<void> {
    await ready
    const job = requireJob(jobId)
    if (!isFinished(job)) throw new AppFailure(appError('invalid_input', 'Cancel the job before removing it'))
    await forget(job)
  }

  return {
    ready,
    enqueue,
    review,
    enqueueOperations,
    async job(jobId: string): Promise<OutboxJobView> {
      await ready
      return view(requireJob(jobId))
    },
    cancel,
    retry,
    cleanUp,
    dismiss,
    async list(): Promise<OutboxJobView[]> {
      await ready
      return ordered().map(view)
    },
    async status(draftId: string): Promise<OutboxJobView | null> {
      await ready
      const job = latestJobOf(draftId)
      return job ? view(job) : null
    },
    /** Looks again for work (e.g. right after the designer connected). */
    wake,
    /** Resolves when no job is running (tests and benches). */
    async idle(): Promise<void> {
      await ready
      while (runners.size > 0) await Promise.all([...runners.values()])
    },
    async dispose(): Promise<void> {
      disposed = true
      if (reconnectTimer) clearInterval(reconnectTimer)
      for (const jobId of [...waiters.keys()]) interrupt(jobId)
      await ready.catch(() => undefined)
      // A request in flight finishes (and is recorded) unless it takes longer than a moment.
      await Promise.race([
        Promise.all([...runners.values()]),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ])
      await store.close()
    },
  }
}

export type Outbox = ReturnType<typeof createOutbox>
