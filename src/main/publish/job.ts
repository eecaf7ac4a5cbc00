import type { DraftKind } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'

/**
 * An outbox job as it is kept on disk: a list of API writes for one ad account, each step run by
 * the executor registered under its `op`. A job that publishes a draft also carries its
 * publication: the drafts as they were reviewed (snapshots taken when "Publish" was pressed). One
 * file per job; files of earlier versions are read through jobFormat.ts.
 */

export const JOB_SCHEMA_VERSION = 2

/** What a step's params, state and result are: plain JSON, as the job file keeps them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The executors that publish a draft (executors/), by the step kind the outbox shows. */
export const PUBLISH_OPS = {
  upload: 'publish.upload',
  library: 'publish.library',
  card: 'publish.card',
  post: 'publish.post',
} as const

export type StepStatus = 'pending' | 'attempting' | 'done'

interface StepBase {
  id: string
  /** The executor that runs the step; persisted, so never renamed. */
  op: string
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
  op: typeof PUBLISH_OPS.upload
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
  op: typeof PUBLISH_OPS.library
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
  op: typeof PUBLISH_OPS.card
  draftId: string
  cardKind: CardKind
  result?: { cardId: string; cardUri: string; adopted?: boolean }
}

export interface PostStep extends StepBase {
  kind: 'post'
  op: typeof PUBLISH_OPS.post
  draftId: string
  result?: { postId: string; adopted?: boolean }
}

/** A step of a draft's publication: its inputs and results are fields of their own. */
export type PublishStep = UploadStep | LibraryStep | CardStep | PostStep

/** A write queued by a feature's service: its executor's params, resume point and result. */
export interface OperationStep extends StepBase {
  kind: 'operation'
  params: Json
  /** Written when queued, so the outbox can show it even if the executor is gone. */
  label: string
  /** The executor's own resume point (e.g. the last acknowledged chunk). */
  state?: Json
  result?: Json
  /** In a job that goes on past failures: why this item failed. Cleared by a retry. */
  error?: OutboxError
}

export type JobStep = PublishStep | OperationStep

export interface DraftSnapshot {
  kind: DraftKind
  name: string
  content: unknown
}

/** What a job that publishes a draft carries besides its steps. */
export interface Publication {
  draftId: string
  kind: DraftKind
  /** The connected user, for organic-post rules and as the default advertiser. */
  userId?: string
  /**
   * The job's draft and any card draft its post attaches, as they were reviewed: exactly what
   * is sent. A draft edited since stops the job before its next write (reviewed.ts).
   */
  drafts: Record<string, DraftSnapshot>
  /** card_uri of card drafts already published when the job was made. */
  publishedCards: Record<string, string>
  /** When the preflight last passed (ISO time); absent until it has. */
  preflightAt?: string
}

/**
 * Persisted states. "Running", "waiting for network" and "rate limited" are what an active job
 * is doing right now; they live in memory and are shown from there. 'needs_attention': the check
 * before the first write found something the designer must settle (the job's `problems`).
 */
export type JobState =
  'active' | 'needs_connection' | 'needs_attention' | 'failed' | 'canceled' | 'published' | 'done'

export interface OutboxJob {
  schema: typeof JOB_SCHEMA_VERSION
  id: string
  /** Order within the outbox: jobs of one account run one at a time, lowest first. */
  seq: number
  /** The feature that queued it: 'publish' for a draft, 'line_items', 'catalog', … */
  area: string
  /** For people: the draft's name, or "Pause 2 line items". */
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
  /** needs_attention: what the check found, each naming its draft and field. */
  problems?: OutboxError[]
  /** Set when the job publishes a draft. */
  publication?: Publication
  steps: JobStep[]
}

/** A job that publishes a draft: its steps are those of a publication. */
export type PublishJob = Omit<OutboxJob, 'publication' | 'steps'> & {
  publication: Publication
  steps: PublishStep[]
}

/** A job of writes a feature queued. */
export type OperationJob = Omit<OutboxJob, 'publication' | 'steps'> & {
  publication?: undefined
  steps: OperationStep[]
}

export const PUBLISH_AREA = 'publish'

export function isPublishJob(job: OutboxJob): job is PublishJob {
  return job.publication !== undefined
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
