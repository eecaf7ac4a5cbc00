import { z } from 'zod'
import { emptyRequest, optionalText } from './fields'
import { draftKindSchema } from '../../drafts/envelope'

const draftId = z.string().uuid()
const jobId = z.string().uuid()

export const OUTBOX_STEP_KINDS = ['upload', 'library', 'card', 'post', 'operation'] as const
export const outboxStepKindSchema = z.enum(OUTBOX_STEP_KINDS)

/**
 * What the Outbox page shows for a job. `state` is what the job is doing now:
 * waiting_network and rate_limited carry `retryAt` (the countdown's end); needs_connection means
 * the profile's access expired and the designer must connect again.
 */
export const OUTBOX_STATES = [
  'queued',
  'running',
  'waiting_network',
  'rate_limited',
  'needs_connection',
  /** The preflight found something to fix in the draft (`problems`); nothing was sent for it. */
  'needs_attention',
  'canceling',
  'canceled',
  'failed',
  'published',
  /** An operation job (line items, catalog, audiences …) whose every step succeeded. */
  'done',
] as const
export const outboxStateSchema = z.enum(OUTBOX_STATES)
export type OutboxState = z.infer<typeof outboxStateSchema>

export const outboxErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The API parameter the platform named, e.g. `components[1].destination.url`. */
  apiField: z.string().optional(),
  /** The draft whose field is at fault (the post itself, or the card draft it attaches). */
  draftId: z.string().optional(),
  /** The draft content field, for the editor to mark: e.g. ['components', 1, 'destination', 'url']. */
  contentPath: z.array(z.union([z.string(), z.number()])).optional(),
})
export type OutboxError = z.infer<typeof outboxErrorSchema>

export const outboxStepViewSchema = z.object({
  kind: outboxStepKindSchema,
  /** For people: "Upload hero.png", "Create the poll card", "Pause “Spring sale”" … */
  label: z.string(),
  status: z.enum(['pending', 'attempting', 'done']),
  /** An operation step the platform refused, while the job went on with the others. */
  error: outboxErrorSchema.optional(),
  /** What an operation step got back (ids, per-item statuses), for the feature that queued it. */
  result: z.json().optional(),
})

