import { useCallback, useEffect, useState } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { listen, studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'

/**
 * The list with one job's view as main sent it (job.progress): in its place, or last for a job
 * the list does not have yet (the outbox lists jobs in the order they were queued).
 */
export function withJob(jobs: readonly OutboxJobView[], job: OutboxJobView): OutboxJobView[] {
  const index = jobs.findIndex((entry) => entry.id === job.id)
  return index < 0 ? [...jobs, job] : jobs.map((entry, at) => (at === index ? job : entry))
}

/**
 * The job list: read once, then kept as main says it changes (outbox.changed, job.progress),
 * with no asking again. Main sends its events and answers in order, so a list read after the
 * subscription already holds whatever an event before its answer said.
 */
export function useOutboxJobs() {
  const [jobs, setJobs] = useState<OutboxJobView[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  const refresh = useCallback(async () => {
    try {
      const { jobs: next } = await unwrap(studio().outbox.list({}))
      setJobs(next)
      setError(null)
      return next
    } catch (failure) {
      setError(messageOf(failure))
      return null
    }
  }, [])

  useEffect(() => {
    const stopProgress = listen('job.progress', ({ job }) =>
      setJobs((current) => current && withJob(current, job)),
    )
    const stopRemovals = listen('outbox.changed', ({ jobId, change }) => {
      if (change === 'removed') setJobs((current) => current && current.filter((job) => job.id !== jobId))
    })
    void refresh()
    return () => {
      stopProgress()
      stopRemovals()
    }
  }, [refresh])

  return { jobs, error, refresh }
}

/** A clock for countdowns, ticking once a second while mounted. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(id)
  }, [])
  return now
}
