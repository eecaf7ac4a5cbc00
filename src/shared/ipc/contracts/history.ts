import { z } from 'zod'
import { draftSchema } from '../../drafts/envelope'
import { emptyRequest } from './fields'

const draftId = z.string().uuid()
const versionNumber = z.number().int().positive()

/** One line of a draft's timeline: a version, or work that marked it (newest first). */
export const timelineEntrySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('version'),
    /** The version's number in this draft's history (kept when older ones are thinned). */
    n: versionNumber,
    at: z.string(),
    /** The fields this version changed, in words. */
    fields: z.array(z.string()),
    /** The draft as it is now. */
    current: z.boolean(),
  }),
  z.object({
    type: z.enum(['publish', 'bulk', 'restore', 'undo']),
    at: z.string(),
    label: z.string(),
  }),
])
export type TimelineEntry = z.infer<typeof timelineEntrySchema>

export const fieldChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() })
export type FieldChangeView = z.infer<typeof fieldChangeSchema>

export const undoEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['edit', 'replace', 'variants', 'import', 'restore']),
  label: z.string(),
  at: z.string(),
  drafts: z.number().int().nonnegative(),
  /** Why the entry cannot be undone (only the newest is checked). */
  blocked: z.string().optional(),
})
export type UndoEntryView = z.infer<typeof undoEntrySchema>

export const historyContract = {
  /** A draft's versions, publishes and bulk steps, newest first. */
  'history.timeline': {
    request: z.object({ draftId }).strict(),
    response: z.object({ entries: z.array(timelineEntrySchema) }),
  },
  /** Two versions field by field, old → new, in words. */
  'history.compare': {
    request: z.object({ draftId, from: versionNumber, to: versionNumber }).strict(),
    response: z.object({ changes: z.array(fieldChangeSchema) }),
  },
  /** Makes a version the draft's current state: one entry of the undo list. */
  'history.restore': {
    request: z.object({ draftId, n: versionNumber }).strict(),
    response: draftSchema,
  },
  /** The app's undo list, newest first. */
  'undo.list': {
    request: emptyRequest,
    response: z.object({ entries: z.array(undoEntrySchema) }),
  },
  /** Undoes the newest entry (`id` names it, so a list seen earlier cannot undo another). */
  'undo.undo': {
    request: z.object({ id: z.string().regex(/^\d{1,12}$/) }).strict(),
    response: z.object({
      label: z.string(),
      restored: z.number().int().nonnegative(),
      removed: z.number().int().nonnegative(),
      skipped: z.number().int().nonnegative(),
    }),
  },
} as const
