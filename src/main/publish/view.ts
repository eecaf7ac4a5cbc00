import type { OutboxJobView, OutboxState } from '../../shared/ipc/contracts/outbox'
import type { Job, Step, UploadStep } from './job'

/** What an active job is doing right now (kept in memory, never on disk). */
export interface LiveState {
  phase: 'running' | 'waiting_network' | 'rate_limited'
  retryAt?: number
}

const CARD_WORDS = {
  card: 'card',
  poll_card: 'poll card',
  video_conversation_card: 'video conversation card',
} as const

export function stepLabel(job: Job, step: Step): string {
  switch (step.kind) {
    case 'upload':
      return `Upload ${step.fileName}`
    case 'library':
      return `Add ${step.fileName} to the media library`
    case 'card': {
      const name = job.drafts[step.draftId]?.name
      return `Create the ${CARD_WORDS[step.cardKind]}${name ? ` “${name}”` : ''}`
    }
    case 'post':
      return 'Create the post'
  }
}

function stateOf(job: Job, live: LiveState | undefined): OutboxState {
  switch (job.state) {
    case 'active':
      if (job.cancelRequested) return 'canceling'
      return live?.phase ?? 'queued'
    case 'needs_connection':
      return 'needs_connection'
    case 'failed':
      return 'failed'
    case 'canceled':
      return 'canceled'
    case 'published':
      return 'published'
  }
}

export function toView(job: Job, live: LiveState | undefined): OutboxJobView {
  const uploads = job.steps.filter((step): step is UploadStep => step.kind === 'upload' && !step.skipped)
  const mediaKeys = job.steps.flatMap((step) =>
    step.kind === 'library' && step.result ? [step.result.mediaKey] : [],
  )
  const card = job.steps.find((step) => step.kind === 'card' && step.result)
  const post = job.steps.find((step) => step.kind === 'post' && step.result)
  const view: OutboxJobView = {
    id: job.id,
    draftId: job.draftId,
    draftName: job.draftName,
    kind: job.kind,
    profileId: job.profileId,
    accountId: job.accountId,
    state: stateOf(job, live),
    steps: job.steps.map((step) => ({ kind: step.kind, label: stepLabel(job, step), status: step.status })),
    stepsDone: job.steps.filter((step) => step.status === 'done').length,
    created: {
      mediaKeys,
      ...(card?.kind === 'card' && card.result
        ? { cardId: card.result.cardId, cardUri: card.result.cardUri }
        : {}),
      ...(post?.kind === 'post' && post.result ? { postId: post.result.postId } : {}),
    },
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  }
  if (uploads.length > 0) {
    view.bytes = {
      total: uploads.reduce((sum, step) => sum + step.bytes, 0),
      sent: uploads.reduce(
        (sum, step) => sum + (step.status === 'done' ? step.bytes : (step.session?.bytesSent ?? 0)),
        0,
      ),
    }
  }
  if (job.state === 'active' && live?.retryAt !== undefined && live.phase !== 'running') {
    view.retryAt = new Date(live.retryAt).toISOString()
  }
  if (job.error) view.error = job.error
  return view
}
