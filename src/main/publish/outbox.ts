import type { Draft } from '../../shared/drafts/envelope'
import type { OutboxError, OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { PostLengthTier } from '../../shared/rules/limits'
import type { AdsContext } from '../api/adsRequest'
import type { PublishAccess } from './access'
import { appWritesConcerning, type AppWritesQuery } from './appWrites'
import { createClaims } from './claims'
import { createCommands } from './commands'
import { createDraftStatus, type OutboxDrafts } from './draftStatus'
import { createExecutorRegistry } from './executors'
import type { OutboxJob, PublishJob } from './job'
import type { Log } from '../log/logger'
import { createJobBook } from './jobBook'
import { createJobEvents } from './jobEvents'
import type { EventEmitter } from '../ipc/events'
import { createJobStore, type JobStore } from './jobStore'
import { createLedger, type Ledger } from './ledger'
import type { AnyOperationExecutor } from './operations/types'
import { createPublication, type PublicationDeps } from './publication'
import { createRunner } from './runner'
import { createScheduler } from './scheduler'
import { toView } from './view'
import { createWaits } from './waits'
import { NO_LOCAL_MEDIA, type LocalMediaReader } from '../media/grantedFiles'

/**
 * The outbox: persisted jobs, run one at a time per ad account in the order they were queued,
 * whenever the job's profile is connected. One kind of job, whose steps are run by executors:
 * publishing a draft (executors/) and every feature's writes (operations/). Network trouble
 * means waiting and trying again; a lost answer means reconciling first; an expired token
 * pauses until the profile is connected again; a refusal by the platform fails the job with the
 * field it named; a draft edited after its review stops its job and asks for a new review.
 *
 * This file builds the parts and answers the outbox's commands:
 *   jobBook.ts     jobs in memory and on disk, their state (setState) and live progress (setLive)
 *   scheduler.ts   the queue per ad account, reconnection checks, the drained notification
 *   runner.ts      one job's run: checks, steps through runStep.ts, waits (waits.ts), its end
 *   publication.ts review and queuing of a draft     commands.ts  cancel, retry, clean up, dismiss
 *   draftStatus.ts the status of the drafts a job publishes    claims.ts  exactly once across jobs
 *   reviewed.ts    whether a job's drafts are still as reviewed
 *   jobEvents.ts   the book's changes as events for the window, once per job per turn
 */

export type { OperationRequest } from './commands'
export type { OutboxDrafts } from './draftStatus'

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
  /** Main's log: a line per job state change and per wait (jobLog.ts). */
  log?: Log
  /** The features' executors operation jobs may name (see operations/types.ts). */
  operations?: readonly AnyOperationExecutor[]
  /** Remote ids of jobs no longer in the outbox; defaults to the file in dataDir. */
  ledger?: Ledger
  /**
   * The check a publish job passes before its first network write (preflight.ts): reads only;
   * returns what the designer must fix, throws on network trouble. Without it jobs start as queued.
   */
  preflight?: (job: PublishJob, ctx: AdsContext) => Promise<OutboxError[]>
  /**
   * Rule warnings for the review sheet, with what main knows without asking the platform (cached
   * features, the post length tier). Without it the review lists none.
   */
  reviewWarnings?: (
    draft: Draft,
    context: { profileId: string; accountId: string; userId?: string },
  ) => Promise<{ message: string; draftId?: string }[]>
  /** An operation job finished with every step done (e.g. to refresh what it changed). */
  onOperationDone?: (job: OutboxJob) => void
  /** A job stopped on a refusal (e.g. a post length the platform refused teaches the user's tier). */
  onFailed?: (job: OutboxJob, error: OutboxError) => void
  /** The post length tier of a profile's posting user (settings); standard when absent. */
  postLengthTier?: (profileId: string, userId: string | undefined) => PostLengthTier
  /** The account's feature keys when known (a cache; never a network wait at enqueue). */
  accountFeatures?: (profileId: string, accountId: string) => readonly string[] | undefined
  /** Issue 44: whether the draft's current content has the approval its account may need. */
  checkApproval?: PublicationDeps['checkApproval']
  /** Where the outbox's events for the window go (jobEvents.ts): jobs added, moved on, removed. */
  events?: Pick<EventEmitter, 'emit'>
}

