import type { DraftKind } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { Json } from './operations/types'

/**
 * An outbox job as it is kept on disk: the drafts it publishes (snapshots taken when "Publish"
 * was pressed) and the plan of steps, each with its recorded result. One file per job.
 */

export const JOB_SCHEMA_VERSION = 1

export type StepStatus = 'pending' | 'attempting' | 'done'

interface StepBase {
  id: string
  status: StepStatus
  /** Done without a request: what it was for already exists (a card another job published). */
  skipped?: boolean
  /**
   * Local time (ms) the first request that may create this step's object was sent. Kept across
   * retries: whatever any attempt created is at or after it, which bounds reconciliation.
   */
  attemptStartedAt?: number
  attempts: number
}

/** A local file sent through the chunked upload; abandoned (never "created") until FINALIZE. */
export interface UploadStep extends StepBase {
  kind: 'upload'
  sha256: string
  /** The drafts whose content uses this medium. */
  forDraftIds: string[]
  path: string
  fileName: string
  mimeType: string
  bytes: number
  mediaCategory: string
  /** Set once INIT answered: the upload session and how far it got. */
  session?: {
    mediaId: string
    mediaKey?: string
    nextSegment: number
    bytesSent: number
    phase: 'append' | 'finalize' | 'processing'
    /** FINALIZE was sent at least once; its answer may have been lost. */
    finalizeSent?: boolean
  }
  /** Sessions given up (INIT answer lost, or the server forgot the session). */
  restarts: number
  result?: { mediaId: string; mediaKey: string }
}

/** Adds an uploaded medium to the account's media library (POST media_library). */
export interface LibraryStep extends StepBase {
  kind: 'library'
  sha256: string
  forDraftIds: string[]
  /** Set for a media library draft's own medium: its name, title … come from that draft. */
  draftId?: string
  /** Name and file name for media that are not a library draft of their own. */
  fileName: string
  result?: { mediaKey: string }
}

export type CardKind = 'card' | 'poll_card' | 'video_conversation_card'

export interface CardStep extends StepBase {
  kind: 'card'
  draftId: string
  cardKind: CardKind
  result?: { cardId: string; cardUri: string; adopted?: boolean }
}

export interface PostStep extends StepBase {
  kind: 'post'
  draftId: string
  result?: { postId: string; adopted?: boolean }
}

export type Step = UploadStep | LibraryStep | CardStep | PostStep

/** One API write of an operation job, run by the executor registered under `op`. */
export interface OperationStep extends StepBase {
  kind: 'operation'
  op: string
  params: Json
  /** Written when queued, so the outbox can show it even if the executor is gone. */
  label: string
  /** The executor's own resume point (e.g. the last acknowledged chunk). */
  state?: Json
  result?: Json
  /** In a job that goes on past failures: why this item failed. Cleared by a retry. */
  error?: OutboxError
}

export interface DraftSnapshot {
  kind: DraftKind
  name: string
  content: unknown
}

/**
 * Persisted states. "Running", "waiting for network" and "rate limited" are what an active job
 * is doing right now; they live in memory and are shown from there. 'needs_attention': the
 * preflight found something the designer must fix (the job's `problems`) before anything is sent.
 */
export type JobState =
  'active' | 'needs_connection' | 'needs_attention' | 'failed' | 'canceled' | 'published' | 'done'

export interface Job {
  schema: typeof JOB_SCHEMA_VERSION
  /** Absent in files written before operation jobs existed. */
  type?: 'draft'
  id: string
  /** Order within the outbox: jobs of one account run one at a time, lowest first. */
  seq: number
  draftId: string
  draftName: string
  kind: DraftKind
  profileId: string
  accountId: string
  /** The connected user, for organic-post rules and as the default advertiser. */
  userId?: string
  createdAt: string
  updatedAt: string
  state: JobState
  cancelRequested?: boolean
  error?: OutboxError
  /** needs_attention: what the preflight found, each naming its draft and field. */
  problems?: OutboxError[]
  /** When the preflight last passed (ISO time); absent until it has. */
  preflightAt?: string
  /** The job's draft and any card draft its post attaches, as they were when published. */
  drafts: Record<string, DraftSnapshot>
  /** card_uri of card drafts already published when the job was made. */
  publishedCards: Record<string, string>
  steps: Step[]
}

/** A list of API writes for one ad account (see operations/types.ts). */
export interface OperationJob {
  schema: typeof JOB_SCHEMA_VERSION
  type: 'operation'
  id: string
  seq: number
  /** The feature that queued it: 'line_items', 'catalog', 'audiences', … */
  area: string
  /** For people: "Pause 2 line items". */
  title: string
  /** Bulk jobs: a refused item does not stop the others; the job ends failed if any was refused. */
  continueOnError: boolean
  profileId: string
  accountId: string
  createdAt: string
  updatedAt: string
  state: JobState
  cancelRequested?: boolean
  error?: OutboxError
  steps: OperationStep[]
}

export type OutboxJob = Job | OperationJob

export function isOperationJob(job: OutboxJob): job is OperationJob {
  return job.type === 'operation'
}

export function isDraftJob(job: OutboxJob): job is Job {
  return job.type !== 'operation'
}

/**
 * Nothing of the job is running or waiting to run. A job that needs attention counts: nothing of
 * it is in flight, and it resumes by being queued again from the fixed draft.
 */
export function isFinished(job: OutboxJob): boolean {
  return (
    job.state === 'failed' ||
    job.state === 'canceled' ||
    job.state === 'published' ||
    job.state === 'done' ||
    job.state === 'needs_attention'
  )
}
