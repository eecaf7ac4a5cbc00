import { describe, expect, it } from 'vitest'
import { JOB_SCHEMA_VERSION, type OperationJob, type OperationStep } from '../../../src/main/publish/job'
import { toView } from '../../../src/main/publish/view'

/** How far a stopped operation got is read from its persisted resume point, not from memory. */

function uploadJob(state: OperationJob['state']): OperationJob {
  const step: OperationStep = {
    id: 's1',
    op: 'audiences.users.upload',
    kind: 'operation',
    status: 'pending',
    attempts: 0,
    label: 'Add 20,000 rows to “Winter”',
    params: { expectedRecords: 20_000 },
    state: { recordsAcked: 7_500 },
  }
  return {
    schema: JOB_SCHEMA_VERSION,
    id: 'j1',
    seq: 1,
    area: 'audiences',
    title: 'Add 20,000 people to “Winter”',
    continueOnError: false,
    profileId: 'p',
    accountId: 'a',
    createdAt: '2026-12-07T17:00:00Z',
    updatedAt: '2026-12-07T17:00:00Z',
    state,
    steps: [step],
  }
}

const saved = (step: OperationStep) => {
  const acked = (step.state as { recordsAcked: number }).recordsAcked
  return { done: acked, total: 20_000, unit: 'rows' }
}

describe('the view of a stopped operation job', () => {
  it('keeps a canceled or failed job’s progress from its steps’ saved state (no live state after a restart)', () => {
    for (const state of ['canceled', 'failed'] as const)
      expect(toView(uploadJob(state), undefined, saved).progress).toEqual({
        done: 7_500,
        total: 20_000,
        unit: 'rows',
      })
  })

  it('shows a running job’s live progress, and none for a finished one', () => {
    const live = { phase: 'running' as const, progress: { done: 10_000, total: 20_000 } }
    expect(toView(uploadJob('active'), live, saved).progress).toEqual({ done: 10_000, total: 20_000 })
    expect(toView(uploadJob('done'), undefined, saved).progress).toBeUndefined()
  })
})
