import type { Log } from '../log/logger'
import type { JobState, OutboxJob } from './job'
import type { LiveState } from './view'

/**
 * The outbox's lines in main's log: which job (id, area, draft kind, ad account), its state and
 * its steps, by id and count. Never its title, its drafts or a failure's message: those are the
 * designer's words; the failure's code says what went wrong.
 */
function jobFields(job: OutboxJob) {
  return {
    jobId: job.id,
    area: job.area,
    ...(job.publication ? { kind: job.publication.kind } : {}),
    accountId: job.accountId,
  }
}

/** A job was queued (no `from`), or its state changed. */
export function logJobState(log: Log, job: OutboxJob, from?: JobState): void {
  const done = job.steps.filter((step) => step.status === 'done').length
  const failedItems = job.steps.filter((step) => step.kind === 'operation' && step.error).length
  log.info(
    {
      ...jobFields(job),
      ...(from ? { from } : {}),
      to: job.state,
      steps: { done, total: job.steps.length, ...(failedItems > 0 ? { failed: failedItems } : {}) },
      ...(job.error ? { code: job.error.code } : {}),
      ...(job.problems ? { problems: job.problems.map((problem) => problem.code) } : {}),
      ...(job.cancelRequested ? { cancelRequested: true } : {}),
    },
    from ? 'job state changed' : 'job queued',
  )
}

/** A running job waits: for the network to come back, or for a rate limit's reset. */
export function logJobWait(log: Log, job: OutboxJob, live: LiveState, now: number): void {
  log.info(
    {
      ...jobFields(job),
      phase: live.phase,
      ...(live.retryAt !== undefined ? { waitMs: Math.max(0, Math.round(live.retryAt - now)) } : {}),
      ...(live.attempt !== undefined ? { attempt: live.attempt } : {}),
      ...(live.waitCause ? { cause: live.waitCause } : {}),
    },
    'job waiting',
  )
}
