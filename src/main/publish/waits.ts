import { isAppFailure } from '../../shared/errors'
import type { AdsContext } from '../api/adsRequest'
import type { PublishAccess } from './access'
import { classifyFailure, type Disposition } from './failures'
import type { OutboxJob } from './job'
import type { JobBook } from './jobBook'

/**
 * A job's waits: after network trouble (doubling backoff with jitter), for a rate limit's reset,
 * and for the signed-call context. Every wait is interruptible: a cancel, "Retry now" or shutdown
 * ends it at once.
 */

export interface WaitOptions {
  /** First wait after a network failure; it doubles per failure up to backoffMaxMs. */
  backoffBaseMs: number
  backoffMaxMs: number
}

interface Waiter {
  timer: ReturnType<typeof setTimeout>
  resolve: () => void
}

export function createWaits(deps: {
  book: JobBook
  access: PublishAccess
  options: WaitOptions
  now: () => number
  random: () => number
  disposed: () => boolean
}) {
  const { book, access, options, now } = deps
  const waiters = new Map<string, Waiter>()

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
    return Math.round(ceiling / 2 + (deps.random() * ceiling) / 2)
  }

  /** The signed-call context, waiting out network trouble; undefined when the job must stop. */
  async function contextFor(job: OutboxJob): Promise<AdsContext | undefined> {
    let failures = 0
    for (;;) {
      try {
        return await access.context(job.profileId)
      } catch (error) {
        const disposition = classifyFailure(error, {})
        if (disposition.kind === 'needs_connection' || disposition.kind === 'fatal') {
          await book.setState(job, 'needs_connection')
          return undefined
        }
        await sleep(job, backoffMs(failures++))
        if (deps.disposed()) return undefined
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
        book.setLive(job, {
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
        book.setLive(job, { phase: 'rate_limited', retryAt: now() + wait, ...reason })
        await sleep(job, wait)
        return 'retry'
      }
      case 'needs_connection':
        access.markExpired(job.profileId)
        await book.setState(job, 'needs_connection')
        return 'stop'
    }
  }

  return {
    sleep,
    interrupt,
    interruptAll: () => [...waiters.keys()].forEach(interrupt),
    contextFor,
    waitAfter,
  }
}

export type Waits = ReturnType<typeof createWaits>
