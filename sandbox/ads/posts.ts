import type { RequestContext, Route, Runtime } from '../context'
import { RawInteger } from '../http'
import type { AdsRecord, App, User } from '../state'
import { touch } from '../state'
import { AdsInput, accountIdOf, adsCaller, notFound, single } from './core'
import type { AdsCaller, ListSpec } from './core'
import { libraryItem, readyUpload } from './lookup'
import { mediaTypeOfMime } from '../media'
import { listRoute } from './resourceRoutes'
import {
  LONG_FORM_TEXT_MAX,
  MAX_IMAGES,
  STANDARD_TEXT_MAX,
  mediaMixProblem,
  storePost,
  weightedLength,
} from '../postRules'

const NAME_MAX = 80
const VIDEO_TITLE_MAX = 70
const VIDEO_DESCRIPTION_MAX = 200
/** Posts in compat mode truncate their text at the classic length. */
const COMPAT_LENGTH = 140

const POST_PARAMS = [
  'as_user_id',
  'text',
  'card_uri',
  'conversation_settings',
  'media_keys',
  'name',
  'nullcast',
  'trim_user',
  'post_mode',
  'video_cta',
  'video_cta_value',
  'video_description',
  'video_title',
]

function mediaTypeOf(rt: Runtime, caller: AdsCaller, key: string, now: number): string | undefined {
  const item = libraryItem(rt, accountIdOf(caller), key)
  if (item) return String(item.media_type)
  const upload = readyUpload(rt, caller.user.id, key, now)
  return upload ? mediaTypeOfMime(upload.mimeType) : undefined
}

function cardExists(rt: Runtime, accountId: string, uri: string): boolean {
  return [rt.state.cards, rt.state.pollCards, rt.state.videoConversationCards, rt.state.legacyCards].some(
    (cards) => cards.some((c) => c._account === accountId && c.card_uri === uri && !c.deleted),
  )
}

/**
 * GET accounts/:account_id/posts is not in the spec. It follows the real platform's public
 * GET accounts/:account_id/tweets: `tweet_type` (here post_type: DRAFT, PUBLISHED or SCHEDULED,
 * required), `count` (1 to 1000, default 200), `cursor`, `tweet_ids` (here post_ids, up to 200),
 * `name` (case-insensitive name prefix), `timeline_type` (ALL, NULLCAST default, ORGANIC),
 * `trim_user`, `user_id` and `include_mentions_and_replies`. Posts are returned as on read
 * (full text, conversation_settings), oldest first. Only published posts exist here.
 */
