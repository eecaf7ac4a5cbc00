import { firstValue } from '../context'
import type { RequestContext, Route } from '../context'
import { json } from '../http'
import { authenticateAppOrUser } from './bearerAuth'
import { invalidRequest, problemOf } from './problems'

/**
 * Trending news (platform document lines 134-135): GET /2/news/search, stories for a query, and
 * GET /2/news/{id}, one story, with `news.fields` selecting name, summary, contexts,
 * cluster_posts_results and last_updated_at_ms. The stories are fixed, their times counted back
 * from the request's, so a search always finds something recent.
 * Shape not shown in the spec; follows the platform's public News reference
 * (docs.x.com/x-api/news): the app's bearer token or a user's signature; `query` required
 * (1 to 2,048 characters), `max_results` (1 to 100, default 10), `max_age_hours` (1 to 720,
 * default 168); answers `data` (a list for search, one story by id) whose stories always carry
 * `rest_id`, `meta.result_count` for search, and a not-found problem in `errors` for an unknown
 * id. The reference's field list also names `id` and `updated_at`, taken here as the same as
 * `rest_id` and `last_updated_at_ms`, which is sent as epoch milliseconds in a string (its name).
 * Without `news.fields` a story shows its name only. A story matches when every word of the query
 * is in its name, summary, keywords or topics.
 */

interface Story {
  id: string
  hoursAgo: number
  name: string
  summary: string
  hook: string
  category: string
  keywords: string[]
  topics: string[]
  posts: string[]
}

const STORIES: Story[] = [
  {
    id: '1989418137272422538',
    hoursAgo: 2,
    name: 'City marathon sells out in record time',
    summary:
      'All 40,000 places for the spring city marathon went within an hour of opening, and organisers added a charity ballot for runners who missed out.',
    hook: 'Runners are sharing training plans and kit lists.',
    category: 'Sports',
    keywords: ['marathon', 'running', 'spring'],
    topics: ['Running', 'Fitness'],
    posts: ['1700000000000000101', '1700000000000000102'],
  },
  {
    id: '1989418137272422539',
    hoursAgo: 6,
    name: 'Spring fashion week opens with recycled fabrics',
    summary:
      'Designers opened the season with collections made from recycled fabrics, and several brands announced repair services for their garments.',
    hook: 'Shoppers are asking where to buy the looks.',
    category: 'Style',
    keywords: ['fashion', 'spring', 'sustainability'],
    topics: ['Fashion', 'Sustainability'],
    posts: ['1700000000000000103'],
  },
  {
    id: '1989418137272422540',
    hoursAgo: 30,
    name: 'Coffee prices reach a ten-year high',
    summary:
      'Wholesale coffee prices rose for the fifth month in a row after poor harvests, and cafés are trying smaller cups and loyalty offers.',
    hook: 'Cafés are answering with offers of their own.',
    category: 'Business',
    keywords: ['coffee', 'prices', 'cafes'],
    topics: ['Food and drink', 'Economy'],
    posts: ['1700000000000000104'],
  },
  {
    id: '1989418137272422541',
    hoursAgo: 50,
    name: 'Electric bike sales pass cars in three cities',
    summary:
      'More electric bikes than cars were sold last quarter in three cities, helped by new cycle lanes and purchase grants.',
    hook: 'Commuters are posting their new routes.',
    category: 'Technology',
    keywords: ['bikes', 'electric', 'commuting'],
    topics: ['Transport', 'Cities'],
    posts: ['1700000000000000105'],
  },
  {
    id: '1989418137272422542',
    hoursAgo: 400,
    name: 'Winter running shoes: what testers liked',
    summary: 'Testers ran a month in eight winter running shoes and rated grip, warmth and weight.',
    hook: 'A winter round-up, older than a week.',
    category: 'Sports',
    keywords: ['running', 'shoes', 'winter'],
    topics: ['Running'],
    posts: [],
  },
]

const FIELDS = [
  'category',
  'cluster_posts_results',
  'contexts',
  'disclaimer',
  'hook',
  'id',
  'keywords',
  'name',
  'summary',
  'updated_at',
  'last_updated_at_ms',
]
const QUERY = { min: 1, max: 2048 }
const MAX_RESULTS = { min: 1, max: 100, default: 10 }
const MAX_AGE_HOURS = { min: 1, max: 720, default: 168 }
const HOUR_MS = 3_600_000

