import { z } from 'zod'
import { emptyRequest } from './fields'
import {
  DRAFT_KINDS,
  draftKindSchema,
  draftSchema,
  draftStatusSchema,
  publishedRefsSchema,
} from '../../drafts/envelope'
import { mediaRefSchema } from '../../creatives/media'

const draftId = z.string().uuid()

/** A file name in the quarantine folder: a name only, never a path (main also checks it is listed there). */
const quarantineName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^/\\\0]+$/, 'A file name, not a path')
  .refine((name) => name !== '.' && name !== '..', 'A file name, not a path')

/** One row of a drafts list: what main's summary index keeps of a draft (never its content). */
export const draftSummarySchema = z.object({
  id: z.string(),
  kind: draftKindSchema,
  name: z.string(),
  status: draftStatusSchema,
  updatedAt: z.string(),
  published: publishedRefsSchema.optional(),
  /** The medium the row shows as its thumbnail (shared/creatives/cover); absent when it has none. */
  cover: mediaRefSchema.optional(),
  /** From the same validator the editors and the publish step use. */
  errorCount: z.number().int().nonnegative(),
  warningCount: z.number().int().nonnegative(),
})
export type DraftSummaryWithIssues = z.infer<typeof draftSummarySchema>

/** The largest page drafts.list returns; a list of 50,000 drafts arrives in ten. */
export const DRAFTS_PAGE_MAX = 5_000

const draftListRequestSchema = z
  .object({
    /** Position in the list, most recently changed first. */
    offset: z.number().int().nonnegative().max(100_000_000).optional(),
    limit: z.number().int().nonnegative().max(DRAFTS_PAGE_MAX).optional(),
    /**
     * A `revision` from an earlier answer: when main still knows what changed since, the answer
     * holds only the changed drafts and the ids of removed ones. Ignored with kinds or status.
     */
    since: z.number().int().nonnegative().optional(),
    kinds: z.array(draftKindSchema).max(DRAFT_KINDS.length).optional(),
    status: draftStatusSchema.optional(),
  })
  .strict()
export type DraftListRequest = z.input<typeof draftListRequestSchema>

const draftListResponseSchema = z.object({
  /** Changes with every save; pages of one list must share it. */
  revision: z.number().int().nonnegative(),
  /** Drafts in the whole (filtered) list. */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  drafts: z.array(draftSummarySchema),
  /** Present when `since` was answered: `drafts` then holds only what changed. */
  removed: z.array(z.string()).optional(),
  /**
   * Main is still reading the draft files: the list is the one it saved last time (or, with none,
   * its newest drafts); drafts.changed says when it moves.
   */
  loading: z.boolean(),
  trash: z.array(draftSummarySchema.extend({ removedAt: z.string() })),
  /** Files found unreadable at start: moved to quarantine, never deleted. */
  quarantined: z.array(z.object({ fileName: z.string(), message: z.string() })),
  /** Things the designer should know that did not stop the drafts (a draft from a newer version). */
  notices: z.array(z.object({ fileName: z.string().optional(), message: z.string() })).optional(),
})
export type DraftListResponse = z.infer<typeof draftListResponseSchema>

/** A request naming one draft. */
const byId = z.object({ id: draftId }).strict()

export const draftsContract = {
  'drafts.list': {
    request: draftListRequestSchema,
    response: draftListResponseSchema,
  },
  'drafts.get': {
    request: byId,
    response: draftSchema,
  },
  'drafts.create': {
    request: z.object({ kind: draftKindSchema, name: z.string().max(200).optional() }).strict(),
    response: draftSchema,
  },
  'drafts.update': {
    request: z
      .object({ id: draftId, name: z.string().max(200).optional(), content: z.unknown().optional() })
      .strict(),
    response: z.object({ updatedAt: z.string(), errorCount: z.number().int().nonnegative() }),
  },
  'drafts.flush': {
    request: emptyRequest,
    response: z.object({ flushed: z.literal(true) }),
  },
  'drafts.duplicate': {
    request: byId,
    response: draftSchema,
  },
  'drafts.remove': {
    request: byId,
    response: z.object({ removed: z.literal(true) }),
  },
  'drafts.undoRemove': {
    request: byId,
    response: draftSchema,
  },
  'drafts.export': {
    request: byId,
    response: z.object({ exported: z.boolean(), fileName: z.string().optional() }),
  },
  /** Files moved to quarantine, newest first; `message` says why when this run moved it. */
  'drafts.quarantine': {
    request: emptyRequest,
    response: z.object({
      files: z.array(
        z.object({
          name: z.string(),
          bytes: z.number().int().nonnegative(),
          quarantinedAt: z.string(),
          message: z.string().optional(),
        }),
      ),
    }),
  },
  /** A quarantined file as text, for reading only; cut at 1 MB (`truncated`). */
  'drafts.quarantineRead': {
    request: z.object({ name: quarantineName }).strict(),
    response: z.object({ name: z.string(), text: z.string(), truncated: z.boolean() }),
  },
  /** Re-validates a quarantined file (fixed outside the app) and makes it a draft again. */
  'drafts.quarantineRestore': {
    request: z.object({ name: quarantineName }).strict(),
    response: z.object({ draft: draftSchema, idChanged: z.boolean() }),
  },
  /** Deletes a quarantined file for good (the page asks first). */
  'drafts.quarantineDelete': {
    request: z.object({ name: quarantineName }).strict(),
    response: z.object({ deleted: z.literal(true) }),
  },
  'drafts.import': {
    request: emptyRequest,
    response: z.object({ draft: draftSchema.optional(), idChanged: z.boolean().optional() }),
  },
} as const

/** What main pushes about the drafts (src/shared/ipc/events.ts). */
export const draftsEvents = {
  /**
   * The drafts list changed (a draft saved, added, removed, its status moved, or main finished
   * reading the files): `revision` is the list's revision now, to ask drafts.list what changed since.
   */
  'drafts.changed': z.object({ revision: z.number().int().nonnegative() }),
} as const
