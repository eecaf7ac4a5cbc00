import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { listen, studio, unwrap } from '../../lib/ipc'

/** Whether `moved` is the draft's latest job: the one shown, or one queued after it. */
const isLatest = (shown: OutboxJobView | null, moved: OutboxJobView) =>
  !shown || shown.id === moved.id || moved.createdAt >= shown.createdAt

/**
 * The outbox's latest job for a draft (outbox.status), read once and then kept as main's events
 * say it moves. Setting it (a job just queued) shows that one at once.
 */
export function useDraftJob(draftId: string) {
  const [job, setJob] = useState<OutboxJobView | null>(null)
  const shownId = useRef<string | undefined>(undefined)
  shownId.current = job?.id
  const load = useCallback(async () => {
    const { job: latest } = await unwrap(studio().outbox.status({ draftId }))
    setJob(latest)
  }, [draftId])

  useEffect(() => {
    const stopProgress = listen('job.progress', ({ job: moved }) => {
      if (moved.draftId === draftId) setJob((shown) => (isLatest(shown, moved) ? moved : shown))
    })
    // The job shown went (dismissed, cleaned up): an earlier one may be the latest now.
    const stopRemovals = listen('outbox.changed', ({ jobId, change }) => {
      if (change === 'removed' && jobId === shownId.current) void load().catch(() => undefined)
    })
    void load().catch(() => undefined)
    return () => {
      stopProgress()
      stopRemovals()
    }
  }, [load, draftId])
  return [job, setJob] as const
}
