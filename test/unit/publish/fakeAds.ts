import type { HttpClient, HttpRequest, HttpResponse } from '../../../src/main/api/http'
import { failureFor } from '../../../src/main/api/http'
import type { PublishAccess } from '../../../src/main/publish/access'
import type { OutboxDrafts } from '../../../src/main/publish/outbox'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { AppFailure, appError } from '../../../src/shared/errors'

/**
 * An in-memory stand-in for the ads API at the HttpClient seam: answers at once, keeps what
 * was created, and can lose the answer of chosen POSTs after committing them. For unit tests
 * of the runner and for the outbox bench (which must not measure a network).
 */

type Item = Record<string, unknown> & { id?: string; created_at: string }

export interface FakeAds extends HttpClient {
  created: {
    uploads: number
    library: Item[]
    cards: Item[]
    polls: Item[]
    conversations: Item[]
    posts: Item[]
  }
  /** POSTs sent, by path (last segment). */
  posts: string[]
  /** Return true to commit a POST and then lose its answer. */
  loseAnswer?: (req: HttpRequest) => boolean
  /** Time spent inside send/exchange (ms), so benches can subtract the "network". */
  timeInside: number
}

function formOf(req: HttpRequest): Record<string, string> {
  if (req.body?.kind === 'form') {
    return Object.fromEntries(
      Object.entries(req.body.fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
    )
  }
  if (req.body?.kind === 'multipart')
    return Object.fromEntries([...req.body.form.entries()].map(([k, v]) => [k, String(v)]))
  return {}
}

function ok(json: unknown, status = 200): HttpResponse {
  return { status, headers: {}, text: '', json }
}

export function createFakeAds(): FakeAds {
  let seq = 0
  const stamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
  const fake: FakeAds = {
    created: { uploads: 0, library: [], cards: [], polls: [], conversations: [], posts: [] },
    posts: [],
    timeInside: 0,
    clockOffsetMs: () => 0,
    async exchange(req) {
      return handle(req)
    },
    async send(req) {
      const started = performance.now()
      try {
        const response = handle(req)
        if (response.status >= 300) throw failureFor(req, response)
        if (req.method === 'POST' && fake.loseAnswer?.(req)) {
          throw new AppFailure(appError('outcome_unknown', 'lost'))
        }
        return response
      } finally {
        fake.timeInside += performance.now() - started
      }
    },
  }
  const list = (items: Item[], query: HttpRequest['query']) => {
    const q =
      typeof query?.q === 'string'
        ? query.q.toLowerCase()
        : typeof query?.name === 'string'
          ? query.name.toLowerCase()
          : undefined
    return ok({
      data: items.filter(
        (item) =>
          q === undefined ||
          String(item.name ?? '')
            .toLowerCase()
            .startsWith(q),
      ),
      next_cursor: null,
    })
  }
  function handle(req: HttpRequest): HttpResponse {
    const path = new URL(req.url).pathname
    const form = formOf(req)
    if (path.endsWith('/media/upload')) {
      const command = req.method === 'GET' ? String(req.query?.command) : form.command
      if (command === 'INIT') {
        if (req.method === 'POST') fake.posts.push('upload')
        fake.created.uploads += 1
        seq += 1
        return ok({ media_id_string: String(seq), media_key: `3_${seq}` }, 202)
      }
      if (command === 'APPEND') return { status: 204, headers: {}, text: '', json: undefined }
      const mediaId = String(form.media_id ?? req.query?.media_id)
      return ok({ media_id_string: mediaId, media_key: `3_${mediaId}` }, 201)
    }
    const tail = path.split('/').slice(5).join('/')
    if (req.method === 'POST') fake.posts.push(tail)
    if (req.method === 'GET' && tail.startsWith('media_library/')) {
      const key = tail.slice('media_library/'.length)
      const item = fake.created.library.find((i) => i.media_key === key)
      return item
        ? ok({ data: item })
        : { status: 404, headers: {}, text: '', json: { errors: [{ code: 'NOT_FOUND', message: 'no' }] } }
    }
    const collections: Record<string, Item[]> = {
      media_library: fake.created.library,
      cards: fake.created.cards,
      'cards/poll': fake.created.polls,
      'cards/video_conversation': fake.created.conversations,
      post: fake.created.posts,
      posts: fake.created.posts,
    }
    const items = collections[tail]
    if (!items) return { status: 404, headers: {}, text: '', json: {} }
    if (req.method === 'GET') return list(items, req.query)
    seq += 1
    const id = String(seq)
    const body = req.body?.kind === 'json' ? (req.body.value as Record<string, unknown>) : form
    const item: Item =
      tail === 'post'
        ? {
            id: id,
            id_str: id,
            name: body.name ?? null,
            full_text: body.text ?? '',
            card_uri: body.card_uri,
            created_at: stamp(),
            ...(body.media_keys
              ? {
                  extended_entities: {
                    media: String(body.media_keys)
                      .split(',')
                      .map((k) => ({ media_key: k })),
                  },
                }
              : {}),
          }
        : { ...body, id, card_uri: `card://${id}`, created_at: stamp() }
    items.push(item)
    return ok({ data: item })
  }
  return fake
}

/** Publish access for a connected profile (account `acc`) whose every request goes to `http`. */
export function fakeAccess(http: HttpClient = createFakeAds()): PublishAccess {
  return {
    status: () => 'connected',
    context: async () => ({
      http,
      hosts: { apiUrl: 'http://fake', adsUrl: 'http://fake/ads', adsSandboxUrl: 'http://fake/ads' },
      credentials: { consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' },
    }),
    markExpired: () => undefined,
    active: () => ({ profileId: 'p', accountId: 'acc', userId: '42', label: 'P' }),
  }
}

/** The draft store as the outbox uses it, in memory; `all` is what it holds now. */
export function memoryDrafts(drafts: Draft[]): OutboxDrafts & { all: Map<string, Draft> } {
  const all = new Map(drafts.map((d) => [d.id, d]))
  return {
    all,
    ready: Promise.resolve(),
    get: (id) => structuredClone(all.get(id)),
    flush: async () => undefined,
    async setStatus(id, status, published) {
      const d = all.get(id)!
      all.set(id, { ...d, status, published: { ...d.published, ...published } })
    },
  }
}
