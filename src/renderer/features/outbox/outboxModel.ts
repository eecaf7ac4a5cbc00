import type { DraftKind } from '../../../shared/drafts/envelope'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'

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

/** One line for the job's state, e.g. "Running step 3 of 6: Create the card". */
export function stateLine(job: OutboxJobView, now: number): string {
  const total = job.steps.length
  const current = job.steps.find((step) => step.status !== 'done')
  const position = Math.min(total, job.stepsDone + 1)
  switch (job.state) {
    case 'queued':
      return 'Queued'
    case 'running':
      return `Running step ${position} of ${total}${current ? `: ${current.label}` : ''}`
    case 'waiting_network': {
      const seconds = secondsUntil(job.retryAt, now)
      return `Waiting for the network — trying again ${seconds > 0 ? `in ${seconds} s` : 'now'}`
    }
    case 'rate_limited':
      return `Rate limited — resumes in ${secondsUntil(job.retryAt, now)} s`
    case 'needs_connection':
      return 'Your access expired — connect again'
    case 'canceling':
      return 'Canceling after the current step…'
    case 'canceled':
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
