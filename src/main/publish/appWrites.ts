import type { AppWriteView } from '../../shared/ipc/contracts/campaign'
import type { Json, OperationJob, OutboxJob } from './job'
import { isPublishJob } from './job'

/**
 * The writes this app made to one platform object, read from the outbox's record of its jobs:
 * every operation step that is done and whose parameters name the object. The platform's own
 * history leaves some writes out (curated categories, for one), so History shows these beside it.
 */

export interface AppWritesQuery {
  profileId: string
  accountId: string
  entityId: string
  /** Milliseconds, the range History shows. */
  start: number
  end: number
}

/** Whether a step's parameters name the object (an id field, or an id in a list). */
function names(value: Json | undefined, entityId: string): boolean {
  if (value === entityId) return true
  if (Array.isArray(value)) return value.some((item) => names(item, entityId))
  if (value && typeof value === 'object') return Object.values(value).some((item) => names(item, entityId))
  return false
}

export function appWritesConcerning(jobs: readonly OutboxJob[], query: AppWritesQuery): AppWriteView[] {
  const writes: AppWriteView[] = []
  for (const job of jobs) {
    if (isPublishJob(job) || job.profileId !== query.profileId || job.accountId !== query.accountId) continue
    // A job's last change is when its steps were written; its steps do not keep their own times.
    const at = Date.parse(job.updatedAt)
    if (!(at >= query.start && at < query.end)) continue
    for (const step of (job as OperationJob).steps) {
      if (step.status !== 'done' || !names(step.params, query.entityId)) continue
      writes.push({ at: job.updatedAt, label: step.label, jobTitle: job.title })
    }
  }
  return writes.sort((a, b) => a.at.localeCompare(b.at))
}
