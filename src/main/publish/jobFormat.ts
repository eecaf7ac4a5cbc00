import type { DraftKind } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { DraftSnapshot, OperationStep, OutboxJob, PublishStep } from './job'
import { JOB_SCHEMA_VERSION, PUBLISH_AREA, PUBLISH_OPS } from './job'

/**
 * Job files as every version wrote them, and how each becomes today's job. A job file on a
 * designer's disk may hold ids of objects that exist on the platform, so each version of it is
 * read for as long as the app can meet it.
 *
 * Version 1 kept two kinds of job: a draft's publication (no `type`, or 'draft'), with the draft
 * fields at the top level and steps without an `op`, and an operation job ('operation'). Version 2
 * is one kind of job: steps that each name their executor, and a `publication` for a draft's.
 */

type WithoutOp<S> = S extends unknown ? Omit<S, 'op'> : never

/** A step of a version 1 publication: as today, without the `op` its kind implies. */
export type PublishStepV1 = WithoutOp<PublishStep>

/** What version 1 wrote of every job as version 2 still does. */
type CommonV1 = Pick<
  OutboxJob,
  'id' | 'seq' | 'profileId' | 'accountId' | 'createdAt' | 'updatedAt' | 'state' | 'cancelRequested' | 'error'
>

export interface DraftJobV1 extends CommonV1 {
  schema: 1
  /** Absent in files written before operation jobs existed. */
  type?: 'draft'
  draftId: string
  draftName: string
  kind: DraftKind
  userId?: string
  problems?: OutboxError[]
  preflightAt?: string
  drafts: Record<string, DraftSnapshot>
  publishedCards: Record<string, string>
  steps: PublishStepV1[]
}

export interface OperationJobV1 extends CommonV1, Pick<OutboxJob, 'area' | 'title' | 'continueOnError'> {
  schema: 1
  type: 'operation'
  steps: OperationStep[]
}

export type JobFileV1 = DraftJobV1 | OperationJobV1

type Loose = Record<string, unknown>

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null
const hasSteps = (job: Loose) => typeof job.id === 'string' && Array.isArray(job.steps)

function looksLikeV1(job: Loose): job is Loose & JobFileV1 {
  if (!hasSteps(job)) return false
  if (job.type === 'operation') return typeof job.title === 'string' && typeof job.accountId === 'string'
  if (job.type !== undefined && job.type !== 'draft') return false
  return typeof job.draftId === 'string' && typeof job.drafts === 'object'
}

function looksLikeCurrent(job: Loose): job is Loose & OutboxJob {
  if (!hasSteps(job) || typeof job.title !== 'string' || typeof job.accountId !== 'string') return false
  const publication = job.publication
  if (publication === undefined) return true
  return isRecord(publication) && typeof publication.draftId === 'string' && isRecord(publication.drafts)
}

export function migrateV1(job: JobFileV1): OutboxJob {
  if (job.type === 'operation') {
    const { schema: _schema, type: _type, ...rest } = job
    return { ...rest, schema: JOB_SCHEMA_VERSION }
  }
  const { schema: _schema, type: _type, draftId, draftName, kind, userId, preflightAt, ...rest } = job
  const { drafts, publishedCards, steps, ...common } = rest
  return {
    ...common,
    schema: JOB_SCHEMA_VERSION,
    area: PUBLISH_AREA,
    title: draftName,
    continueOnError: false,
    publication: {
      draftId,
      kind,
      ...(userId !== undefined ? { userId } : {}),
      drafts,
      publishedCards,
      ...(preflightAt !== undefined ? { preflightAt } : {}),
    },
    steps: steps.map((step) => ({ ...step, op: PUBLISH_OPS[step.kind] }) as PublishStep),
  }
}

/** Today's job from a parsed job file of any version, or undefined when it is not one. */
export function readJobRecord(value: unknown): OutboxJob | undefined {
  if (!isRecord(value)) return undefined
  if (value.schema === JOB_SCHEMA_VERSION) return looksLikeCurrent(value) ? value : undefined
  if (value.schema === 1) return looksLikeV1(value) ? migrateV1(value) : undefined
  return undefined
}
