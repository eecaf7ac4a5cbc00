import { z } from 'zod'
import { isJsonValue } from './json'
import { DRAFT_KINDS, DRAFT_STATUSES, type DraftKind, type DraftStatus } from './kinds'

export { DRAFT_KINDS, DRAFT_STATUSES, isDraftKind, isDraftStatus, untitledName } from './kinds'
export type { DraftKind, DraftStatus } from './kinds'

/**
 * The draft envelope: everything the store needs to know about a draft. The per-kind
 * payload lives in `content`, which this module treats as opaque JSON; its shape belongs
 * to the creative model and is checked by the validator the store is given.
 */

// Bump together with a new entry in migrations.ts.
export const CURRENT_DRAFT_SCHEMA_VERSION = 2

export const draftKindSchema = z.enum(DRAFT_KINDS)
export const draftStatusSchema = z.enum(DRAFT_STATUSES)

// Typed `unknown`, not JsonValue: the creative model's interfaces are not assignable to an
// index-signature type, and the content is only ever read through that model's parser.
export const jsonContentSchema = z.unknown().refine((value): boolean => isJsonValue(value), {
  message: 'Content must be plain JSON (objects, arrays, strings, finite numbers, booleans, null)',
})

const isoTimestampSchema = z.iso.datetime({ offset: true })

/** Remote identifiers recorded once (part of) a draft exists on the ads platform. */
export const publishedRefsSchema = z.strictObject({
  accountId: z.string().min(1).optional(),
  cardId: z.string().min(1).optional(),
  cardUri: z.string().min(1).optional(),
  postId: z.string().min(1).optional(),
  mediaKey: z.string().min(1).optional(),
  publishedAt: isoTimestampSchema.optional(),
})
export type PublishedRefs = z.infer<typeof publishedRefsSchema>

export const draftSchema = z.strictObject({
  id: z.uuid(),
  kind: draftKindSchema,
  name: z.string(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  schemaVersion: z.literal(CURRENT_DRAFT_SCHEMA_VERSION),
  status: draftStatusSchema,
  content: jsonContentSchema,
  published: publishedRefsSchema.optional(),
})
export type Draft = z.infer<typeof draftSchema>

/** What a list view needs; the renderer adds validity (error counts) on its side. */
export interface DraftSummary {
  id: string
  kind: DraftKind
  name: string
  status: DraftStatus
  createdAt: string
  updatedAt: string
  published?: PublishedRefs
}

export function summarizeDraft(draft: Draft): DraftSummary {
  const summary: DraftSummary = {
    id: draft.id,
    kind: draft.kind,
    name: draft.name,
    status: draft.status,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
  }
  if (draft.published) summary.published = { ...draft.published }
  return summary
}

/**
 * Checks the opaque `content` against the per-kind model. Returning `content` lets the
 * model normalise (or upgrade) it; omitting it keeps the content as is.
 */
export type ContentValidator = (
  kind: DraftKind,
  content: unknown,
) => { ok: true; content?: unknown } | { ok: false; message: string }
