import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { PLATFORM_TOOL_LIMITS } from '../../rules/platformToolLimits'
import { sendableText } from './fields'

/**
 * Trending news for topical inspiration beside the composer (platform document lines 134-135):
 * stories matching a query, and one story with its name, summary and when it was last updated.
 */

const { news } = PLATFORM_TOOL_LIMITS

export const newsStorySchema = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string().optional(),
  hook: z.string().optional(),
  category: z.string().optional(),
  keywords: z.array(z.string()),
  topics: z.array(z.string()),
  /** Epoch ms of the last update, when the platform gave one. */
  updatedAt: z.number().optional(),
})
export type NewsStory = z.infer<typeof newsStorySchema>

export const newsContract = {
  'news.search': {
    request: z
      .object({
        profileId: profileIdSchema,
        query: sendableText(news.query.max).trim().min(news.query.min, 'Type a topic to look up'),
        maxAgeHours: z.number().int().min(news.maxAgeHours.min).max(news.maxAgeHours.max).optional(),
      })
      .strict(),
    response: z.object({ stories: z.array(newsStorySchema) }),
  },
  'news.get': {
    request: z
      .object({ profileId: profileIdSchema, id: z.string().regex(/^\d{1,19}$/, 'A story id is a number') })
      .strict(),
    response: z.object({ story: newsStorySchema }),
  },
} as const
