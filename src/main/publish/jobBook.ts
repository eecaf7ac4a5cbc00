import { randomUUID } from 'node:crypto'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { StepMarks } from './executor'
import type { JobState, JobStep, OutboxJob } from './job'
import { isFinished, JOB_SCHEMA_VERSION } from './job'
import type { JobChange } from './jobEvents'
import type { JobStore } from './jobStore'
import { logJobState, logJobWait } from './jobLog'
import { silentLog, type Log } from '../log/logger'
import type { OperationProgress } from './operations/types'
import type { LiveState } from './view'

/**
 * The outbox's jobs in memory and on disk. Every change of a job's state goes through setState,
 * and every change of what a running job is doing right now (running, waiting, its progress)
 * through setLive: the two places events and log lines hook in.
 */

/**
 * How long the progress of a job's repeatable steps may go unwritten: after a crash, at most
 * this much of it is sent again, which a repeatable write allows.
 */
const REPEATABLE_MARK_INTERVAL_MS = 1000

export interface StateChange {
  /** failed: why. */
  error?: OutboxError
  /** needs_attention: what the designer must settle. */
  problems?: OutboxError[]
  /** The designer asked to cancel; the job stops once nothing it sent is unaccounted for. */
  cancelRequested?: true
}

type JobStamp = Pick<
  OutboxJob,
  'schema' | 'id' | 'seq' | 'profileId' | 'accountId' | 'createdAt' | 'updatedAt' | 'state'
>

/** Jobs that ended while the outbox ran, for the "publishing finished" notification. */
export interface Batch {
  published: number
  done: number
  failed: number
}

export function createJobBook(deps: {
  store: JobStore
  now: () => number
  /** Whether a step's request creates something (its executor reconciles a lost answer). */
  creates(step: JobStep): boolean
  /** Main's log: a line per state change and per wait. */
  log?: Log
  /** Each change the window may want to show (jobEvents.ts). */
  onChange?: (job: OutboxJob, change: JobChange) => void
}) {
  const { store, now } = deps
  const log = deps.log ?? silentLog
  const changed = deps.onChange ?? (() => undefined)
  const jobs = new Map<string, OutboxJob>()
  const live = new Map<string, LiveState>()
  let seq = 0
  let batch: Batch = { published: 0, done: 0, failed: 0 }

  /**
   * Per job: how many of its creating steps were done in the last snapshot given to the store.
   * Done steps never go back, so a higher count in memory means a result the disk does not have.
   */
  const resultsSaved = new WeakMap<OutboxJob, number>()
  const creatingDone = (job: OutboxJob) =>
    job.steps.filter((step) => step.status === 'done' && deps.creates(step)).length
  const resultsUnsaved = (job: OutboxJob) => (resultsSaved.get(job) ?? -1) < creatingDone(job)

  /** Durable when it resolves. */
  function save(job: OutboxJob): Promise<void> {
    resultsSaved.set(job, creatingDone(job))
    return store.save(job)
  }

  async function persist(job: OutboxJob): Promise<void> {
    job.updatedAt = new Date(now()).toISOString()
    changed(job, 'progress')
    await save(job)
  }

  /**
   * The one place a job's state changes, durable when it resolves. An error belongs to a failed
   * job and problems to one that needs attention; a stopped job has no cancel pending.
   */
  async function setState(job: OutboxJob, state: JobState, change: StateChange = {}): Promise<void> {
    const from = job.state
    job.state = state
    if (change.cancelRequested) job.cancelRequested = true
    if (isFinished(job)) delete job.cancelRequested
    if (state !== 'failed') delete job.error
    else if (change.error) job.error = change.error
    if (state !== 'needs_attention') delete job.problems
    else if (change.problems) job.problems = change.problems
    if (state === 'published' || state === 'done' || state === 'failed') batch[state] += 1
    changed(job, 'state')
    await persist(job)
    if (from !== state) logJobState(log, job, from)
  }

  /** The one notifier of what a running job is doing; undefined when it is not running. */
  function setLive(job: OutboxJob, state: LiveState | undefined): void {
    if (state) live.set(job.id, state)
    else live.delete(job.id)
    if (state && state.phase !== 'running') logJobWait(log, job, state, now())
    changed(job, 'progress')
  }

  /** Running, with the attempt after failures; the progress so far stays. */
  function running(job: OutboxJob, failures: number): void {
    const progress = live.get(job.id)?.progress
    setLive(job, {
      phase: 'running',
      ...(failures > 0 ? { attempt: failures + 1 } : {}),
      ...(progress ? { progress } : {}),
    })
  }

  /** A running step moved on (rows sent, bytes uploaded); the attempt stays. */
  function progress(job: OutboxJob, progress: OperationProgress): void {
    const attempt = live.get(job.id)?.attempt
    setLive(job, { phase: 'running', ...(attempt !== undefined ? { attempt } : {}), progress })
  }

  /**
   * The writes before each request of one run of a job (see StepMarks): a creating request's mark
   * always; a repeatable one's when a creation's result is not on disk yet or the last write of
   * this run is a while ago; a private one's only for a result not on disk yet.
   */
  function marksFor(job: OutboxJob): { marks: StepMarks; save(): Promise<void> } {
    let lastSavedAt = -Infinity
    const saveNow = () => {
      lastSavedAt = now()
      return persist(job)
    }
    const skip = () => Promise.resolve()
    return {
      save: saveNow,
      marks: {
        reconcile: saveNow,
        repeatable: () =>
          resultsUnsaved(job) || now() - lastSavedAt >= REPEATABLE_MARK_INTERVAL_MS ? saveNow() : skip(),
        private: () => (resultsUnsaved(job) ? saveNow() : skip()),
      },
    }
  }

  return {
    get: (jobId: string) => jobs.get(jobId),
    all: () => [...jobs.values()],
    /** In queue order. */
    ordered: () => [...jobs.values()].sort((a, b) => a.seq - b.seq),
    /** What every new job starts with: queued last, to run now or once its profile is connected. */
    stamp(profileId: string, accountId: string, connected: boolean): JobStamp {
      const timestamp = new Date(now()).toISOString()
      const state: JobState = connected ? 'active' : 'needs_connection'
      return {
        schema: JOB_SCHEMA_VERSION,
        id: randomUUID(),
        seq: ++seq,
        profileId,
        accountId,
        createdAt: timestamp,
        updatedAt: timestamp,
        state,
      }
    },
    /** Jobs read from disk at start. */
    load(loaded: readonly OutboxJob[]): void {
      for (const job of loaded) {
        jobs.set(job.id, job)
        resultsSaved.set(job, creatingDone(job))
        seq = Math.max(seq, job.seq)
      }
    },
    /** A new job: on disk before the outbox lists it. */
    async add(job: OutboxJob): Promise<void> {
      await save(job)
      jobs.set(job.id, job)
      logJobState(log, job)
      changed(job, 'added')
    },
    async remove(job: OutboxJob): Promise<void> {
      jobs.delete(job.id)
      changed(job, 'removed')
      await store.remove(job.id)
      log.info({ jobId: job.id }, 'job removed')
    },
    persist,
    setState,
    live: (jobId: string) => live.get(jobId),
    setLive,
    running,
    progress,
    marksFor,
    /** What ended since the last call. */
    takeBatch(): Batch {
      const ended = batch
      batch = { published: 0, done: 0, failed: 0 }
      return ended
    },
  }
}

export type JobBook = ReturnType<typeof createJobBook>
