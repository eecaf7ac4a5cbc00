import type { OutboxJobView, OutboxState } from '../../shared/ipc/contracts/outbox'
import type {
  OperationJob,
  OperationStep,
  OutboxJob,
  Publication,
  PublishJob,
  PublishStep,
  UploadStep,
} from './job'
import { isPublishJob } from './job'
import type { OperationProgress } from './executor'

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

export function stepLabel(drafts: Publication['drafts'], step: PublishStep): string {
  switch (step.kind) {
    case 'upload':
      return `Upload ${step.fileName}`
    case 'library':
      return `Add ${step.fileName} to the media library`
    case 'card': {
      const name = drafts[step.draftId]?.name
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

/** What a draft's publication shows: its draft, steps, upload progress and what it created. */
function publicationView(job: PublishJob): Partial<OutboxJobView> {
  const { steps } = job
  const uploads = steps.filter((step): step is UploadStep => step.kind === 'upload' && !step.skipped)
  const added = steps.flatMap((step) =>
    step.kind === 'library' && step.result ? [{ mediaKey: step.result.mediaKey, name: step.fileName }] : [],
  )
  const card = steps.find((step) => step.kind === 'card' && step.result)
  const post = steps.find((step) => step.kind === 'post' && step.result)
  return {
    type: 'draft',
    draftId: job.publication.draftId,
    kind: job.publication.kind,
    steps: steps.map((step) => ({
      kind: step.kind,
      label: stepLabel(job.publication.drafts, step),
      status: step.status,
    })),
    created: {
      mediaKeys: added.map((entry) => entry.mediaKey),
      ...(added.length > 0 ? { media: added } : {}),
      ...(card?.kind === 'card' && card.result
        ? { cardId: card.result.cardId, cardUri: card.result.cardUri }
        : {}),
      ...(post?.kind === 'post' && post.result ? { postId: post.result.postId } : {}),
    },
    ...(uploads.length > 0
      ? {
          bytes: {
            total: uploads.reduce((sum, step) => sum + step.bytes, 0),
            sent: uploads.reduce(
              (sum, step) => sum + (step.status === 'done' ? step.bytes : (step.session?.bytesSent ?? 0)),
              0,
            ),
          },
        }
      : {}),
  }
}

/** How far a stopped operation step got, from its persisted resume point (its executor's reading). */
export type SavedProgress = (step: OperationStep) => OperationProgress | undefined

/** An active job's live progress; a canceled or failed one's as far as its steps got. */
function progressOf(
  job: OperationJob,
  live: LiveState | undefined,
  savedProgress: SavedProgress | undefined,
): OperationProgress | undefined {
  if (job.state === 'active') return live?.progress
  if (job.state !== 'canceled' && job.state !== 'failed') return undefined
  for (const step of job.steps) {
    const saved = savedProgress?.(step)
    if (saved) return saved
  }
  return undefined
}

/** What an operation job shows: the feature that queued it, and each item's result or refusal. */
function operationView(
  job: OperationJob,
  live: LiveState | undefined,
  savedProgress: SavedProgress | undefined,
): Partial<OutboxJobView> {
  const { steps } = job
  const progress = progressOf(job, live, savedProgress)
  return {
    type: 'operation',
    area: job.area,
    steps: steps.map((step) => ({
      kind: step.kind,
      label: step.label,
      status: step.status,
      ...(step.error ? { error: step.error } : {}),
      ...(step.result !== undefined ? { result: step.result } : {}),
    })),
    created: { mediaKeys: [] },
    ...(progress ? { progress } : {}),
  }
}

export function toView(
  job: OutboxJob,
  live: LiveState | undefined,
  savedProgress?: SavedProgress,
): OutboxJobView {
  const view = {
    id: job.id,
    title: job.title,
    profileId: job.profileId,
    accountId: job.accountId,
    state: stateOf(job, live),
    stepsDone: job.steps.filter((step) => step.status === 'done').length,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(isPublishJob(job) ? publicationView(job) : operationView(job as OperationJob, live, savedProgress)),
  } as OutboxJobView
  const retryAt = retryAtOf(job, live)
  if (retryAt) view.retryAt = retryAt
  if (job.state === 'active' && live?.attempt !== undefined) view.attempt = live.attempt
  if (retryAt && live?.reason) view.waitReason = live.reason
  if (retryAt && live?.waitCause) view.waitCause = live.waitCause
  if (job.error) view.error = job.error
  if (job.state === 'needs_attention' && job.problems) view.problems = job.problems
  return view
}
