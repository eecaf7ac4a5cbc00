import type { AppFailure } from '../../shared/errors'
import type { AdsContext } from '../api/adsRequest'
import type { JobStep, OutboxJob } from './job'
import type { LocalMediaReader } from '../media/grantedFiles'

/**
 * What runs a job's steps: one executor per `op`, all with the same env and the same safety
 * rules (runStep.ts). Publishing a draft is a set of executors (executors/), and so is every
 * feature's write (operations/, adapted by operations/adapter.ts).
 */

/** A long step's live progress, for the outbox view. */
export interface OperationProgress {
  done: number
  total: number
  /** What is counted: "rows", "products", "chunks". */
  unit?: string
  detail?: string
}

/** Everything an executor may use while it runs one step of `job`. */
export interface JobEnv {
  /** Signed-call context of the job's profile, hosts resolved. */
  ctx: AdsContext
  accountId: string
  job: OutboxJob
  now(): number
  /** A wait that a cancel or shutdown ends early. */
  sleep(ms: number): Promise<void>
  /** Writes the job, as it is now, to disk: call after moving a step's own state forward. */
  save(): Promise<void>
  /** Remote ids this app has already recorded: reconciliation must never adopt one of them. */
  claimed(): ReadonlySet<string>
  /** Live progress for the outbox view (rows sent, bytes uploaded); kept in memory only. */
  progress(progress: OperationProgress): void
  /** A long executor checks this at safe points and stops (throwing JobCanceled). */
  cancelRequested(): boolean
  /** Local media, read only through the designer's grants (media/grantedFiles.ts). */
  localMedia: LocalMediaReader
  /** Upload segment size. */
  chunkBytes: number
  /** Upper bound on one wait between STATUS checks of a video being processed. */
  processingPollMaxMs: number
  /** A card draft already published on the job's account (by an earlier publish or another job). */
  publishedCard(draftId: string): { cardId: string; cardUri: string } | undefined
}

/**
 * Thrown when a step stops at a safe point because a cancel was asked: nothing of it is in
 * flight, so the job can end as canceled instead of sending (again).
 */
export class JobCanceled extends Error {
  constructor() {
    super('canceled')
    this.name = 'JobCanceled'
  }
}

/**
 * What a lost answer, or a stop in the middle of a request, means for a step:
 * - 'repeatable': the same request may be sent again (PUT, DELETE, keyed upserts);
 * - 'reconcile': a creating request; reconcile() looks for what it made before anything is sent
 *   again, so its 'attempting' mark is on disk before the request leaves;
 * - 'private': what it makes is no object of the account until a later step uses it (an upload
 *   session), so it resumes or starts over, and its mark need not be on disk first.
 */
export type RetryRule = 'repeatable' | 'reconcile' | 'private'

/** A step done without a request: skipped (it is not needed), or with what already exists. */
export type Settled<S extends JobStep> = { skipped: true } | { result: Answer<S> }

/** What a step's request answered: its result. */
export type Answer<S extends JobStep> = Exclude<S['result'], undefined>

export interface StepExecutor<S extends JobStep = JobStep> {
  /** Unique; persisted in job files, so never renamed. */
  readonly op: string
  readonly retry: RetryRule
  /** Done without a request, when what the step is for exists already. */
  settle?(env: JobEnv, step: S): Settled<S> | undefined
  /** Required for 'reconcile': finds what an earlier attempt made; reads only. */
  reconcile?(env: JobEnv, step: S): Promise<S['result'] | undefined>
  /** Sends the step's request(s); what it answers becomes the step's result. */
  run(env: JobEnv, step: S): Promise<Answer<S>>
  /** A failure that means the goal is already reached (404 on a repeated delete): the result. */
  alreadyDone?(error: AppFailure, step: S): S['result'] | undefined
  /** Remote ids the step's result created or adopted, for the exactly-once ledger. */
  createdIds?(step: S): string[]
}

// Executors of different step types live in one registry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStepExecutor = StepExecutor<any>

/**
 * The writes a step's 'attempting' mark needs before its request leaves, by its retry rule
 * (jobMarks.ts): nothing is ever sent before every result learnt so far is on disk.
 */
export type StepMarks = Record<RetryRule, () => Promise<void>>
