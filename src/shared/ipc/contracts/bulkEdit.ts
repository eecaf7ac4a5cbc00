import { z } from 'zod'
import { DRAFTS_CSV_LIMITS } from '../../drafts/csvFormat'
import { MATCH_MODES, REPLACE_GROUPS } from '../../drafts/bulkFields'

/** Bulk edit's scope: the selected drafts, or every draft of the account. */
const scopeSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1).max(DRAFTS_CSV_LIMITS.maxRows) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
])

// Text typed in the panel or the dialog; bounded so one request cannot be huge.
const typed = z.string().max(10_000)

const operationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('set'), column: z.string().max(64), value: typed }).strict(),
  z
    .object({
      type: z.literal('replace'),
      groups: z.array(z.enum(REPLACE_GROUPS)).max(REPLACE_GROUPS.length),
      find: typed,
      replace: typed,
      mode: z.enum(MATCH_MODES),
      caseSensitive: z.boolean(),
    })
    .strict(),
  z.object({ type: z.literal('urlParam'), name: z.string().max(256), value: typed.nullable() }).strict(),
])
export type BulkOperationRequest = z.infer<typeof operationSchema>

const fieldChangeSchema = z.object({
  column: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
})

const previewItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  changes: z.array(fieldChangeSchema),
  reasons: z.array(z.string()),
})
export type BulkPreviewItem = z.infer<typeof previewItemSchema>

const previewSchema = z.object({
  token: z.string(),
  counts: z.object({
    scanned: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
    refused: z.number().int().nonnegative(),
  }),
  /** The drafts that change (the first BULK_PREVIEW_LIMITS.itemsListed). */
  items: z.array(previewItemSchema),
  /** The drafts that would break a rule, skipped with their reasons (as many at most). */
  skipped: z.array(previewItemSchema),
})
export type BulkPreview = z.infer<typeof previewSchema>

export const bulkEditContract = {
  /** The fields every one of these drafts has, each with its common value or null ("Mixed"). */
  'bulkEdit.fields': {
    request: z.object({ ids: z.array(z.string().uuid()).min(1).max(DRAFTS_CSV_LIMITS.maxRows) }).strict(),
    response: z.object({
      count: z.number().int().nonnegative(),
      fields: z.array(
        z.object({
          column: z.string(),
          label: z.string(),
          numeric: z.boolean(),
          value: z.string().nullable(),
        }),
      ),
    }),
  },
  /** Plans an edit, a replace or a URL parameter change over the scope; nothing changes yet. */
  'bulkEdit.preview': {
    request: z.object({ scope: scopeSchema, operation: operationSchema }).strict(),
    response: previewSchema,
  },
  /** Applies the preview `token` names as one step; its skipped drafts stay as they are. */
  'bulkEdit.apply': {
    request: z.object({ token: z.string().uuid() }).strict(),
    response: z.object({
      applied: z.number().int().nonnegative(),
      skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
    }),
  },
} as const
