import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { EventEmitter } from '../ipc/events'
import type { OutboxJob } from './job'

/** What the job book reports: a job came, its state changed, it moved on, or it went. */
export type JobChange = 'added' | 'state' | 'progress' | 'removed'

interface Pending {
  job: OutboxJob
  added: boolean
  state: boolean
}

/**
 * Turns the book's changes into events, once per job per turn of the event loop, right after it:
 * a step that saves its mark, sets its progress and changes the job's state sends one view of the
 * job as it ends up, computed once. A job added and removed within one turn is said to be removed.
 */
export function createJobEvents(deps: {
  view(job: OutboxJob): OutboxJobView
  events: Pick<EventEmitter, 'emit'>
}): (job: OutboxJob, change: JobChange) => void {
  const pending = new Map<string, Pending>()
  let scheduled = false

  const flush = () => {
    scheduled = false
    const batch = [...pending.values()]
    pending.clear()
    for (const { job, added, state } of batch) {
      if (added || state)
        deps.events.emit('outbox.changed', { jobId: job.id, change: added ? 'added' : 'state' })
      deps.events.emit('job.progress', { job: deps.view(job) })
    }
  }

  return (job, change) => {
    if (change === 'removed') {
      pending.delete(job.id)
      deps.events.emit('outbox.changed', { jobId: job.id, change: 'removed' })
      return
    }
    const entry = pending.get(job.id) ?? { job, added: false, state: false }
    if (change === 'added') entry.added = true
    if (change === 'state') entry.state = true
    pending.set(job.id, entry)
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
}
