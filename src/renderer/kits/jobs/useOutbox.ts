import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { studio, unwrap } from '../../lib/ipc'
import { ACTIVE_STATES } from './outboxModel'

/** How often the outbox is asked for news while anything is on the move (there is no push). */
export const POLL_MS = 500
const IDLE_POLL_MS = 3_000

/** The job list, polled quickly while a job is active and slowly otherwise. */
export function useOutboxJobs() {
  const [jobs, setJobs] = useState<OutboxJobView[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const refresh = useCallback(async () => {
    try {
      const { jobs: next } = await unwrap(studio().outbox.list({}))
      setJobs(next)
      setError(null)
      return next
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
      return null
    }
  }, [])

  useEffect(() => {
    let stopped = false
    const tick = async () => {
      const next = await refresh()
      if (stopped) return
      const busy = next?.some((job) => ACTIVE_STATES.has(job.state) || job.state === 'needs_connection')
      timer.current = setTimeout(() => void tick(), busy ? POLL_MS : IDLE_POLL_MS)
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer.current)
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
