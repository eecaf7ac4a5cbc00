import { formatNumber } from '../../../shared/rules/issues'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'

/** Words and numbers the Outbox page shows; pure, so they are easy to get right. */

export const KIND_WORDS: Record<DraftKind, string> = {
  card: 'Card',
  poll_card: 'Poll card',
  video_conversation_card: 'Video conversation card',
  post: 'Post',
  media_library: 'Media library item',
}

export const ACTIVE_STATES: ReadonlySet<OutboxJobView['state']> = new Set([
  'queued',
  'running',
  'waiting_network',
  'rate_limited',
  'canceling',
])

export function secondsUntil(iso: string | undefined, now: number): number {
  if (!iso) return 0
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000))
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** A wall-clock time as the designer reads it, 24-hour: "14:32". Seconds when they matter. */
export function clockTime(iso: string | undefined, withSeconds = false): string {
  const date = iso ? new Date(iso) : undefined
  if (!date || Number.isNaN(date.getTime())) return ''
  const pad = (value: number) => String(value).padStart(2, '0')
  const base = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  return withSeconds ? `${base}:${pad(date.getSeconds())}` : base
}

/** "Resumes at 14:32" for a rate-limited wait; the seconds are added while under a minute. */
export function resumesAtLine(retryAt: string | undefined, now: number): string {
  const seconds = secondsUntil(retryAt, now)
  const at = clockTime(retryAt)
  if (!at) return 'resumes shortly'
  return seconds < 60 ? `resumes at ${at} (in ${seconds} s)` : `resumes at ${at}`
}

/** Jobs that wait between tries; "Retry now" ends the wait. */
export const WAITING_STATES: ReadonlySet<OutboxJobView['state']> = new Set([
  'waiting_network',
  'rate_limited',
])

/** One line for the job's state, e.g. "Running step 3 of 6: Create the card". */
export function stateLine(job: OutboxJobView, now: number): string {
  const total = job.steps.length
  const current = job.steps.find((step) => step.status !== 'done')
  const position = Math.min(total, job.stepsDone + 1)
  switch (job.state) {
    case 'queued':
      return 'Queued'
    case 'running':
      return `Running step ${position} of ${total}${job.attempt ? ` (attempt ${job.attempt})` : ''}${current ? `: ${current.label}` : ''}`
    case 'waiting_network': {
      const seconds = secondsUntil(job.retryAt, now)
      const attempt = job.attempt ? `attempt ${job.attempt} ` : 'trying again '
      const when = seconds > 0 ? `at ${clockTime(job.retryAt, true)} (in ${seconds} s)` : 'now'
      const cause =
        job.waitCause === 'server' ? 'The server answered with an error' : 'Waiting for the network'
      return `${cause} — ${attempt}${when}`
    }
    case 'rate_limited':
      return `Rate limited — ${resumesAtLine(job.retryAt, now)}`
    case 'needs_connection':
      return ACCESS_REVOKED_MESSAGE
    case 'needs_attention': {
      const count = job.problems?.length ?? 0
      return `Needs attention — ${count === 1 ? '1 thing' : `${count} things`} to fix; nothing was sent`
    }
    case 'canceling':
      return 'Canceling after the current step…'
    case 'canceled':
      // An operation that counts its own progress (rows of an upload) says how far it got.
      if (job.progress && job.progress.done > 0) {
        const { done, total: all, unit } = job.progress
        return `Canceled · ${formatNumber(done)} of ${formatNumber(all)}${unit ? ` ${unit}` : ''} sent`
      }
      return job.stepsDone > 0 ? `Canceled after ${job.stepsDone} of ${total} steps` : 'Canceled'
    case 'failed':
      return job.error?.message ?? 'Failed'
    case 'published':
      return 'Published'
    case 'done':
      return 'Done'
  }
}

/** The line under a job's title: what kind of work it is, and for which account. */
export function jobKindWords(job: OutboxJobView): string {
  if (job.type === 'draft' && job.kind) return KIND_WORDS[job.kind]
  return AREA_WORDS[job.area ?? ''] ?? 'Account change'
}

const AREA_WORDS: Record<string, string> = {
  line_items: 'Line items',
  catalog: 'Product catalog',
  audiences: 'Audiences',
  account: 'Ad account',
  published: 'Published creative',
}
