import { authenticateUser } from '../auth'
import type { RequestContext, Route, Runtime } from '../context'
import { firstValue } from '../context'
import { json } from '../http'
import type { AdsRecord } from '../state'
import { PROBLEM_BASE, invalidRequest } from './problems'

/**
 * Reading posts through the /2 API. The spec lists no read endpoint, but says `paid_partnership`
 * is "readable as a field" and that filtered streams deliver posts "including edit history"; the
 * platform's public reads are GET /2/posts/:id and GET /2/posts?ids= (up to 100), with
 * `post.fields` choosing fields beyond the default id, text and edit_history_post_ids. As there,
 * a post that does not exist (or was deleted) is not an HTTP error: the answer is 200 with a
 * resource-not-found problem in `errors` (and, for a list, `data` holding the posts found).
 * Earlier versions of an edited post stay readable by their id. Every post is readable,
 * including those made for an ad account.
 */

/** Platform document, limits: a post can be edited "within one hour of creation". */
export const EDIT_WINDOW_MS = 60 * 60_000
/** Edits per chain; the spec gives none, the platform's edit_controls start at 5. */
export const EDITS_MAX = 5
const IDS_MAX = 100

export const POST_FIELDS = [
  'id',
  'text',
  'edit_history_post_ids',
  'author_id',
  'created_at',
  'edit_controls',
  'paid_partnership',
  'community_id',
  'attachments',
] as const
const DEFAULT_FIELDS = ['id', 'text', 'edit_history_post_ids']

export function createdMs(post: AdsRecord): number {
  return typeof post._created_ms === 'number' ? post._created_ms : Date.parse(post.created_at)
}

/** When the first version of the post's edit chain was created: the edit hour counts from it. */
export function chainStartedMs(post: AdsRecord): number {
  return typeof post._chain_started_ms === 'number' ? post._chain_started_ms : createdMs(post)
}

/** The post's edit chain, oldest first, ending with the post itself. */
export function editHistory(post: AdsRecord): string[] {
  return Array.isArray(post._edit_history) ? (post._edit_history as string[]) : [String(post.id)]
}

export function presentPost(post: AdsRecord, fields: readonly string[]): Record<string, unknown> {
  const history = editHistory(post)
  const editableUntil = chainStartedMs(post) + EDIT_WINDOW_MS
  const mediaKeys = Array.isArray(post.media_keys) ? (post.media_keys as string[]) : []
  const all: Record<string, unknown> = {
    id: post.id,
    text: post.text,
    edit_history_post_ids: history,
    author_id: post.as_user_id,
    created_at: new Date(createdMs(post)).toISOString(),
    edit_controls: {
      edits_remaining: Math.max(0, EDITS_MAX - (history.length - 1)),
      is_edit_eligible: post._account === undefined,
      editable_until: new Date(editableUntil).toISOString(),
    },
    paid_partnership: post.paid_partnership === true,
    ...(typeof post.community_id === 'string' ? { community_id: post.community_id } : {}),
    ...(mediaKeys.length > 0 ? { attachments: { media_keys: mediaKeys } } : {}),
  }
  return Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]))
}

function notFoundProblem(id: string): Record<string, unknown> {
  return {
    value: id,
    detail: `Could not find post with id: [${id}].`,
    title: 'Not Found Error',
    resource_type: 'post',
    parameter: 'id',
    resource_id: id,
    type: `${PROBLEM_BASE}/resource-not-found`,
  }
}

function readFields(ctx: RequestContext, allowed: readonly string[]): string[] {
  const names = new Set(ctx.query.map(([name]) => name).filter((name) => !name.startsWith('oauth_')))
  const unknown = [...names].filter((name) => !allowed.includes(name))
  const requested = firstValue(ctx.query, 'post.fields')
  const fields = requested === undefined ? [] : requested.split(',').map((f) => f.trim())
  const badFields = fields.filter((f) => !(POST_FIELDS as readonly string[]).includes(f))
  const issues = [
    ...unknown.map((name) => ({ parameter: name, detail: `${name} is not a parameter of this endpoint` })),
    ...(badFields.length > 0
      ? [
          {
            parameter: 'post.fields',
            detail: `post.fields takes ${POST_FIELDS.join(', ')} (got ${badFields.join(', ')})`,
          },
        ]
      : []),
  ]
  if (issues.length > 0) throw invalidRequest(issues)
  return [...new Set([...DEFAULT_FIELDS, ...fields])]
}

function findPost(rt: Runtime, id: string): AdsRecord | undefined {
  return rt.state.posts.find((p) => p.id === id && !p.deleted)
}

export const postReadRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/2/posts/:id',
    handler: (ctx, rt) => {
      authenticateUser(ctx, rt, { write: false, style: 'legacy' })
      const fields = readFields(ctx, ['post.fields'])
      const id = ctx.params.id ?? ''
      if (!/^\d{1,19}$/.test(id))
        throw invalidRequest([{ parameter: 'id', detail: `${id} is not a post id` }])
      const post = findPost(rt, id)
      return json(200, post ? { data: presentPost(post, fields) } : { errors: [notFoundProblem(id)] })
    },
  },
  {
    method: 'GET',
    pattern: '/2/posts',
    handler: (ctx, rt) => {
      authenticateUser(ctx, rt, { write: false, style: 'legacy' })
      const fields = readFields(ctx, ['ids', 'post.fields'])
      const ids = (firstValue(ctx.query, 'ids') ?? '').split(',').filter((id) => id !== '')
      if (ids.length === 0) throw invalidRequest([{ parameter: 'ids', detail: 'ids is required' }])
      if (ids.length > IDS_MAX || ids.some((id) => !/^\d{1,19}$/.test(id)))
        throw invalidRequest([
          { parameter: 'ids', detail: `ids takes 1 to ${IDS_MAX} comma-separated post ids` },
        ])
      const found = ids.map((id) => ({ id, post: findPost(rt, id) }))
      const data = found.flatMap(({ post }) => (post ? [presentPost(post, fields)] : []))
      const errors = found.flatMap(({ id, post }) => (post ? [] : [notFoundProblem(id)]))
      return json(200, { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) })
    },
  },
]
