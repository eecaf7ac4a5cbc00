import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'

/**
 * Following a write the outbox runs: every write of the campaign screens is a job, queued by a
 * channel that answers with it at once. The screen polls outbox.get (there is no push) and
 * shows what the job is doing until it ends.
 */

export const FINISHED_STATES: ReadonlySet<OutboxJobView['state']> = new Set([
  'done',
  'failed',
  'canceled',
  'published',
])
const POLL_MS = 300

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

  useEffect(
    () => () => {
      generation.current += 1
    },
    [],
  )

  const follow = useCallback(async (job: OutboxJobView, mine: number) => {
    let current = job
    while (!FINISHED_STATES.has(current.state)) {
      if (generation.current !== mine) return
      setState({ phase: 'following', job: current })
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      if (generation.current !== mine) return
      current = (await unwrap(studio().outbox.get({ jobId: current.id }))).job
    }
    if (generation.current !== mine) return
    setState({ phase: 'finished', job: current })
    finished.current?.(current)
  }, [])

  const start = useCallback(
    async (queue: () => Promise<{ job: OutboxJobView }>): Promise<void> => {
      const mine = ++generation.current
      setState({ phase: 'sending' })
      try {
        const { job } = await queue()
        await follow(job, mine)
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
    setState({ phase: 'idle' })
  }, [])

  return { state, start, retry, reset, busy: state.phase === 'sending' || state.phase === 'following' }
}
