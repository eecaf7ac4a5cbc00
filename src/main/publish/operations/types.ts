import type { z } from 'zod'
import type { AppFailure } from '../../../shared/errors'
import type { JobEnv, OperationProgress } from '../executor'
import type { Json } from '../job'

/**
 * Operation jobs: API writes that are not a draft's publication (pause a line item, upsert a
 * batch of products, upload an audience list) but need the same guarantees — persisted per
 * step, resumed after a restart, one at a time per ad account in queue order, waiting out
 * network loss, rate limits and expired access, never sending a creating request twice.
 *
 * A feature's main service validates a request with full context and queues steps; each step
 * names an executor registered with the outbox. The renderer never names an executor. An
 * operation executor works on its step's params and state; adapter.ts makes it one of the
 * outbox's step executors, run like a draft's (executor.ts).
 */

// The job book still names this module for the progress type.
export type { OperationProgress } from '../executor'

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
  run(env: JobEnv, step: OperationStepRun<P>): Promise<R>
  reconcile?(env: JobEnv, step: OperationStepRun<P>): Promise<R | undefined>
  /** A failure that means the goal is already reached (404 on a repeated delete): the result to record. */
  alreadyDone?(error: AppFailure, params: P): R | undefined
  /** Remote ids a result created, for the exactly-once ledger. */
  createdIds?(result: R): string[]
  /**
   * How far a stopped step got, read from its persisted resume point: a canceled or failed job
   * keeps showing it ("7,500 of 20,000 rows"), across restarts.
   */
  progressOf?(params: P, state: Json | undefined): OperationProgress | undefined
}

// Executors are registered in one list whose parameter types differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperationExecutor = OperationExecutor<any, any>
