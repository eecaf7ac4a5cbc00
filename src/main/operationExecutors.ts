import { CAMPAIGN_OPERATIONS } from './campaign/operations'
import { MEDIA_LIBRARY_OPERATIONS } from './library/operations'
import { CLEAN_UP_OPERATIONS } from './publish/operations/cleanUp'
import type { AnyOperationExecutor } from './publish/operations/types'

/**
 * Every executor an operation job may name, from each feature that writes through the outbox.
 * A feature adds its list here (one line). The outbox runs them next to the executors that
 * publish a draft (executors/index.ts), which checks that every name is unique.
 */
export const OPERATION_EXECUTORS: readonly AnyOperationExecutor[] = [
  ...CAMPAIGN_OPERATIONS,
  ...CLEAN_UP_OPERATIONS,
  ...MEDIA_LIBRARY_OPERATIONS,
]
