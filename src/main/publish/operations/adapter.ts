import { AppFailure, appError } from '../../../shared/errors'
import type { StepExecutor } from '../executor'
import type { Json, OperationStep } from '../job'
import type { AnyOperationExecutor, OperationStepRun } from './types'

/**
 * An operation executor (a feature's write, written against its params and state) as one of the
 * outbox's step executors: the same runner and safety rules as a draft's steps (runStep.ts).
 */

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

/** What the executor sees of its step: the parsed params, and its own resume point. */
function stepRun(executor: AnyOperationExecutor, step: OperationStep): OperationStepRun<unknown> {
  return {
    params: parseParams(executor, step.params),
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
}

export function fromOperation(executor: AnyOperationExecutor): StepExecutor<OperationStep> {
  return {
    op: executor.op,
    retry: executor.retry,
    reconcile: async (env, step) => {
      if (executor.reconcile) return (await executor.reconcile(env, stepRun(executor, step))) as Json
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
    },
    run: async (env, step) => (await executor.run(env, stepRun(executor, step))) as Json,
    alreadyDone: (error, step) => executor.alreadyDone?.(error, parseParams(executor, step.params)),
    createdIds: (step) =>
      step.result !== undefined && executor.createdIds ? executor.createdIds(step.result) : [],
  }
}

/** The steps of a request, checked by their executors: what is stored is what was checked. */
export function operationSteps(
  lookup: (op: string) => AnyOperationExecutor,
  steps: readonly { op: string; params: unknown }[],
): OperationStep[] {
  return steps.map((step, index) => {
    const executor = lookup(step.op)
    const params = parseParams(executor, step.params)
    return {
      kind: 'operation',
      id: `s${index + 1}`,
      status: 'pending',
      attempts: 0,
      op: step.op,
      // JSON in, JSON out, so a reload sees the same values.
      params: JSON.parse(JSON.stringify(step.params)) as Json,
      label: executor.label(params),
    }
  })
}
