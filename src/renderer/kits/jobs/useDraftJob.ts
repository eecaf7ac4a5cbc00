import { useCallback, useEffect, useState } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { studio, unwrap } from '../../lib/ipc'
import { ACTIVE_STATES } from './outboxModel'
import { POLL_MS } from './useOutbox'

/**
 * The outbox's latest job for a draft (outbox.status), looked at again every POLL_MS while it is
 * on the move (there is no push). Setting it (a job just queued) follows that one from there.
 */
export function useDraftJob(draftId: string) {
  const [job, setJob] = useState<OutboxJobView | null>(null)
  const load = useCallback(async () => {
    const { job: latest } = await unwrap(studio().outbox.status({ draftId }))
    setJob(latest)
    return latest
  }, [draftId])

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      const latest = await load().catch(() => null)
      if (stopped) return
      if (latest && (ACTIVE_STATES.has(latest.state) || latest.state === 'needs_connection')) {
        timer = setTimeout(() => void tick(), POLL_MS)
      }
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [load, job?.id, job?.state])
  return [job, setJob] as const
}
