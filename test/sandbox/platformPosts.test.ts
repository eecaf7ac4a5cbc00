import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { authorizeDemoUser, call, gifOf, mp4Of, pngOf, upload, uploadUntilFinalized } from './helpers/client'
import { useSandbox } from './helpers/setup'
import type { UserTokens } from './helpers/client'

interface Problem {
  title: string
  type: string
  detail: string
  status: number
  parameter?: string
}
interface Created {
  data: { id: string; text: string; edit_history_post_ids: string[] }
  errors?: Problem[]
}
interface Read {
  data?: Record<string, unknown> & { id: string }
  errors?: (Problem & { resource_id?: string })[]
}

const env = useSandbox({ limits: { videoProcessingMs: 300 } })
let other: UserTokens
beforeAll(async () => {
  other = await authorizeDemoUser(env.sandbox, 'write', { username: 'other_advertiser' })
})
afterEach(() => {
  vi.useRealTimers()
})

const postsUrl = (path = ''): string => `${env.sandbox.apiUrl}/2/posts${path}`
const post = (json: unknown, who: UserTokens = env.user) =>
  call<Created>(who, { method: 'POST', url: postsUrl(), json })
const read = (id: string, fields?: string, who: UserTokens = env.user) =>
  call<Read>(who, { url: postsUrl(`/${id}`), ...(fields ? { query: { 'post.fields': fields } } : {}) })
const edit = (previous: string, json: Record<string, unknown> = {}, who: UserTokens = env.user) =>
  post({ text: `edited ${previous}`, ...json, edit_options: { previous_post_id: previous } }, who)
