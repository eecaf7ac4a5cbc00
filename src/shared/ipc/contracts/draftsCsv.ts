import { z } from 'zod'
import { DRAFTS_CSV_LIMITS } from '../../drafts/csvFormat'
import { afterFileChoice, emptyRequest, lineProblemSchema } from './fields'

/** One row of an import report: what the row changes, or why it was refused, in words. */
export const csvImportRowSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  line: z.number().int().positive(),
  id: z.string().optional(),
  /** The draft's name before the import, when the id names one. */
  name: z.string().optional(),
  outcome: z.enum(['changed', 'unchanged', 'refused']),
  fields: z.array(z.string()),
  reasons: z.array(z.string()),
})
export type CsvImportRow = z.infer<typeof csvImportRowSchema>

const countsSchema = z.object({
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
})

export const draftsCsvContract = {
  /** Saves the drafts with these ids (the list as filtered) to a CSV file the designer names. */
  'draftsCsv.export': {
    request: z.object({ ids: z.array(z.string().uuid()).min(1).max(DRAFTS_CSV_LIMITS.maxRows) }).strict(),
    response: z.object({ exported: z.number().int().nonnegative(), fileName: z.string().optional() }),
  },
  /** Reads a CSV the designer chooses into a report; nothing changes until draftsCsv.apply. */
  'draftsCsv.preview': {
    request: emptyRequest,
    response: afterFileChoice({
      token: z.string(),
      fileName: z.string(),
      /** The rows that change or are refused; unchanged rows are only counted. */
      rows: z.array(csvImportRowSchema),
      counts: countsSchema,
    }),
  },
  /** Applies the changed rows of the report `token` names. */
  'draftsCsv.apply': {
    request: z.object({ token: z.string().uuid() }).strict(),
    response: z.object({
      applied: z.number().int().nonnegative(),
      skipped: z.array(lineProblemSchema),
    }),
  },
} as const