type Issue = { parameter: string; detail: string }

function readFields(ctx: RequestContext, issues: Issue[]): string[] {
  const raw = firstValue(ctx.query, 'news.fields')
  if (raw === undefined) return ['name']
  const fields = raw.split(',').map((f) => f.trim())
  for (const field of fields)
    if (!FIELDS.includes(field))
      issues.push({ parameter: 'news.fields', detail: `${field} is not a news field` })
  return fields
}

function wholeNumber(ctx: RequestContext, name: string, range: typeof MAX_RESULTS, issues: Issue[]): number {
  const raw = firstValue(ctx.query, name)
  if (raw === undefined) return range.default
  const value = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN
  if (!(value >= range.min && value <= range.max))
    issues.push({
      parameter: name,
      detail: `${name} must be a whole number from ${range.min} to ${range.max}`,
    })
  return value
}

function present(story: Story, fields: readonly string[], now: number): Record<string, unknown> {
  const has = (field: string) => fields.includes(field)
  const updated = String(now - story.hoursAgo * HOUR_MS)
  return {
    rest_id: story.id,
    ...(has('name') ? { name: story.name } : {}),
    ...(has('summary') ? { summary: story.summary } : {}),
    ...(has('hook') ? { hook: story.hook } : {}),
    ...(has('category') ? { category: story.category } : {}),
    ...(has('keywords') ? { keywords: story.keywords } : {}),
    ...(has('disclaimer')
      ? { disclaimer: 'This story is a summary of posts on the platform and may change.' }
      : {}),
    ...(has('contexts') ? { contexts: { topics: story.topics } } : {}),
    ...(has('cluster_posts_results')
      ? { cluster_posts_results: story.posts.map((post_id) => ({ post_id })) }
      : {}),
    ...(has('last_updated_at_ms') || has('updated_at') ? { last_updated_at_ms: updated } : {}),
  }
}

function matches(story: Story, query: string): boolean {
  const haystack = [story.name, story.summary, ...story.keywords, ...story.topics].join(' ').toLowerCase()
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}

export const newsRoutes: Route[] = [
  // Before `/2/news/:id`, so `search` is not read as an id.
  {
    method: 'GET',
    pattern: '/2/news/search',
    handler: (ctx, rt) => {
      authenticateAppOrUser(ctx, rt)
      const issues: Issue[] = []
      const query = firstValue(ctx.query, 'query')
      if (query === undefined || query.trim().length < QUERY.min || query.length > QUERY.max)
        issues.push({
          parameter: 'query',
          detail: `query is required, ${QUERY.min} to ${QUERY.max} characters`,
        })
      const max = wholeNumber(ctx, 'max_results', MAX_RESULTS, issues)
      const maxAge = wholeNumber(ctx, 'max_age_hours', MAX_AGE_HOURS, issues)
      const fields = readFields(ctx, issues)
      if (issues.length > 0) throw invalidRequest(issues)
      const found = STORIES.filter((s) => s.hoursAgo <= maxAge && matches(s, query!))
        .sort((a, b) => a.hoursAgo - b.hoursAgo)
        .slice(0, max)
      return json(200, {
        ...(found.length > 0 ? { data: found.map((s) => present(s, fields, ctx.now)) } : {}),
        meta: { result_count: found.length },
      })
    },
  },
  {
    method: 'GET',
    pattern: '/2/news/:id',
    handler: (ctx, rt) => {
      authenticateAppOrUser(ctx, rt)
      const issues: Issue[] = []
      const fields = readFields(ctx, issues)
      const id = ctx.params.id ?? ''
      if (!/^\d{1,19}$/.test(id)) issues.push({ parameter: 'id', detail: `${id} is not a news story id` })
      if (issues.length > 0) throw invalidRequest(issues)
      const story = STORIES.find((s) => s.id === id)
      return json(
        200,
        story
          ? { data: present(story, fields, ctx.now) }
          : {
              errors: [
                problemOf(
                  404,
                  'resource-not-found',
                  'Not Found Error',
                  `Could not find news story with id: [${id}]`,
                  'id',
                ),
              ],
            },
      )
    },
  },
]
