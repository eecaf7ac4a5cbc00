import { z } from 'zod'
import { PLATFORM_TOOL_LIMITS } from '../../shared/rules/platformToolLimits'
import type { AdsContext } from './adsRequest'
import { decodeAnswer } from './envelope'
import { getV2Object } from './v2Object'

/**
 * Trending news (platform document lines 134-135): GET /2/news/search for a query and
 * GET /2/news/{id}, `news.fields` selecting name, summary, contexts and last_updated_at_ms.
 * Shape not shown in the spec; follows the platform's public News reference
 * (docs.x.com/x-api/news): `query` (1 to 2,048 characters), `max_results`, `max_age_hours`,
 * answering `data` (a list, or one story) with `rest_id` as the story's id. The public reference
 * accepts user context as well as the app's bearer token; the app signs as the designer, as for
 * its other calls. `last_updated_at_ms` is read as epoch milliseconds (its name) or, as the
 * reference's example writes it, a date.
 */

export interface NewsStory {
  id: string
  name: string
  summary?: string
  hook?: string
  category?: string
  keywords: string[]
  topics: string[]
  /** Epoch ms of the last update, when the platform gave one. */
  updatedAt?: number
}

const FIELDS = 'name,summary,hook,category,keywords,contexts,last_updated_at_ms'

const storySchema = z
  .object({
    rest_id: z.string(),
    name: z.string().optional(),
    summary: z.string().optional(),
    hook: z.string().optional(),
    category: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    contexts: z
      .object({ topics: z.array(z.string()).optional() })
      .loose()
      .optional(),
    last_updated_at_ms: z.union([z.string(), z.number()]).optional(),
  })
  .loose()

function updatedAt(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : Date.parse(value)
  return Number.isFinite(ms) ? ms : undefined
}

function story(raw: z.infer<typeof storySchema>): NewsStory {
  const at = updatedAt(raw.last_updated_at_ms)
  return {
    id: raw.rest_id,
    name: raw.name?.trim() || 'Untitled story',
    ...(raw.summary ? { summary: raw.summary } : {}),
    ...(raw.hook ? { hook: raw.hook } : {}),
    ...(raw.category ? { category: raw.category } : {}),
    keywords: raw.keywords ?? [],
    topics: raw.contexts?.topics ?? [],
    ...(at !== undefined ? { updatedAt: at } : {}),
  }
}

/** Stories matching the query, newest first as the platform orders them. */
export async function searchNews(
  ctx: AdsContext,
  input: { query: string; maxAgeHours?: number },
): Promise<NewsStory[]> {
  const response = await ctx.http.send({
    method: 'GET',
    url: `${ctx.hosts.apiUrl}/2/news/search`,
    query: {
      query: input.query,
      max_results: PLATFORM_TOOL_LIMITS.news.maxResults.default,
      max_age_hours: input.maxAgeHours,
      'news.fields': FIELDS,
    },
    auth: { kind: 'oauth1', credentials: ctx.credentials },
  })
  const answer = decodeAnswer(z.object({ data: z.array(storySchema).optional() }).loose(), response.json)
  return (answer.data ?? []).map(story)
}

/** One story; a story that does not exist is a not_found failure. */
export async function getNewsStory(ctx: AdsContext, id: string): Promise<NewsStory> {
  const raw = await getV2Object(ctx, {
    path: 'news',
    id,
    query: { 'news.fields': FIELDS },
    schema: storySchema,
    missing: `There is no news story ${id} — search again`,
  })
  return story(raw)
}