const POSTS_LIST: ListSpec = { countDefault: 200, countMax: 1000, withDeleted: false }
export const postRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/posts',
    spec: POSTS_LIST,
    filterParameters: [
      'post_type',
      'post_ids',
      'name',
      'timeline_type',
      'trim_user',
      'user_id',
      'include_mentions_and_replies',
    ],
    readFilters: (input) => {
      const filters = {
        type: input.oneOf('post_type', ['DRAFT', 'PUBLISHED', 'SCHEDULED'], { required: true }),
        ids: input.list('post_ids', { max: 200 }),
        name: input.string('name', { max: NAME_MAX })?.toLowerCase(),
        timeline: input.oneOf('timeline_type', ['ALL', 'NULLCAST', 'ORGANIC']) ?? 'NULLCAST',
        trimUser: input.bool('trim_user', false),
        userId: input.long('user_id'),
      }
      input.bool('include_mentions_and_replies', false)
      return filters
    },
    records: (rt, caller, { type, ids, name, timeline, userId }) =>
      rt.state.posts.filter(
        (p) =>
          type === 'PUBLISHED' &&
          p._account === accountIdOf(caller) &&
          (!ids || ids.includes(String(p.id))) &&
          (name === undefined ||
            String(p.name ?? '')
              .toLowerCase()
              .startsWith(name)) &&
          (timeline === 'ALL' || (timeline === 'NULLCAST') === Boolean(p.nullcast)) &&
          (userId === undefined || p.as_user_id === userId),
      ),
    present: (rt, post, { trimUser }) => postObject(rt, post, { trimUser, update: true }),
  }),
  {
    method: 'POST',
    pattern: '/accounts/:account_id/post',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const input = new AdsInput(ctx, POST_PARAMS)
      const asUserId = input.long('as_user_id', { required: true })
      // In the sandbox an account's advertiser is the user who owns it; nobody else has granted access.
      if (asUserId !== undefined && asUserId !== caller.account?._owner) {
        input.invalid(
          'as_user_id',
          `User ${asUserId} has not granted access to post on behalf of account ${accountId}`,
        )
      }
      const mediaKeys = input.list('media_keys', { max: MAX_IMAGES })
      const text = input.string('text')
      // The length belongs to the posting user: long-form with the premium subscription (as on
      // POST /2/posts), which the platform does not show; standard otherwise.
      const poster = rt.state.users.find((candidate) => candidate.id === (asUserId ?? caller.user.id))
      const textMax = poster?.premium === true ? LONG_FORM_TEXT_MAX : STANDARD_TEXT_MAX
      if (text !== undefined && weightedLength(text) > textMax) {
        input.invalid(
          'text',
          `text must be at most ${textMax} characters (weighted ${weightedLength(text)})${textMax === STANDARD_TEXT_MAX ? '; long-form posts need the premium subscription' : ''}`,
        )
      }
      if ((text === undefined || text.trim() === '') && !mediaKeys) input.missing('text')
      const cardUri = input.string('card_uri')
      if (cardUri !== undefined && !cardExists(rt, accountId, cardUri)) {
        input.invalid('card_uri', `${cardUri} is not a card of account ${accountId}`)
      }
      const conversation = input.oneOf('conversation_settings', ['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS'])
      const name = input.string('name', { max: NAME_MAX })
      const nullcast = input.bool('nullcast', true)
      if (!nullcast && asUserId !== undefined && asUserId !== caller.user.id) {
        input.invalid(
          'nullcast',
          'Organic posts (nullcast=false) are allowed only for the authenticated user',
        )
      }
      const trimUser = input.bool('trim_user', false)
      const mode = input.oneOf('post_mode', ['compat', 'extended'])
      // A call to action and its value only make sense together.
      const videoCta = input.oneOf('video_cta', ['VISIT_SITE', 'WATCH_NOW'])
      const videoCtaValue = input.string('video_cta_value')
      const hasValue = videoCtaValue !== undefined && videoCtaValue.trim() !== ''
      if (input.has('video_cta') && !hasValue) input.missing('video_cta_value')
      if (hasValue && videoCta === undefined && !input.has('video_cta'))
        input.invalid('video_cta_value', 'video_cta_value needs video_cta')
      input.string('video_description', { max: VIDEO_DESCRIPTION_MAX })
      input.string('video_title', { max: VIDEO_TITLE_MAX })
      if (mediaKeys) {
        const types = mediaKeys.map((key) => {
          const type = mediaTypeOf(rt, caller, key, ctx.now)
          if (!type)
            input.invalid('media_keys', `${key} is neither in the media library nor a finished upload`)
          return type
        })
        const known = types.filter((t): t is string => t !== undefined)
        const mix = known.length === types.length ? mediaMixProblem(known) : undefined
        if (mix) input.invalid('media_keys', mix)
      }
      input.finish()
      const post = storePost(rt, ctx.now, {
        _account: accountId,
        text: text ?? '',
        name: name ?? null,
        card_uri: cardUri ?? null,
        media_keys: mediaKeys ?? [],
        conversation_settings: conversation ?? 'EVERYONE',
        nullcast: nullcast,
        _mode: mode ?? 'compat',
        as_user_id: asUserId,
        _source: caller.app.name,
      })
      for (const key of mediaKeys ?? []) {
        const item = libraryItem(rt, accountId, key)
        // Being posted changes the library object, so its updated_at moves too.
        if (item && item.posted !== true) {
          item.posted = true
          touch(item, ctx.now)
        }
      }
      return single(ctx, postObject(rt, post, { trimUser, update: false }))
    },
  },
  {
    method: 'PUT',
    pattern: '/accounts/:account_id/posts/:post_id/name',
    handler: (ctx: RequestContext, rt: Runtime) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['name'])
      const name = input.string('name', { required: true, max: NAME_MAX })
      input.finish()
      const post = rt.state.posts.find(
        (p) => p._account === accountIdOf(caller) && p.id === ctx.params.post_id,
      )
      if (!post) throw notFound(ctx, `Post ${ctx.params.post_id}`)
      post.name = name
      touch(post, ctx.now)
      return single(ctx, postObject(rt, post, { trimUser: false, update: true }))
    },
  },
]