export function createOutbox(deps: OutboxDeps) {
  const options: OutboxOptions = { ...DEFAULT_OUTBOX_OPTIONS, ...deps.options }
  const now = deps.now ?? Date.now
  const onError = deps.onError ?? (() => undefined)
  const store = deps.store ?? createJobStore(deps.dataDir)
  const ledger = deps.ledger ?? createLedger(deps.dataDir, now)
  const registry = createExecutorRegistry(deps.operations ?? [])
  const currentDraft = (draftId: string) => deps.drafts.get(draftId)
  let disposed = false
  const isDisposed = () => disposed

  const view = (job: OutboxJob): OutboxJobView => toView(job, book.live(job.id), registry.savedProgress)
  const events = deps.events
  const book = createJobBook({
    store,
    now,
    creates: (step) => registry.retryOf(step) === 'reconcile',
    ...(events ? { onChange: createJobEvents({ view, events }) } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  })
  const waits = createWaits({
    book,
    access: deps.access,
    options,
    now,
    random: deps.random ?? Math.random,
    disposed: isDisposed,
  })
  const claims = createClaims({ book, ledger, registry, drafts: deps.drafts })
  const draftStatus = createDraftStatus({ drafts: deps.drafts, now, onError })
  const runner = createRunner({
    book,
    waits,
    claims,
    registry,
    drafts: draftStatus,
    currentDraft,
    ...(deps.preflight ? { preflight: deps.preflight } : {}),
    ...(deps.onOperationDone ? { onOperationDone: deps.onOperationDone } : {}),
    ...(deps.onFailed ? { onFailed: deps.onFailed } : {}),
    onError,
    now,
    localMedia: deps.localMedia ?? NO_LOCAL_MEDIA,
    chunkBytes: options.chunkBytes,
    processingPollMaxMs: options.processingPollMaxMs,
    disposed: isDisposed,
  })
  const scheduler = createScheduler({
    book,
    access: deps.access,
    runJob: runner.runJob,
    ...(deps.notify ? { notify: deps.notify } : {}),
    onError,
    reconnectCheckMs: options.reconnectCheckMs,
    disposed: isDisposed,
  })
  const publication = createPublication({
    book,
    drafts: deps.drafts,
    draftStatus,
    claims,
    access: deps.access,
    view,
    wake: () => scheduler.wake(),
    ...(deps.reviewWarnings ? { reviewWarnings: deps.reviewWarnings } : {}),
    ...(deps.postLengthTier ? { postLengthTier: deps.postLengthTier } : {}),
    ...(deps.accountFeatures ? { accountFeatures: deps.accountFeatures } : {}),
    ...(deps.checkApproval ? { checkApproval: deps.checkApproval } : {}),
  })
  const commands = createCommands({
    book,
    waits,
    scheduler,
    runner,
    claims,
    draftStatus,
    registry,
    access: deps.access,
    currentDraft,
    enqueueDraft: publication.enqueue,
    view,
  })

  const ready: Promise<void> = (async () => {
    await deps.drafts.ready
    await ledger.load()
    book.load((await store.loadAll()).jobs)
    await draftStatus.repairFromJobs(book.all())
  })()
  ready.then(
    () => scheduler.wake(),
    (error: unknown) => onError(error),
  )

  /** A command, once the jobs left by the last run are loaded. */
  const whenReady =
    <A extends unknown[], R>(command: (...args: A) => Promise<R> | R) =>
    async (...args: A): Promise<R> => {
      await ready
      return command(...args)
    }

  return {
    ready,
    enqueue: whenReady(publication.enqueue),
    review: whenReady(publication.review),
    enqueueOperations: whenReady(commands.enqueueOperations),
    job: whenReady((jobId: string) => view(commands.requireJob(jobId))),
    cancel: whenReady(commands.cancel),
    retry: whenReady(commands.retry),
    cleanUp: whenReady(commands.cleanUp),
    dismiss: whenReady(commands.dismiss),
    list: whenReady(() => book.ordered().map(view)),
    /** The writes this app made to one platform object, from the jobs on record. */
    appWrites: whenReady((query: AppWritesQuery) => appWritesConcerning(book.all(), query)),
    status: whenReady((draftId: string) => {
      const job = publication.latestJobOf(draftId)
      return job ? view(job) : null
    }),
    /** Looks again for work (e.g. right after the designer connected). */
    wake: () => scheduler.wake(),
    /** Resolves when no job is running (tests and benches). */
    idle: whenReady(async () => {
      await scheduler.idle()
      await draftStatus.settled()
    }),
    async dispose(): Promise<void> {
      disposed = true
      waits.interruptAll()
      await ready.catch(() => undefined)
      await scheduler.stop()
      await draftStatus.settled()
      await store.close()
    },
  }
}

export type Outbox = ReturnType<typeof createOutbox>
