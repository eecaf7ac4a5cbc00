import { z } from 'zod'
import { REVIEW_DECISIONS, REVIEW_LIMITS } from '../../review/format'
import { afterFileChoice, emptyRequest, lineProblemSchema } from './fields'

/** What the drafts list and the editor show of a draft's review: its latest verdict. */
export const reviewStateSchema = z.object({
  draftId: z.string(),
  decision: z.enum(REVIEW_DECISIONS),
  reviewer: z.string(),
  decidedAt: z.string(),
  /** The version the reviewer saw (the fingerprint's first eight digits). */
  version: z.string(),
  /** false: the draft was edited since the reviewer saw it; an approval no longer holds. */
  current: z.boolean(),
  comments: z.array(z.object({ field: z.string(), label: z.string(), text: z.string() })),
})
export type ReviewState = z.infer<typeof reviewStateSchema>

export const reviewImportSchema = afterFileChoice({
  fileName: z.string(),
  type: z.enum(['verdicts', 'bundle', 'refused']),
  reviewer: z.string().optional(),
  /** A malformed file: nothing of it was used. */
  refused: z.array(lineProblemSchema),
  /** Verdicts now kept; `current` false when the draft changed since the reviewer saw it. */
  applied: z.array(
    z.object({
      draftId: z.string(),
      name: z.string(),
      decision: z.enum(REVIEW_DECISIONS),
      current: z.boolean(),
    }),
  ),
  /** Verdicts not kept, and why (a deleted draft, another account's). */
  reported: z.array(z.object({ draftId: z.string(), name: z.string().optional(), reason: z.string() })),
  /** A bundle read back: each draft's content against its fingerprint and the draft now. */
  checks: z.array(
    z.object({
      draftId: z.string(),
      name: z.string(),
      matchesFingerprint: z.boolean(),
      /** undefined: no such draft here. */
      sameAsDraft: z.boolean().optional(),
    }),
  ),
})
export type ReviewImport = z.infer<typeof reviewImportSchema>

export const reviewContract = {
  /** Saves the drafts with these ids as one `.adsreview` file the designer names. */
  'review.exportBundle': {
    request: z
      .object({
        ids: z.array(z.string().uuid()).min(1).max(REVIEW_LIMITS.maxDrafts),
        /** The names the previews show (the renderer's, as its own previews show them). */
        accountName: z.string().max(200),
        advertiser: z.string().max(200).optional(),
      })
      .strict(),
    response: z.object({
      exported: z.number().int().nonnegative(),
      fileName: z.string().optional(),
      mediaLeftOut: z.number().int().nonnegative(),
    }),
  },
  /** Reads a verdict file (or a bundle) the designer chooses and keeps its verdicts. */
  'review.import': { request: emptyRequest, response: reviewImportSchema },
  /** The latest verdict of each draft that has one, and the active account's setting. */
  'review.states': {
    request: z.object({ ids: z.array(z.string().uuid()).max(100_000).optional() }).strict(),
    response: z.object({ states: z.array(reviewStateSchema), approvalRequired: z.boolean() }),
  },
  /** "Publishing needs approval" for the active ad account. */
  'review.setApprovalRequired': {
    request: z.object({ required: z.boolean() }).strict(),
    response: z.object({ approvalRequired: z.boolean() }),
  },
} as const