const LEGACY_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const LEGACY_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Post timestamps use the platform's classic format, e.g. `Wed Jan 07 10:00:00 +0000 2026`. */
function legacyDate(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${LEGACY_DAYS[d.getUTCDay()]} ${LEGACY_MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000 ${d.getUTCFullYear()}`
}

function entitiesOf(text: string, rt: Runtime): Record<string, unknown[]> {
  const entities: Record<string, unknown[]> = { hashtags: [], symbols: [], user_mentions: [], urls: [] }
  const pattern =
    /(https?:\/\/[^\s]+)|(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]+)|(?<![\p{L}\p{N}_])\$([A-Za-z]{1,6})\b|(?<![\p{L}\p{N}_])@(\w{1,15})/gu
  for (const match of text.matchAll(pattern)) {
    const start = [...text.slice(0, match.index)].length
    const indices = [start, start + [...match[0]].length]
    if (match[1]) {
      const display = match[1].replace(/^https?:\/\//, '')
      entities.urls?.push({
        url: match[1],
        expanded_url: match[1],
        display_url: display.length > 26 ? `${display.slice(0, 25)}…` : display,
        indices,
      })
    } else if (match[2]) entities.hashtags?.push({ text: match[2], indices })
    else if (match[3]) entities.symbols?.push({ text: match[3], indices })
    else if (match[4]) {
      const user = rt.state.users.find((u) => u.screenName.toLowerCase() === match[4]?.toLowerCase())
      entities.user_mentions?.push({
        screen_name: match[4],
        name: user?.name ?? match[4],
        id: user ? new RawInteger(user.id) : null,
        id_str: user?.id ?? null,
        indices,
      })
    }
  }
  return entities
}

function userObject(user: User | undefined, trim: boolean): Record<string, unknown> {
  const id = user?.id ?? '0'
  if (trim) return { id: new RawInteger(id), id_str: id }
  return {
    id: new RawInteger(id),
    id_str: id,
    name: user?.name ?? '',
    screen_name: user?.screenName ?? '',
    location: '',
    description: 'Sandbox advertiser',
    url: null,
    protected: false,
    verified: false,
    followers_count: 1_024,
    friends_count: 128,
    listed_count: 3,
    favourites_count: 42,
    statuses_count: 512,
    created_at: legacyDate(user?.createdAt ?? '2026-01-01T00:00:00Z'),
    profile_image_url_https: null,
    default_profile: true,
    default_profile_image: true,
  }
}

function postObject(
  rt: Runtime,
  post: AdsRecord,
  options: { trimUser: boolean; update: boolean },
): Record<string, unknown> {
  const text = String(post.text)
  const extended = post._mode === 'extended' || options.update
  const length = [...text].length
  const truncated = !extended && length > COMPAT_LENGTH
  const shown = truncated ? `${[...text].slice(0, COMPAT_LENGTH - 1).join('')}…` : text
  const author = rt.state.users.find((u) => u.id === post.as_user_id)
  const app = rt.state.apps.find((a: App) => a.name === post._source)
  const object: Record<string, unknown> = {
    created_at: legacyDate(String(post.created_at)),
    id: new RawInteger(String(post.id)),
    id_str: post.id,
    ...(extended ? { full_text: text } : { text: shown }),
    name: post.name,
    truncated,
    entities: entitiesOf(extended ? text : shown, rt),
    source: `<a href="https://developer.platform.example/apps" rel="nofollow">${app?.name ?? String(post._source)}</a>`,
    in_reply_to_status_id: null,
    in_reply_to_status_id_str: null,
    in_reply_to_user_id: null,
    in_reply_to_user_id_str: null,
    in_reply_to_screen_name: null,
    user: userObject(author, options.trimUser),
    geo: null,
    coordinates: null,
    place: null,
    contributors: null,
    repost_count: 0,
    favorite_count: 0,
    favorited: false,
    reposted: false,
    scopes: { followers: !post.nullcast },
    lang: text.trim() === '' ? 'und' : 'en',
  }
  if (post.card_uri) object.card_uri = post.card_uri
  const mediaKeys = Array.isArray(post.media_keys) ? (post.media_keys as string[]) : []
  if (mediaKeys.length > 0) {
    // As on the platform, attached media appear in extended_entities, each with its media_key.
    object.extended_entities = {
      media: mediaKeys.map((key) => {
        const upload = rt.state.uploads.find((u) => u.mediaKey === key)
        const type = upload ? mediaTypeOfMime(upload.mimeType) : undefined
        return {
          media_key: key,
          type: type === 'VIDEO' ? 'video' : type === 'GIF' ? 'animated_gif' : 'photo',
        }
      }),
    }
  }
  if (options.update) {
    Object.assign(object, {
      conversation_settings: post.conversation_settings,
      nullcast: post.nullcast,
      scheduled_status: null,
      scheduled_at: null,
      post_type: 'PUBLISHED',
      display_text_range: [0, length],
      post_id: post.id,
    })
  }
  return object
}
