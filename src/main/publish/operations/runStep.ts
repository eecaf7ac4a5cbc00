import { AppFailure, appError, isAppFailure } from '../../../shared/errors'
import type { OperationStep } from '../job'
import type { AnyOperationExecutor, Json, OperationEnv, OperationStepRun } from './types'

/**
 * Runs one step of an operation job, with the same safety rules as a draft's steps: a creating
 * step is marked 'attempting' on disk before its request leaves, and a step found 'attempting'
 * (its answer was lost, or the app stopped mid-request) is settled before anything is sent
 * again — by sending again when the write is repeatable, by reconciling when it creates.
 */

export function lookupExecutor(
  executors: ReadonlyMap<string, AnyOperationExecutor>,
  op: string,
): AnyOperationExecutor {
  const executor = executors.get(op)
  if (!executor) {
    // A job file from a newer version of the app, or a feature that was removed.
    throw new AppFailure(appError('invalid_input', `This version of Ads Studio cannot run “${op}”`))
  }
  return executor
}

/** Parses a step's params with its executor's schema; a job file is data, not trusted code. */
export function parseParams(executor: AnyOperationExecutor, params: unknown): unknown {
  const parsed = executor.params.safeParse(params)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.')
    throw new AppFailure(
      appError('invalid_input', issue?.message ?? 'These settings cannot be sent', field ? { field } : {}),
    )
  }
  return parsed.data
}

function recordResult(step: OperationStep, result: Json): void {
  step.result = result
  step.status = 'done'
  delete step.error
}

export async function runOperationStep(
  env: OperationEnv,
  executor: AnyOperationExecutor,
  step: OperationStep,
): Promise<void> {
  if (step.status === 'done') return
  const params = parseParams(executor, step.params)
  const run: OperationStepRun<unknown> = {
    params,
    get state() {
      return step.state
    },
    set state(value) {
      if (value === undefined) delete step.state
      else step.state = value
    },
    get attemptStartedAt() {
      return step.attemptStartedAt
    },
    get attempts() {
      return step.attempts
    },
  }

  if (step.status === 'attempting' && executor.retry === 'reconcile') {
    if (!executor.reconcile) {
      // Nothing can tell whether it happened; sending again could do it twice. A person decides:
      // a retry from the outbox sends it again (the step goes back to pending).
      step.status = 'pending'
      throw new AppFailure(
        appError(
          'invalid_input',
          `The platform’s answer to “${step.label}” was lost, so Ads Studio cannot tell whether it was done. ` +
            'Check on the platform, then retry to send it again, or dismiss the job.',
        ),
      )
    }
    const found = await executor.reconcile(env, run)
    if (found !== undefined) {
      recordResult(step, found)
      return
    }
  }

  step.status = 'attempting'
  step.attemptStartedAt ??= env.now()
  step.attempts += 1
  // A creating write's mark is on disk before its request leaves, so a lost answer is
  // reconciled, never sent twice; a repeatable write may simply be sent again.
  await (executor.retry === 'repeatable' ? env.saveBeforeRepeatable() : env.save())
  let result: Json
  try {
    result = await executor.run(env, run)
  } catch (error) {
    const done = isAppFailure(error) ? executor.alreadyDone?.(error, params) : undefined
    if (done === undefined) throw error
    result = done
  }
  // Written with the next step's 'attempting' mark or when the job ends, as for draft steps.
  recordResult(step, result)
}
