import { z } from 'zod'
import { draftKindSchema, draftSchema, draftStatusSchema, publishedRefsSchema } from '../../drafts/envelope'

const draftId = z.string().uuid()

export const draftSummarySchema = z.object({
  id: z.string(),
  kind: draftKindSchema,
  name: z.string(),
  status: draftStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  published: publishedRefsSchema.optional(),
  /** From the same validator the editors and the publish step use. */
  errorCount: z.number().int().nonnegative(),
  warningCount: z.number().int().nonnegative(),
})
export type DraftSummaryWithIssues = z.infer<typeof draftSummarySchema>

export const draftsContract = {
  'drafts.list': {
    request: z.object({}).strict(),
    response: z.object({
      drafts: z.array(draftSummarySchema),
      trash: z.array(draftSummarySchema.extend({ removedAt: z.string() })),
      /** Files found unreadable at start: moved to quarantine, never deleted. */
      quarantined: z.array(z.object({ fileName: z.string(), message: z.string() })),
      /** Things the designer should know that did not stop the drafts (a draft from a newer version). */
      notices: z.array(z.object({ fileName: z.string().optional(), message: z.string() })).optional(),
    }),
  },
  'drafts.get': {
    request: z.object({ id: draftId }).strict(),
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
    request: z.object({}).strict(),
    response: z.object({ flushed: z.literal(true) }),
  },
  'drafts.duplicate': {
    request: z.object({ id: draftId }).strict(),
    response: draftSchema,
  },
  'drafts.remove': {
    request: z.object({ id: draftId }).strict(),
    response: z.object({ removed: z.literal(true) }),
  },
  'drafts.undoRemove': {
    request: z.object({ id: draftId }).strict(),
    response: draftSchema,
  },
  'drafts.export': {
    request: z.object({ id: draftId }).strict(),
    response: z.object({ exported: z.boolean(), fileName: z.string().optional() }),
  },
  'drafts.import': {
    request: z.object({}).strict(),
    response: z.object({ draft: draftSchema.optional(), idChanged: z.boolean().optional() }),
  },
} as const
