import { isAppFailure } from '../../shared/errors'
import type { AnyStepExecutor, JobEnv, StepMarks } from './executor'
import { JobCanceled } from './executor'
import type { JobStep } from './job'

/**
 * Runs one step of a job. The rules that make the outbox safe live here, the same for every
 * executor:
 * - a step is marked 'attempting' (with the time) before its request is sent; for a creating
 *   request that mark is on disk first, carrying every result learnt before it, so nothing ever
 *   leaves before all that was learnt so far is on disk (see StepMarks for the other rules);
 * - a creating step found 'attempting' (its answer was lost, or the app stopped mid-request)
 *   looks for what it may have created before anything is sent again, and a cancel asked
 *   meanwhile lands there instead of sending again;
 * - any answer but a lost or unreadable one proves nothing was created (the platform refused,
 *   or the request never left the machine), so the step goes back to 'pending' and a retry
 *   sends it without looking first.
 * The result is written with the next step's mark, or when the job ends.
 */

function record(step: JobStep, result: unknown): void {
  step.result = result as never
  step.status = 'done'
  if (step.kind === 'operation') delete step.error
}

/** The platform answered, or nothing left the machine: the step made nothing. */
function nothingMade(error: unknown): boolean {
  return isAppFailure(error) && error.code !== 'outcome_unknown' && error.code !== 'unexpected_response'
}

export async function runStep(
  env: JobEnv,
  marks: StepMarks,
  executor: AnyStepExecutor,
  step: JobStep,
): Promise<void> {
  if (step.status === 'done') return
  const settled = executor.settle?.(env, step)
  if (settled) {
    if ('skipped' in settled) {
      step.skipped = true
      step.status = 'done'
    } else record(step, settled.result)
    return
  }
  if (step.status === 'attempting' && executor.retry === 'reconcile') {
    const found: unknown = await executor.reconcile!(env, step)
    if (found !== undefined) return record(step, found)
    if (env.cancelRequested()) {
      step.status = 'pending'
      await env.save()
      throw new JobCanceled()
    }
  }
  step.status = 'attempting'
  step.attemptStartedAt ??= env.now()
  step.attempts += 1
  await marks[executor.retry]()
  let result: unknown
  try {
    result = await executor.run(env, step)
  } catch (error) {
    const done: unknown = isAppFailure(error) ? executor.alreadyDone?.(error, step) : undefined
    if (done === undefined) {
      if (nothingMade(error)) step.status = 'pending'
      throw error
    }
    result = done
  }
  record(step, result)
}
