import type { z } from 'zod'
import type { AppFailure } from '../../../shared/errors'
import type { AdsContext } from '../../api/adsRequest'

/**
 * Operation jobs: API writes that are not a draft's publication (pause a line item, upsert a
 * batch of products, upload an audience list) but need the same guarantees — persisted per
 * step, resumed after a restart, one at a time per ad account in queue order, waiting out
 * network loss, rate limits and expired access, never sending a creating request twice.
 *
 * A feature's main service validates a request with full context and queues steps; each step
 * names an executor registered with the outbox. The renderer never names an executor.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface OperationProgress {
  done: number
  total: number
  /** What is counted: "rows", "products", "chunks". */
  unit?: string
  detail?: string
}

export interface OperationEnv {
  /** Signed-call context of the job's profile, hosts resolved. */
  ctx: AdsContext
  accountId: string
  now(): number
  /** A wait that a cancel or shutdown ends early. */
  sleep(ms: number): Promise<void>
  /** Writes the job, as it is now, to disk: call after moving `step.state` forward. */
  save(): Promise<void>
  /**
   * The 'attempting' mark of a repeatable step: written only when something not repeatable is
   * not on disk yet, or when the last write is a while ago. Sending a repeatable write again
   * after a crash is safe by definition, so a mark per step buys nothing, and a bulk job (400
   * product batches) wrote its whole self 400 times per send (bench/PROFILE.md section 15).
   */
  saveBeforeRepeatable(): Promise<void>
  /** Remote ids this app has already recorded: reconciliation must never adopt one of them. */
  claimed(): ReadonlySet<string>
  /** Live progress for the outbox view; kept in memory only. */
  progress(progress: OperationProgress): void
  /** A long executor checks this at safe points and stops (throwing OperationCanceled). */
  cancelRequested(): boolean
}

/** What an executor sees of its step. `state` is its own resume point, persisted by env.save(). */
export interface OperationStepRun<P> {
  readonly params: P
  state?: Json
  /** Local time the first request that may have created something was sent. */
  readonly attemptStartedAt?: number
  readonly attempts: number
}

export interface OperationExecutor<P = unknown, R extends Json = Json> {
  /** Unique; persisted in job files, so never renamed. */
  op: string
  /** Checked when the step is queued and again before it runs: a job file is data, not code. */
  params: z.ZodType<P>
  /** For people: 'Pause “Spring sale”'. */
  label(params: P): string
  /**
   * What a lost answer means. 'repeatable': the same request may be sent again (PUT, DELETE,
   * keyed upserts). 'reconcile': a creating POST; reconcile() looks for what it created before
   * anything is sent again, and without a reconcile() the step stops for the designer to check.
   */
  retry: 'repeatable' | 'reconcile'
  run(env: OperationEnv, step: OperationStepRun<P>): Promise<R>
  reconcile?(env: OperationEnv, step: OperationStepRun<P>): Promise<R | undefined>
  /** A failure that means the goal is already reached (404 on a repeated delete): the result to record. */
  alreadyDone?(error: AppFailure, params: P): R | undefined
  /** Remote ids a result created, for the exactly-once ledger. */
  createdIds?(result: R): string[]
}

/** Thrown by an executor that stopped at a safe point because a cancel was asked. */
export class OperationCanceled extends Error {
  constructor() {
    super('canceled')
    this.name = 'OperationCanceled'
  }
}

// Executors are registered in one list whose parameter types differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperationExecutor = OperationExecutor<any, any>
