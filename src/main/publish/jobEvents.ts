import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { EventEmitter } from '../ipc/events'
import type { OutboxJob } from './job'

/** What the job book reports: a job came, its state changed, it moved on, or it went. */
export type JobChange = 'added' | 'state' | 'progress' | 'removed'

/**
 * The least time between two progress-only views of one job: one frame. A catalog send answers a
 * request every few milliseconds and each view carries a step per batch (400 for 10,000
 * products): a view per answer cost main, the IPC and the renderer more than the send itself
 * (bench: "Catalog: while sending"). A state change is never held back.
 */
export const PROGRESS_GAP_MS = 16

interface Pending {
  job: OutboxJob
  added: boolean
  state: boolean
}

/**
 * Turns the book's changes into events, once per job per turn of the event loop, right after it:
 * a step that saves its mark, sets its progress and changes the job's state sends one view of the
 * job as it ends up, computed once. Progress alone is sent at most once per PROGRESS_GAP_MS per
 * job, the latest view at the end of the gap. A job added and removed within one turn is said to
 * be removed.
 */
export function createJobEvents(deps: {
  view(job: OutboxJob): OutboxJobView
  events: Pick<EventEmitter, 'emit'>
  now?: () => number
}): (job: OutboxJob, change: JobChange) => void {
  const now = deps.now ?? (() => performance.now())
  const pending = new Map<string, Pending>()
  const lastView = new Map<string, number>()
  /** Progress held back until its gap ends: the timer and the latest job. */
  const held = new Map<string, { timer: ReturnType<typeof setTimeout>; job: OutboxJob }>()
  let scheduled = false

  const send = ({ job, added, state }: Pending) => {
    if (added || state)
      deps.events.emit('outbox.changed', { jobId: job.id, change: added ? 'added' : 'state' })
    deps.events.emit('job.progress', { job: deps.view(job) })
    lastView.set(job.id, now())
  }

  const flush = () => {
    scheduled = false
    const batch = [...pending.values()]
    pending.clear()
    for (const entry of batch) {
      const id = entry.job.id
      const wait = (lastView.get(id) ?? -Infinity) + PROGRESS_GAP_MS - now()
      const holding = held.get(id)
      if (entry.added || entry.state || wait <= 0) {
        clearTimeout(holding?.timer)
        held.delete(id)
        send(entry)
      } else if (holding) {
        holding.job = entry.job
      } else {
        const timer = setTimeout(() => {
          const latest = held.get(id)
          held.delete(id)
          if (latest) send({ job: latest.job, added: false, state: false })
        }, wait)
        held.set(id, { timer, job: entry.job })
      }
    }
  }

  return (job, change) => {
    if (change === 'removed') {
      pending.delete(job.id)
      clearTimeout(held.get(job.id)?.timer)
      held.delete(job.id)
      lastView.delete(job.id)
      deps.events.emit('outbox.changed', { jobId: job.id, change: 'removed' })
      return
    }
    const entry = pending.get(job.id) ?? { job, added: false, state: false }
    entry.job = job
    if (change === 'added') entry.added = true
    if (change === 'state') entry.state = true
    pending.set(job.id, entry)
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
}
