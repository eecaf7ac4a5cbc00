import { useCallback, useEffect, useRef, useState } from 'react'
import type { ProductCounts, ProductRow } from '../../../shared/ipc/contracts/catalogs'
import type { OutboxState } from '../../../shared/ipc/contracts/outbox'
import { listen, studio, unwrap } from '../../lib/ipc'
import { followJob, type JobFollower } from '../../kits/jobs/followJob'
import { ACTIVE_STATES } from '../../kits/jobs/outboxModel'
import { ROWS_SHOWN } from './RowIssues'

/** What the panel shows of the import's outbox job: a few numbers, not its hundreds of steps. */
export interface ImportProgress {
  state: OutboxState
  /** Batches in the job, and batches the platform has answered (sent, or refused). */
  total: number
  answered: number
  running: boolean
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/** Keeps the current value when the new one reads the same, so a look re-renders only on news. */
function unlessSame<T>(next: T): (current: T | null) => T | null {
  return (current) => (sameJson(current, next) ? current : next)
}

/**
 * The sending of an import: its job's progress, the product counts and the refused (or fixed)
 * products, followed while the job runs (kits/jobs/followJob) and told to the page (`onChanged`)
 * once it has finished.
 */
export function useImportJob({
  profileId,
  version,
  visible,
  onChanged,
}: {
  profileId: string
  /** The page bumps it when what waits to be sent changes. */
  version: number
  /** Whether the Import tab shows: a hidden panel does not look at its job until shown again. */
  visible: boolean
  onChanged(): void
}) {
  const [jobId, setJobId] = useState<string | null>(null)
  const [job, setJob] = useState<ImportProgress | null>(null)
  const [counts, setCounts] = useState<ProductCounts | null>(null)
  const [refused, setRefused] = useState<ProductRow[]>([])

  const loadStatus = useCallback(async () => {
    if (!jobId) return
    const [view, rows] = await Promise.all([
      unwrap(studio().outbox.get({ jobId })),
      unwrap(
        studio().catalog.products({ profileId, jobId, status: 'refused', offset: 0, limit: ROWS_SHOWN }),
      ),
    ])
    // The counts are the job's: fixed rows are asked for only when there are some.
    const fixed =
      rows.counts.fixed > 0
        ? await unwrap(
            studio().catalog.products({ profileId, jobId, status: 'fixed', offset: 0, limit: ROWS_SHOWN }),
          )
        : { rows: [] }
    const progress: ImportProgress = {
      state: view.job.state,
      total: view.job.steps.length,
      answered: view.job.stepsDone + view.job.steps.filter((step) => step.error).length,
      running: ACTIVE_STATES.has(view.job.state),
    }
    // Each answer is a new object; state changes only with news, so a look that finds nothing
    // new renders nothing.
    setJob(unlessSame(progress))
    setCounts(unlessSame(rows.counts))
    const listed = [...rows.rows, ...fixed.rows]
    setRefused((current) => (sameJson(current, listed) ? current : listed))
    return progress
  }, [jobId, profileId])

  // Follow the job while it runs (main's events); tell the page once it has finished.
  const onChangedRef = useRef(onChanged)
  useEffect(() => {
    onChangedRef.current = onChanged
  })
  // A running follower already follows the job, so only a stopped one looks again when the
  // page's `version` moves (after a re-send, an edit).
  const followingNow = useRef(false)
  const [followRound, setFollowRound] = useState(0)
  useEffect(() => {
    if (!followingNow.current) setFollowRound((round) => round + 1)
  }, [version])
  const visibleRef = useRef(visible)
  const follower = useRef<JobFollower | null>(null)
  useEffect(() => {
    visibleRef.current = visible
    if (visible) follower.current?.poke()
  }, [visible])
  useEffect(() => {
    if (!jobId) return
    followingNow.current = true
    const following = followJob({
      look: async () => {
        const current = await loadStatus()
        return current ? current.running || current.state === 'needs_connection' : undefined
      },
      moves: (onMove) => listen('job.progress', ({ job: moved }) => moved.id === jobId && onMove()),
      isVisible: () => visibleRef.current,
      onEnd: (wasActive) => {
        followingNow.current = false
        if (wasActive) onChangedRef.current()
      },
    })
    follower.current = following
    return () => {
      following.stop()
      if (follower.current === following) follower.current = null
      followingNow.current = false
    }
  }, [jobId, loadStatus, followRound])

  /** A new feed was opened: nothing of it is sending yet. */
  const forget = useCallback(() => {
    setJobId(null)
    setJob(null)
  }, [])

  return { jobId, job, counts, refused, follow: setJobId, forget, loadStatus }
}
