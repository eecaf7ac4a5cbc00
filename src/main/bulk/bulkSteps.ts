import type { Draft } from '../../shared/drafts/envelope'

/** The kinds of work on many drafts that the undo list names. */
export type BulkStepKind = 'edit' | 'replace' | 'variants' | 'import' | 'restore'

/**
 * One piece of work on many drafts, as the undo list keeps it: the drafts as they were just
 * before it, and the drafts it created. Undoing puts `before` back and moves `created` to the
 * trash, unless a draft has been published since.
 */
export interface BulkStep {
  kind: BulkStepKind
  /** Words for the undo list, for example "Replaced “Spring” with “Summer” in 40 drafts". */
  label: string
  before: readonly Draft[]
  created: readonly string[]
}

/** Where bulk work reports each finished step; the undo list implements it. */
export interface BulkStepRecorder {
  record(step: BulkStep): Promise<void>
}

/** Until an undo list is wired (and in tests that do not need one), steps are not kept. */
export const UNRECORDED_STEPS: BulkStepRecorder = { record: async () => {} }
