import { AppFailure, appError } from '../../../shared/errors'
import type { AnyStepExecutor, RetryRule } from '../executor'
import type { JobStep, OperationStep } from '../job'
import { fromOperation } from '../operations/adapter'
import type { AnyOperationExecutor, OperationProgress } from '../operations/types'
import { cardExecutor } from './card'
import { libraryExecutor } from './library'
import { postExecutor } from './post'
import { uploadExecutor } from './upload'

/** Publishing a draft: upload local media, add them to the media library, create the card, the post. */
export const PUBLISH_EXECUTORS: readonly AnyStepExecutor[] = [
  uploadExecutor,
  libraryExecutor,
  cardExecutor,
  postExecutor,
]

export interface ExecutorRegistry {
  /** The executor of a step; refuses a step this version cannot run. */
  forStep(step: JobStep): AnyStepExecutor
  /** The retry rule of a step, or undefined for an op this version does not know. */
  retryOf(step: JobStep): RetryRule | undefined
  /** An operation executor by name, to check and label what a feature queues. */
  operation(op: string): AnyOperationExecutor
  /** How far a stopped operation step got, when its executor reads that from its resume point. */
  savedProgress(step: OperationStep): OperationProgress | undefined
}

const cannotRun = (op: string) =>
  // A job file from a newer version of the app, or a feature that was removed.
  new AppFailure(appError('invalid_input', `This version of Ads Studio cannot run “${op}”`))

/** The publishing executors and the features' (OPERATION_EXECUTORS): names must be unique. */
export function createExecutorRegistry(operations: readonly AnyOperationExecutor[]): ExecutorRegistry {
  const steps = new Map<string, AnyStepExecutor>()
  const byName = new Map<string, AnyOperationExecutor>()
  const add = (executor: AnyStepExecutor) => {
    if (steps.has(executor.op)) throw new Error(`Two outbox executors are named ${executor.op}`)
    if (executor.retry === 'reconcile' && !executor.reconcile)
      throw new Error(`The outbox executor ${executor.op} creates but cannot reconcile`)
    steps.set(executor.op, executor)
  }
  for (const executor of PUBLISH_EXECUTORS) add(executor)
  for (const executor of operations) {
    add(fromOperation(executor))
    byName.set(executor.op, executor)
  }
  return {
    forStep(step) {
      const executor = steps.get(step.op)
      if (!executor) throw cannotRun(step.op)
      return executor
    },
    retryOf: (step) => steps.get(step.op)?.retry,
    operation(op) {
      const executor = byName.get(op)
      if (!executor) throw cannotRun(op)
      return executor
    },
    savedProgress: (step) => byName.get(step.op)?.progressOf?.(step.params, step.state),
  }
}