const setPremium = (userId: string, premium: boolean) =>
  fetch(`${env.sandbox.apiUrl}/__admin/users/${userId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ premium }),
  })

describe('POST /2/posts', () => {
  it('creates an organic post, 201 with id, text and its one-entry edit history', async () => {
    const created = await post({ text: 'Hello from the sandbox #launch' })
    expect(created.status, created.text).toBe(201)
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^\d{19}$/),
      text: 'Hello from the sandbox #launch',
      edit_history_post_ids: [created.body.data.id],
    })
    const back = await read(created.body.data.id, 'author_id,created_at,paid_partnership')
    expect(back.body.data).toMatchObject({
      author_id: env.user.userId,
      paid_partnership: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
  })

  it('stores paid_partnership and reads it back as a field', async () => {
    const created = await post({ text: 'Sponsored by Acme', paid_partnership: true })
    expect(created.status).toBe(201)
    expect((await read(created.body.data.id, 'paid_partnership')).body.data?.paid_partnership).toBe(true)
    const wrong = await post({ text: 'x', paid_partnership: 'yes' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors?.[0]).toMatchObject({ parameter: 'paid_partnership', status: 400 })
  })

  it('posts in a community the author belongs to, sharing with followers only with community_id', async () => {
    const inCommunity = await post({ text: 'For designers', community_id: env.sandbox.demo.communityId })
    expect(inCommunity.status, inCommunity.text).toBe(201)
    expect((await read(inCommunity.body.data.id, 'community_id')).body.data?.community_id).toBe(
      env.sandbox.demo.communityId,
    )
    const shared = await post({
      text: 'Also for my followers',
      community_id: env.sandbox.demo.communityId,
      share_with_followers: true,
    })
    expect(shared.status).toBe(201)
    const alone = await post({ text: 'x', share_with_followers: true })
    expect(alone.status).toBe(400)
    expect(alone.body.errors?.[0]?.parameter).toBe('share_with_followers')
    const notMember = await post({ text: 'x', community_id: env.sandbox.demo.otherCommunityId })
    expect(notMember.status).toBe(403)
    expect(notMember.body.errors?.[0]).toMatchObject({ parameter: 'community_id', status: 403 })
    expect((await post({ text: 'x', community_id: '42' })).status).toBe(400)
  })

  it('checks text, fields and the JSON body, naming each field', async () => {
    const empty = await post({})
    expect(empty.body.errors?.map((e) => e.parameter)).toEqual(['text'])
    const unknown = await post({ text: 'x', reply_settings: 'following' })
    expect(unknown.body.errors?.[0]?.parameter).toBe('reply_settings')
    const form = await call<Created>(env.user, { method: 'POST', url: postsUrl(), form: { text: 'x' } })
    expect(form.status).toBe(400)
    expect(form.headers.get('content-type')).toMatch(/application\/problem\+json/)
    // Premium users write long-form posts (25,000); others standard ones (4,000).
    expect((await post({ text: 'a'.repeat(4_001) })).status).toBe(201)
    const standard = await post({ text: 'a'.repeat(4_001) }, other)
    expect(standard.status).toBe(400)
    expect(standard.body.errors?.[0]?.detail).toMatch(/4000.*premium/)
  })

  it('attaches finished uploads only: a video still processing is refused until it succeeds', async () => {
    const image = await upload(env.sandbox, env.user, pngOf(1200, 628), 'image/png', 'post_image')
    const withImage = await post({ text: 'pic', media: { media_ids: [image.mediaId] } })
    expect(withImage.status, withImage.text).toBe(201)
    expect((await read(withImage.body.data.id, 'attachments')).body.data?.attachments).toEqual({
      media_keys: [image.mediaKey],
    })
    const video = await uploadUntilFinalized(
      env.sandbox,
      env.user,
      mp4Of(1280, 720, 5_000),
      'video/mp4',
      'post_video',
    )
    const early = await post({ text: 'clip', media: { media_ids: [video.mediaId] } })
    expect(early.status).toBe(400)
    expect(early.body.errors?.[0]).toMatchObject({
      parameter: 'media.media_ids',
      detail: expect.stringMatching(/still processing/),
    })
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect((await post({ text: 'clip', media: { media_ids: [video.mediaId] } })).status).toBe(201)
    const gif = await upload(env.sandbox, env.user, gifOf(480, 270), 'image/gif')
    const mixed = await post({ text: 'mix', media: { media_ids: [image.mediaId, gif.mediaId] } })
    expect(mixed.body.errors?.[0]?.detail).toMatch(/4 images, or 1 GIF, or 1 video/)
    const theirs = await post({ text: 'x', media: { media_ids: [image.mediaId] } }, other)
    expect(theirs.body.errors?.[0]?.detail).toMatch(/not a finished upload of yours/)
  })
})

describe('editing a post (edit_options.previous_post_id)', () => {
  it('makes an edit chain: each edit is a new post listing every version, oldest first', async () => {
    const first = (await post({ text: 'Version one', paid_partnership: true })).body.data
    const second = await edit(first.id, { text: 'Version two' })
    expect(second.status, second.text).toBe(201)
    expect(second.body.data.edit_history_post_ids).toEqual([first.id, second.body.data.id])
    const third = (await edit(second.body.data.id, { text: 'Version three' })).body.data
    expect(third.edit_history_post_ids).toEqual([first.id, second.body.data.id, third.id])
    const latest = await read(third.id, 'edit_controls,paid_partnership')
    expect(latest.body.data).toMatchObject({
      text: 'Version three',
      paid_partnership: false,
      edit_controls: { edits_remaining: 3, is_edit_eligible: true },
    })
    // Earlier versions stay readable, and the chain can only grow from its latest version.
    expect((await read(first.id)).body.data?.text).toBe('Version one')
    const stale = await edit(first.id)
    expect(stale.status).toBe(400)
    expect(stale.body.errors?.[0]?.detail).toContain(third.id)
  })

  it("refuses someone else's post, a post made for an ad account, and an unknown one", async () => {
    const mine = (await post({ text: 'Mine' })).body.data
    const theirs = await edit(mine.id, {}, other)
    expect(theirs.status).toBe(403)
    expect(theirs.body.errors?.[0]).toMatchObject({ parameter: 'edit_options.previous_post_id' })
    const account = env.sandbox.demo.accountIds[0] ?? ''
    const promoted = await call<{ data: { id_str: string } }>(env.user, {
      method: 'POST',
      url: `${env.sandbox.adsUrl}/12/accounts/${account}/post`,
      form: { as_user_id: env.user.userId, text: 'Promoted only' },
    })
    expect((await edit(promoted.body.data.id_str)).status).toBe(403)
    expect((await edit('1234567890123456789')).status).toBe(400)
    const inCommunity = await edit(mine.id, { community_id: env.sandbox.demo.communityId })
    expect(inCommunity.body.errors?.[0]?.parameter).toBe('community_id')
  })

  it('needs the premium subscription', async () => {
    const draft = (await post({ text: 'Before the subscription lapses' })).body.data
    expect((await setPremium(env.user.userId, false)).status).toBe(200)
    try {
      const refused = await edit(draft.id)
      expect(refused.status).toBe(403)
      expect(refused.body.errors?.[0]?.detail).toMatch(/premium subscription/)
    } finally {
      await setPremium(env.user.userId, true)
    }
    expect((await edit(draft.id)).status).toBe(201)
  })

  it('works within one hour of the first version only, and five times at most', async () => {
    const start = Date.now()
    const original = (await post({ text: 'Edit me' })).body.data
    const controls = (await read(original.id, 'edit_controls')).body.data?.edit_controls as {
      editable_until: string
    }
    expect(Date.parse(controls.editable_until) - start).toBeGreaterThanOrEqual(3_600_000 - 5_000)
    let latest = original.id
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start + 59 * 60_000)
    for (let i = 0; i < 5; i++) {
      const next = await edit(latest, { text: `Edit ${i + 1}` })
      expect(next.status, next.text).toBe(201)
      latest = next.body.data.id
    }
    const sixth = await edit(latest)
    expect(sixth.status).toBe(403)
    expect(sixth.body.errors?.[0]?.detail).toMatch(/edited 5 times/)

    const another = (await post({ text: 'Too late soon' })).body.data
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1_000)
    const late = await edit(another.id)
    expect(late.status).toBe(403)
    expect(late.body.errors?.[0]?.detail).toMatch(/within one hour of creation/)
  })
})

describe('reading posts', () => {
  it('answers an unknown or deleted post with 200 and a not-found problem, and lists by ids', async () => {
    const kept = (await post({ text: 'Kept' })).body.data
    const missing = await read('1234567890123456789')
    expect(missing.status).toBe(200)
    expect(missing.body.data).toBeUndefined()
    expect(missing.body.errors?.[0]).toMatchObject({
      title: 'Not Found Error',
      resource_id: '1234567890123456789',
      type: expect.stringMatching(/resource-not-found$/),
    })
    const list = await call<{ data: { id: string }[]; errors: Problem[] }>(env.user, {
      url: postsUrl(),
      query: { ids: `${kept.id},1234567890123456789`, 'post.fields': 'created_at' },
    })
    expect(list.body.data.map((p) => p.id)).toEqual([kept.id])
    expect(list.body.errors).toHaveLength(1)
    const badField = await read(kept.id, 'likes')
    expect(badField.status).toBe(400)
    expect(badField.body.errors?.[0]?.parameter).toBe('post.fields')
    expect((await call(env.user, { url: postsUrl() })).status).toBe(400)
  })
})
