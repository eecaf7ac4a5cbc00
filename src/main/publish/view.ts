import type { OutboxJobView, OutboxState } from '../../shared/ipc/contracts/outbox'
import type { Job, OperationJob, OutboxJob, Step, UploadStep } from './job'
import type { OperationProgress } from './operations/types'

/** What an active job is doing right now (kept in memory, never on disk). */
export interface LiveState {
  phase: 'running' | 'waiting_network' | 'rate_limited'
  retryAt?: number
  /** Retrying after failures: the attempt that comes next (2 is the first retry). */
  attempt?: number
  /** Why it waits: the last failure's message, which names the host that did not answer. */
  reason?: string
  /** What failed: the server answered with an error ('server'), or nothing answered ('network'). */
  waitCause?: 'server' | 'network'
  /** An operation's own progress (rows hashed, products sent, …). */
  progress?: OperationProgress
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

function stateOf(job: OutboxJob, live: LiveState | undefined): OutboxState {
  switch (job.state) {
    case 'active':
      if (job.cancelRequested) return 'canceling'
      return live?.phase ?? 'queued'
    case 'needs_connection':
      return 'needs_connection'
    case 'needs_attention':
      return 'needs_attention'
    case 'failed':
      return 'failed'
    case 'canceled':
      return 'canceled'
    case 'published':
      return 'published'
    case 'done':
      return 'done'
  }
}

/** When the next try happens, for a job that is waiting. */
function retryAtOf(job: OutboxJob, live: LiveState | undefined): string | undefined {
  return job.state === 'active' && live?.retryAt !== undefined && live.phase !== 'running'
    ? new Date(live.retryAt).toISOString()
    : undefined
}

export function toView(job: Job, live: LiveState | undefined): OutboxJobView {
  const uploads = job.steps.filter((step): step is UploadStep => step.kind === 'upload' && !step.skipped)
  const added = job.steps.flatMap((step) =>
    step.kind === 'library' && step.result ? [{ mediaKey: step.result.mediaKey, name: step.fileName }] : [],
  )
  const mediaKeys = added.map((entry) => entry.mediaKey)
  const card = job.steps.find((step) => step.kind === 'card' && step.result)
  const post = job.steps.find((step) => step.kind === 'post' && step.result)
  const view: OutboxJobView = {
    id: job.id,
    type: 'draft',
    title: job.draftName,
    draftId: job.draftId,
    kind: job.kind,
    profileId: job.profileId,
    accountId: job.accountId,
    state: stateOf(job, live),
    steps: job.steps.map((step) => ({ kind: step.kind, label: stepLabel(job, step), status: step.status })),
    stepsDone: job.steps.filter((step) => step.status === 'done').length,
    created: {
      mediaKeys,
      ...(added.length > 0 ? { media: added } : {}),
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
  const retryAt = retryAtOf(job, live)
  if (retryAt) view.retryAt = retryAt
  if (job.state === 'active' && live?.attempt !== undefined) view.attempt = live.attempt
  if (retryAt && live?.reason) view.waitReason = live.reason
  if (retryAt && live?.waitCause) view.waitCause = live.waitCause
  if (job.error) view.error = job.error
  if (job.state === 'needs_attention' && job.problems) view.problems = job.problems
  return view
}

export function toOperationView(job: OperationJob, live: LiveState | undefined): OutboxJobView {
  const view: OutboxJobView = {
    id: job.id,
    type: 'operation',
    title: job.title,
    area: job.area,
    profileId: job.profileId,
    accountId: job.accountId,
    state: stateOf(job, live),
    steps: job.steps.map((step) => ({
      kind: step.kind,
      label: step.label,
      status: step.status,
      ...(step.error ? { error: step.error } : {}),
      ...(step.result !== undefined ? { result: step.result } : {}),
    })),
    stepsDone: job.steps.filter((step) => step.status === 'done').length,
    created: { mediaKeys: [] },
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  }
  if (job.state === 'active' && live?.progress) view.progress = live.progress
  const retryAt = retryAtOf(job, live)
  if (retryAt) view.retryAt = retryAt
  if (job.state === 'active' && live?.attempt !== undefined) view.attempt = live.attempt
  if (retryAt && live?.reason) view.waitReason = live.reason
  if (retryAt && live?.waitCause) view.waitCause = live.waitCause
  if (job.error) view.error = job.error
  return view
}
