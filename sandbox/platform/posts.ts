import { authenticateUser } from '../auth'
import type { UserContext } from '../auth'
import type { RequestContext, Route, Runtime } from '../context'
import { json } from '../http'
import { mediaTypeOfMime } from '../media'
import {
  LONG_FORM_TEXT_MAX,
  STANDARD_TEXT_MAX,
  mediaMixProblem,
  storePost,
  weightedLength,
} from '../postRules'
import type { AdsRecord } from '../state'
import { isoSeconds, touch } from '../state'
import { communityById } from './communities'
import {
  EDIT_WINDOW_MS,
  EDITS_MAX,
  chainStartedMs,
  editHistory,
  postReadRoutes,
  presentPost,
} from './postReads'
import { forbidden, invalidRequest } from './problems'

/**
 * POST {base_url}/2/posts (platform document, line 126 and the release history): creates an
 * organic post, or edits one. What the spec states, and what the sandbox does with it:
 * - `paid_partnership` (boolean, optional): stored, and readable as a post field;
 * - `community_id` makes the post in a community the author belongs to; `share_with_followers`
 *   (boolean, only with community_id) also shows it to the author's followers;
 * - `edit_options.previous_post_id` edits a post: only one's own (limits: "own post, within one
 *   hour of creation, requires the premium subscription"). An edit is a new post that joins the
 *   edit chain (`edit_history_post_ids`, oldest first); only the latest version can be edited, the
 *   hour counts from the first version, and an edit keeps the chain's community. Like a new post,
 *   an edit carries its whole content: text, media and paid_partnership are what it sends;
 * - text: long-form (25,000 weighted characters) for premium users, standard (4,000) otherwise;
 *   which users post long-form is not shown, and premium is what the platform sells it with.
 * Where the spec says nothing, the sandbox does what the platform's public /2 API does: a JSON
 * body with `text` and `media.media_ids` (finished uploads: up to 4 images, or 1 GIF, or 1 video),
 * 201 with `data: {id, text, edit_history_post_ids}`, at most 5 edits per chain (its
 * `edit_controls.edits_remaining`), and problem objects for failures (problems.ts). Posts made
 * for an ad account (promoted-only) cannot be edited. Fields the spec does not name are refused.
 */

const FIELDS = ['text', 'media', 'paid_partnership', 'community_id', 'share_with_followers', 'edit_options']
const ID = /^\d{1,19}$/

interface Issue {
  parameter: string
  detail: string
}

function optionalBoolean(body: Record<string, unknown>, name: string, issues: Issue[]): boolean | undefined {
  const value = body[name]
  if (value === undefined) return undefined
  if (typeof value !== 'boolean') issues.push({ parameter: name, detail: `${name} must be true or false` })
  return value === true
}

/** Finished uploads of the user named by media.media_ids; a still processing one is an issue. */
function readMedia(rt: Runtime, user: UserContext, raw: unknown, now: number, issues: Issue[]): string[] {
  if (raw === undefined) return []
  const ids = (raw as { media_ids?: unknown } | null)?.media_ids
  if (!raw || typeof raw !== 'object' || !Array.isArray(ids) || ids.length === 0) {
    issues.push({
      parameter: 'media.media_ids',
      detail: 'media must be {"media_ids": [...]} with at least one id',
    })
    return []
  }
  const keys: string[] = []
  const types: string[] = []
  for (const id of ids as unknown[]) {
    const upload = rt.state.uploads.find((u) => u.mediaId === id && u.userId === user.user.id)
    const type = upload ? mediaTypeOfMime(upload.mimeType) : undefined
    if (!upload || !type || upload.phase !== 'finalized') {
      issues.push({ parameter: 'media.media_ids', detail: `${String(id)} is not a finished upload of yours` })
    } else if (upload.failure) {
      issues.push({
        parameter: 'media.media_ids',
        detail: `${String(id)} failed processing: ${upload.failure}`,
      })
    } else if (now < upload.readyAt) {
      issues.push({
        parameter: 'media.media_ids',
        detail: `${String(id)} is still processing; post it once STATUS reports processing_info.state succeeded`,
      })
    } else {
      keys.push(upload.mediaKey)
      types.push(type)
    }
  }
  const mix = types.length === ids.length ? mediaMixProblem(types) : undefined
  if (mix) issues.push({ parameter: 'media.media_ids', detail: mix })
  return keys
}