export const outboxJobViewSchema = z.object({
  id: z.string(),
  /** 'draft': publishes a draft. 'operation': API writes queued by a feature (line items, catalog …). */
  type: z.enum(['draft', 'operation']),
  /** For people: the draft's name, or what the operation does ("Pause 2 line items"). */
  title: z.string(),
  /** Draft jobs only. */
  draftId: z.string().optional(),
  kind: draftKindSchema.optional(),
  /** Operation jobs only: the feature that queued it. */
  area: z.string().optional(),
  profileId: z.string(),
  accountId: z.string(),
  state: outboxStateSchema,
  steps: z.array(outboxStepViewSchema),
  stepsDone: z.number().int().nonnegative(),
  /** Upload progress over all of the job's local media. */
  bytes: z.object({ sent: z.number().nonnegative(), total: z.number().nonnegative() }).optional(),
  /** When the next try happens (waiting_network, rate_limited). */
  retryAt: z.string().optional(),
  /** An operation's own progress while it runs (rows hashed, products sent …). */
  progress: z
    .object({
      done: z.number().nonnegative(),
      total: z.number().nonnegative(),
      ...optionalText('unit', 'detail'),
    })
    .optional(),
  error: outboxErrorSchema.optional(),
  /** needs_attention: every problem the preflight found, each naming its draft and field. */
  problems: z.array(outboxErrorSchema).optional(),
  /** A job retrying after failures (network, 5xx): the attempt it is on, counting the first. */
  attempt: z.number().int().positive().optional(),
  /** Why a waiting job waits, in the last failure's words (it names the host that did not answer). */
  waitReason: z.string().optional(),
  /** A waiting job's cause: the server answered with an error, or nothing answered. */
  waitCause: z.enum(['server', 'network']).optional(),
  /** Remote ids created (or adopted) so far. */
  created: z.object({
    mediaKeys: z.array(z.string()),
    /** The same media with the name each was added under, for people (a key is for tools). */
    media: z.array(z.object({ mediaKey: z.string(), name: z.string() })).optional(),
    ...optionalText('cardId', 'cardUri', 'postId'),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OutboxJobView = z.infer<typeof outboxJobViewSchema>
export type OutboxStepView = z.infer<typeof outboxStepViewSchema>

/** What Publish will do, shown in the review sheet before anything is queued. */
export const outboxReviewSchema = z.object({
  /** The profile the job will run as, for people ("Studio sandbox · @designer"). */
  profileLabel: z.string(),
  accountId: z.string(),
  /** Posts: the user the post is made for (as_user_id). */
  advertiser: z.string().optional(),
  /** Every step that will run, in order; uploads carry their size in bytes. */
  steps: z.array(
    z.object({
      kind: outboxStepKindSchema,
      label: z.string(),
      bytes: z.number().int().nonnegative().optional(),
    }),
  ),
  /** Issue 44: the reviewer's approval of the draft as it is now (who, which version, when). */
  approval: z.object({ reviewer: z.string(), version: z.string(), decidedAt: z.string() }).optional(),
  /** Rule warnings of the draft (and the card draft a post attaches): sent anyway, worth a look. */
  warnings: z.array(z.object({ message: z.string(), draftId: z.string().optional() })),
})
export type OutboxReview = z.infer<typeof outboxReviewSchema>

/** The answer of every channel that queues or changes one job: that job as it is now. */
export const jobResponse = z.object({ job: outboxJobViewSchema })

/** A channel that acts on one job by its id and answers with the job. */
const onJob = { request: z.object({ jobId }).strict(), response: jobResponse }

export const outboxContract = {
  /** Plans the draft's publishing without queuing it: the review sheet. Refuses what enqueue refuses. */
  'outbox.review': {
    request: z.object({ draftId }).strict(),
    response: z.object({ review: outboxReviewSchema }),
  },
  /** Validates the draft and puts it in the outbox for the active profile and ad account. */
  'outbox.enqueue': {
    request: z.object({ draftId }).strict(),
    response: jobResponse,
  },
  /** Every job, oldest first. The renderer reads it again when outbox.changed says a job came or went. */
  'outbox.list': {
    request: emptyRequest,
    response: z.object({ jobs: z.array(outboxJobViewSchema) }),
  },
  /** One job by id: how a feature follows the operation job it queued. */
  'outbox.get': onJob,
  /** The latest job of one draft (for its editor's publish button and field errors). */
  'outbox.status': {
    request: z.object({ draftId }).strict(),
    response: z.object({ job: outboxJobViewSchema.nullable() }),
  },
  /** A queued job stops at once; a running one after its current step. */
  'outbox.cancel': onJob,
  /** A failed or canceled job continues where it stopped, re-using what was already created. */
  'outbox.retry': onJob,
  /**
   * A stopped publish job: deletes what it created (media library entries, card) through an
   * operation job, and removes it from the list. Answers with the clean-up job.
   */
  'outbox.cleanUp': onJob,
  /** Removes a finished (published, failed or canceled) job from the list. */
  'outbox.dismiss': {
    request: z.object({ jobId }).strict(),
    response: z.object({ dismissed: z.literal(true) }),
  },
} as const

/** How the jobs list changed (outbox.changed). */
export const OUTBOX_CHANGES = ['added', 'state', 'removed'] as const

/** What main pushes about the outbox (src/shared/ipc/events.ts). */
export const outboxEvents = {
  /** The jobs list changed: a job was added, changed state, or was removed. */
  'outbox.changed': z.object({ jobId: z.string(), change: z.enum(OUTBOX_CHANGES) }),
  /**
   * One job's view as it is now, whenever it may have moved: its state, a step done, bytes or rows
   * sent, a wait and until when. Not sent for a removed job (outbox.changed says so).
   */
  'job.progress': z.object({ job: outboxJobViewSchema }),
} as const
