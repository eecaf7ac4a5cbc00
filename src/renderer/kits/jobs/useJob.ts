import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { IpcFailure, listen, studio, unwrap } from '../../lib/ipc'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'

/**
 * Following a write the outbox runs: every write of the campaign screens is a job, queued by a
 * channel that answers with it at once. The screen follows main's events for it (job.progress)
 * and shows what the job is doing until it ends.
 */

export const FINISHED_STATES: ReadonlySet<OutboxJobView['state']> = new Set([
  'done',
  'failed',
  'canceled',
  'published',
])

/**
 * Follows one job: `onView` gets each view of it main sends, and once what moved between the
 * queue's answer and the subscription (one outbox.get); `onGone` when it leaves the outbox.
 * Returns the unsubscribe.
 */
export function followJobEvents(
  jobId: string,
  onView: (job: OutboxJobView) => void,
  onGone: (error?: unknown) => void,
): () => void {
  const stopProgress = listen('job.progress', ({ job }) => job.id === jobId && onView(job))
  const stopRemovals = listen('outbox.changed', (change) => {
    if (change.jobId === jobId && change.change === 'removed') onGone()
  })
  unwrap(studio().outbox.get({ jobId })).then(({ job }) => onView(job), onGone)
  return () => {
    stopProgress()
    stopRemovals()
  }
}

/** Runs `then` once when the job has finished (at once if it has); returns the unsubscribe. */
export function whenJobFinished(job: OutboxJobView, then: (job: OutboxJobView) => void): () => void {
  if (FINISHED_STATES.has(job.state)) {
    then(job)
    return () => {}
  }
  let done = false
  const finish = (view: OutboxJobView) => {
    if (done || !FINISHED_STATES.has(view.state)) return
    done = true
    stop()
    then(view)
  }
  const stop = followJobEvents(job.id, finish, () => stop())
  return stop
}

/** A sentence for a failed call, with the wait when the platform's rate limit was hit. */
export function failureText(error: unknown): string {
  if (!(error instanceof IpcFailure)) return 'Something went wrong. Try again.'
  const { code, message, retryAfter } = error.error
  if (code === 'rate_limited' && retryAfter !== undefined) {
    const wait = retryAfter >= 90 ? `${Math.ceil(retryAfter / 60)} min` : `${Math.ceil(retryAfter)} s`
    return `${message} — try again in ${wait}`
  }
  if (code === 'token_expired') return ACCESS_REVOKED_MESSAGE
  return message
}

export function failureField(error: unknown): string | undefined {
  return error instanceof IpcFailure ? error.error.field : undefined
}

export type JobState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'following'; job: OutboxJobView }
  | { phase: 'finished'; job: OutboxJobView }
  /** Refused before it was queued (main's checks, bad input, offline reads). */
  | { phase: 'refused'; message: string; field?: string | undefined }

/**
 * `start(() => unwrap(studio().lineItems.setStatus(…)))` queues a job and follows it; `retry()` sends the
 * failed steps of a finished job again. `onFinished` runs once per finished job (reload lists).
 */
export function useJob(onFinished?: (job: OutboxJobView) => void) {
  const [state, setState] = useState<JobState>({ phase: 'idle' })
  const generation = useRef(0)
  const finished = useRef(onFinished)
  finished.current = onFinished
  /** Ends the following of the job on screen (a new start, a reset, leaving the page). */
  const unfollow = useRef(() => {})

  useEffect(
    () => () => {
      generation.current += 1
      unfollow.current()
    },
    [],
  )

  const follow = useCallback((job: OutboxJobView, mine: number) => {
    unfollow.current()
    let ended = false
    const end = (next: JobState) => {
      ended = true
      unfollow.current()
      setState(next)
    }
    const show = (current: OutboxJobView) => {
      if (ended || generation.current !== mine) return
      if (!FINISHED_STATES.has(current.state)) return setState({ phase: 'following', job: current })
      end({ phase: 'finished', job: current })
      finished.current?.(current)
    }
    show(job)
    if (ended) return
    unfollow.current = followJobEvents(job.id, show, (error) => {
      if (ended || generation.current !== mine) return
      end({
        phase: 'refused',
        message: error === undefined ? 'This job is no longer in the outbox.' : failureText(error),
        field: failureField(error),
      })
    })
  }, [])

  const start = useCallback(
    async (queue: () => Promise<{ job: OutboxJobView }>): Promise<void> => {
      const mine = ++generation.current
      setState({ phase: 'sending' })
      try {
        const { job } = await queue()
        if (generation.current === mine) follow(job, mine)
      } catch (error) {
        if (generation.current === mine)
          setState({ phase: 'refused', message: failureText(error), field: failureField(error) })
      }
    },
    [follow],
  )

  const retry = useCallback(async () => {
    if (state.phase !== 'finished') return
    const jobId = state.job.id
    await start(async () => unwrap(studio().outbox.retry({ jobId })))
  }, [start, state])

  const reset = useCallback(() => {
    generation.current += 1
    unfollow.current()
    setState({ phase: 'idle' })
  }, [])

  return { state, start, retry, reset, busy: state.phase === 'sending' || state.phase === 'following' }
}