/** The post an edit replaces, once every rule of editing holds; else a 400 or 403. */
function editablePost(rt: Runtime, user: UserContext, previousId: string, now: number): AdsRecord {
  const parameter = 'edit_options.previous_post_id'
  const previous = rt.state.posts.find((p) => p.id === previousId && !p.deleted)
  if (!previous) throw invalidRequest([{ parameter, detail: `There is no post ${previousId} to edit` }])
  if (previous.as_user_id !== user.user.id)
    throw forbidden(`Post ${previousId} is not yours: only its author can edit a post`, parameter)
  if (previous._account !== undefined)
    throw forbidden(
      `Post ${previousId} was made for an ad account; promoted-only posts cannot be edited`,
      parameter,
    )
  if (user.user.premium !== true)
    throw forbidden(
      `Editing posts requires the premium subscription; @${user.user.screenName} has none`,
      parameter,
    )
  if (typeof previous._superseded_by === 'string') {
    const history = editHistory(previous)
    const latest = rt.state.posts.filter((p) => editHistory(p)[0] === history[0]).at(-1)
    throw invalidRequest([
      {
        parameter,
        detail: `Post ${previousId} has been edited already; edit its latest version ${String(latest?.id)}`,
      },
    ])
  }
  const until = chainStartedMs(previous) + EDIT_WINDOW_MS
  if (now >= until)
    throw forbidden(
      `Post ${previousId} can no longer be edited: posts can be edited within one hour of creation, until ${isoSeconds(until)}`,
      parameter,
    )
  if (editHistory(previous).length > EDITS_MAX)
    throw forbidden(
      `Post ${previousId} has been edited ${EDITS_MAX} times, the most a post can be`,
      parameter,
    )
  return previous
}

function create(ctx: RequestContext, rt: Runtime): ReturnType<typeof json> {
  const user = authenticateUser(ctx, rt, { write: true, style: 'legacy' })
  const body = ctx.json
  if (ctx.contentType !== 'application/json' || !body || typeof body !== 'object' || Array.isArray(body))
    throw invalidRequest([
      { parameter: 'body', detail: 'Send a JSON object with Content-Type application/json' },
    ])
  const fields = body as Record<string, unknown>
  const issues: Issue[] = []
  for (const name of Object.keys(fields))
    if (!FIELDS.includes(name))
      issues.push({ parameter: name, detail: `${name} is not a field the sandbox knows for POST /2/posts` })
  const text = fields.text
  if (text !== undefined && typeof text !== 'string')
    issues.push({ parameter: 'text', detail: 'text must be a string' })
  const textMax = user.user.premium === true ? LONG_FORM_TEXT_MAX : STANDARD_TEXT_MAX
  if (typeof text === 'string' && weightedLength(text) > textMax)
    issues.push({
      parameter: 'text',
      detail: `text must be at most ${textMax} characters (weighted ${weightedLength(text)})${textMax === STANDARD_TEXT_MAX ? '; long-form posts need the premium subscription' : ''}`,
    })
  const mediaKeys = readMedia(rt, user, fields.media, ctx.now, issues)
  if ((typeof text !== 'string' || text.trim() === '') && fields.media === undefined)
    issues.push({ parameter: 'text', detail: 'text is required when there is no media' })
  const paidPartnership = optionalBoolean(fields, 'paid_partnership', issues)
  const shareWithFollowers = optionalBoolean(fields, 'share_with_followers', issues)
  const communityId = fields.community_id
  if (communityId !== undefined && (typeof communityId !== 'string' || !ID.test(communityId)))
    issues.push({ parameter: 'community_id', detail: 'community_id must be a community id (digits)' })
  else if (typeof communityId === 'string' && !communityById(communityId))
    issues.push({ parameter: 'community_id', detail: `There is no community ${communityId}` })
  if (shareWithFollowers !== undefined && communityId === undefined)
    issues.push({ parameter: 'share_with_followers', detail: 'share_with_followers goes with community_id' })
  const editOptions = fields.edit_options
  let previousId: string | undefined
  if (editOptions !== undefined) {
    const id = (editOptions as { previous_post_id?: unknown } | null)?.previous_post_id
    if (typeof id !== 'string' || !ID.test(id))
      issues.push({
        parameter: 'edit_options.previous_post_id',
        detail: 'edit_options must be {"previous_post_id": "<id of the post to edit>"}',
      })
    else previousId = id
    for (const name of ['community_id', 'share_with_followers'])
      if (fields[name] !== undefined)
        issues.push({
          parameter: name,
          detail: `An edit keeps the community of the post it edits; leave ${name} out`,
        })
  }
  if (issues.length > 0) throw invalidRequest(issues)
  const community = typeof communityId === 'string' ? communityById(communityId) : undefined
  if (community && !community.memberIds.includes(user.user.id))
    throw forbidden(
      `@${user.user.screenName} is not a member of the community ${community.name}`,
      'community_id',
    )
  const previous = previousId === undefined ? undefined : editablePost(rt, user, previousId, ctx.now)

  const post = storePost(rt, ctx.now, {
    text: typeof text === 'string' ? text : '',
    media_keys: mediaKeys,
    nullcast: false,
    paid_partnership: paidPartnership ?? false,
    community_id: (previous ? previous.community_id : community?.id) ?? null,
    share_with_followers: (previous ? previous.share_with_followers : shareWithFollowers) ?? false,
    as_user_id: user.user.id,
    _mode: 'extended',
    _source: user.app.name,
    _created_ms: ctx.now,
    _chain_started_ms: previous ? chainStartedMs(previous) : ctx.now,
  })
  const id = String(post.id)
  post._edit_history = [...(previous ? editHistory(previous) : []), id]
  if (previous) {
    previous._superseded_by = id
    touch(previous, ctx.now)
  }
  return json(201, { data: presentPost(post, ['id', 'text', 'edit_history_post_ids']) })
}

export const platformPostRoutes: Route[] = [
  { method: 'POST', pattern: '/2/posts', handler: create },
  ...postReadRoutes,
]
