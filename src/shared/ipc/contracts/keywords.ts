import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { enumTuple, LIMITS } from '../../rules/limits'
import { profileRequest, sendableText } from './fields'
import { targetingValueSchema } from './targeting'

/**
 * Channels of the Keyword insights page (spec part A): a search, the recent queries, and the
 * CSV export of a result main keeps. Every request is strict.
 */

export const keywordQuerySchema = z
  .object({
    keywords: z.array(sendableText(120)).max(20),
    negativeKeywords: z.array(sendableText(120)).max(20),
    start: z.string().max(40),
    end: z.string().max(40),
    granularity: z.enum(enumTuple(LIMITS.keywordInsights.granularity)),
    location: z
      .object({ targetingValue: targetingValueSchema, name: sendableText(200) })
      .strict()
      .optional(),
  })
  .strict()

export const keywordResultSchema = z.object({
  resultId: z.string(),
  query: keywordQuerySchema,
  /** Epoch milliseconds of each datapoint's start. */
  times: z.array(z.number()),
  /** One series per keyword, then the whole query (all keywords OR-ed) when there are several. */
  series: z.array(z.object({ label: z.string(), values: z.array(z.number()) })),
  relatedKeywords: z.array(z.string()),
})
export type KeywordResult = z.infer<typeof keywordResultSchema>

export const keywordsContract = {
  'keywords.search': {
    request: z.object({ profileId: profileIdSchema, query: keywordQuerySchema }).strict(),
    response: keywordResultSchema,
  },
  'keywords.recent': {
    request: profileRequest,
    response: z.object({ queries: z.array(keywordQuerySchema) }),
  },
  'keywords.exportCsv': {
    request: z.object({ resultId: z.string().uuid() }).strict(),
    response: z.object({ saved: z.boolean(), fileName: z.string().optional() }),
  },
} as const
