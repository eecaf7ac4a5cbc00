import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

interface Envelope<T = Record<string, unknown>> {
  request: { params: Record<string, unknown> }
  data: T
  next_cursor?: string | null
  errors?: { code: string; message: string; parameter?: string }[]
}
type Card = {
  id: string
  name: string
  card_type: string
  card_uri: string
  components?: unknown[]
  deleted: boolean
}

let sandbox: Sandbox
let user: UserTokens
let main: string
let second: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  user = await authorizeDemoUser(sandbox)
  ;[main = '', second = ''] = sandbox.demo.accountIds
})
afterAll(async () => {
  await sandbox.close()
})

const ads = (path: string): string => `${sandbox.adsUrl}/12${path}`
function keyOf(namePrefix: string, account = main): string {
  const item = sandbox
    .state()
    .mediaLibrary.find((m) => m._account === account && String(m.name).startsWith(namePrefix))
  if (!item) throw new Error(`no seeded media ${namePrefix}`)
  return String(item.media_key)
}
const parameters = (response: { body: Envelope<unknown> }): (string | undefined)[] =>
  (response.body.errors ?? []).map((e) => e.parameter)
const postJson = (path: string, json: unknown) =>
  call<Envelope<Card>>(user, { method: 'POST', url: ads(path), json })
const postForm = <T = Record<string, unknown>>(path: string, form: Record<string, string>) =>
  call<Envelope<T>>(user, { method: 'POST', url: ads(path), form })

const website = (url = 'https://example.com/') => ({
  type: 'DETAILS',
  title: 'Shop now',
  destination: { type: 'WEBSITE', url },
})
const app = (
  destination: Record<string, unknown> = {
    type: 'APP',
    country_code: 'US',
    ios_app_store_identifier: '333903271',
  },
) => ({
  type: 'BUTTON',
  label: { type: 'ENUM', value: 'INSTALL' },
  destination,
})

describe('component cards', () => {
  it('creates cards from JSON and derives the card type', async () => {
    const image = keyOf('Summer sale banner')
    const video = keyOf('Product video 16x9')
    const cases: [unknown, string][] = [
      [[{ type: 'MEDIA', media_key: image }, website()], 'IMAGE_WEBSITE'],
      [[{ type: 'MEDIA', media_key: video }, app()], 'VIDEO_APP'],
      [
        [{ type: 'SWIPEABLE_MEDIA', media_keys: [image, video] }, website()],
        'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
      ],
      [
        [{ type: 'SWIPEABLE_MEDIA', media_keys: [image, keyOf('Square product')] }, app()],
        'IMAGE_CAROUSEL_APP',
      ],
    ]
    for (const [components, type] of cases) {
      const response = await postJson(`/accounts/${main}/cards`, { name: `Card ${type}`, components })
      expect(response.status, JSON.stringify(response.body.errors)).toBe(200)
      expect(response.body.data).toMatchObject({
        card_type: type,
        card_uri: `card://${response.body.data.id}`,
        components,
        deleted: false,
      })
    }
    const slides = await postJson(`/accounts/${main}/cards`, {
      name: 'Multi destination',
      slides: [
        [{ type: 'MEDIA', media_key: image }, website('https://example.com/a')],
        [{ type: 'MEDIA', media_key: keyOf('Square product') }, website('https://example.com/b')],
      ],
    })
    expect(slides.body.data.card_type).toBe('IMAGE_MULTI_DEST_CAROUSEL_WEBSITE')
    expect(sandbox.created().cards).toBe(5)
  })

  it('accepts JSON only', async () => {
    const response = await call<Envelope>(user, {
      method: 'POST',
      url: ads(`/accounts/${main}/cards`),
      form: { name: 'form encoded', components: '[]' },
    })
    expect(response.status).toBe(400)
    expect(response.body.errors?.[0]?.code).toBe('INVALID_CONTENT_TYPE')
  })

  it('rejects each component rule, naming the nested parameter', async () => {
    const image = keyOf('Summer sale banner')
    const cases: [unknown, string][] = [
      [{ name: 'x'.repeat(81), components: [{ type: 'MEDIA', media_key: image }, website()] }, 'name'],
      [{ components: [{ type: 'MEDIA', media_key: image }, website()] }, 'name'],
      [{ name: 'both', components: [], slides: [] }, 'slides'],
      [{ name: 'neither' }, 'components'],
      [{ name: 'no destination', components: [{ type: 'MEDIA', media_key: image }] }, 'components'],
      [
        {
          name: 'two media',
          components: [{ type: 'MEDIA', media_key: image }, { type: 'MEDIA', media_key: image }, website()],
        },
        'components',
      ],
      [
        { name: 'gif', components: [{ type: 'MEDIA', media_key: keyOf('Looping teaser') }, website()] },
        'components[0].media_key',
      ],
      [
        {
          name: 'foreign media',
          components: [{ type: 'MEDIA', media_key: keyOf('Second account banner', second) }, website()],
        },
        'components[0].media_key',
      ],
      [
        { name: 'one swipe', components: [{ type: 'SWIPEABLE_MEDIA', media_keys: [image] }, website()] },
        'components[0].media_keys',
      ],
      [
        {
          name: 'seven swipes',
          components: [{ type: 'SWIPEABLE_MEDIA', media_keys: Array(7).fill(image) }, website()],
        },
        'components[0].media_keys',
      ],
      [
        { name: 'bad url', components: [{ type: 'MEDIA', media_key: image }, website('ftp://example.com')] },
        'components[1].destination.url',
      ],
      [
        {
          name: 'details app',
          components: [
            { type: 'MEDIA', media_key: image },
            { type: 'DETAILS', title: 't', destination: { type: 'APP', country_code: 'US' } },
          ],
        },
        'components[1].destination',
      ],
      [
        {
          name: 'bad label',
          components: [
            { type: 'MEDIA', media_key: image },
            { ...app(), label: { type: 'ENUM', value: 'BUY' } },
          ],
        },
        'components[1].label',
      ],
      [
        {
          name: 'no country',
          components: [
            { type: 'MEDIA', media_key: image },
            app({ type: 'APP', ios_app_store_identifier: '1' }),
          ],
        },
        'components[1].destination.country_code',
      ],
      [
        {
          name: 'no store id',
          components: [{ type: 'MEDIA', media_key: image }, app({ type: 'APP', country_code: 'US' })],
        },
        'components[1].destination.android_store_app_id',
      ],
      [
        {
          name: 'deep link alone',
          components: [
            { type: 'MEDIA', media_key: image },
            app({
              type: 'APP',
              country_code: 'US',
              ios_app_store_identifier: '1',
              android_store_deep_link: 'x://y',
            }),
          ],
        },
        'components[1].destination.android_store_deep_link',
      ],
      [{ name: 'one slide', slides: [[{ type: 'MEDIA', media_key: image }, website()]] }, 'slides'],
      [
        {
          name: 'app slide',
          slides: [
            [{ type: 'MEDIA', media_key: image }, website()],
            [{ type: 'MEDIA', media_key: image }, app()],
          ],
        },
        'slides[1]',
      ],
    ]
    const before = sandbox.created().cards
    for (const [body, parameter] of cases) {
      const response = await postJson(`/accounts/${main}/cards`, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(parameters(response), JSON.stringify(body)).toContain(parameter)
    }
    expect(sandbox.created().cards).toBe(before)
  })

  it('lists with filters and a case-insensitive name prefix, gets, updates with PUT and deletes', async () => {
    const image = keyOf('Summer sale banner')
    const created = await postJson(`/accounts/${main}/cards`, {
      name: 'Reconcile-Me 42',
      components: [{ type: 'MEDIA', media_key: image }, website()],
    })
    const id = created.body.data.id
    const byPrefix = await call<Envelope<Card[]>>(user, {
      url: ads(`/accounts/${main}/cards`),
      query: { q: 'reconcile-me' },
    })
    expect(byPrefix.body.data.map((c) => c.id)).toEqual([id])
    const notInfix = await call<Envelope<Card[]>>(user, {
      url: ads(`/accounts/${main}/cards`),
      query: { q: 'me 42' },
    })
    expect(notInfix.body.data).toEqual([])
    const byType = await call<Envelope<Card[]>>(user, {
      url: ads(`/accounts/${main}/cards`),
      query: { card_types: 'VIDEO_APP' },
    })
    expect(byType.body.data.every((c) => c.card_type === 'VIDEO_APP')).toBe(true)
    expect(
      (await call<Envelope>(user, { url: ads(`/accounts/${main}/cards`), query: { card_types: 'HOLOGRAM' } }))
        .body.errors?.[0]?.parameter,
    ).toBe('card_types')
    const byUri = await call<Envelope<Card[]>>(user, {
      url: ads(`/accounts/${main}/cards`),
      query: { card_uris: `card://${id}` },
    })
    expect(byUri.body.data).toHaveLength(1)

    const one = await call<Envelope<Card[]>>(user, { url: ads(`/accounts/${main}/cards/${id}`) })
    expect(Array.isArray(one.body.data)).toBe(true)
    expect(one.body.data[0]?.id).toBe(id)

    const updated = await call<Envelope<Card>>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/cards/${id}`),
      json: {
        name: 'Renamed',
        components: [{ type: 'MEDIA', media_key: keyOf('Product video 16x9') }, website()],
      },
    })
    expect(updated.body.data).toMatchObject({ name: 'Renamed', card_type: 'VIDEO_WEBSITE' })
    const badUpdate = await call<Envelope>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/cards/${id}`),
      json: { name: '' },
    })
    expect(badUpdate.body.errors?.[0]?.parameter).toBe('name')
    const formUpdate = await call<Envelope>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/cards/${id}`),
      form: { name: 'x' },
    })
    expect(formUpdate.status).toBe(400)

    const removed = await call<Envelope<Card>>(user, {
      method: 'DELETE',
      url: ads(`/accounts/${main}/cards/${id}`),
    })
    expect(removed.body.data.deleted).toBe(true)
    expect((await call(user, { url: ads(`/accounts/${main}/cards/${id}`) })).status).toBe(404)
    expect(
      (await call(user, { url: ads(`/accounts/${main}/cards/${id}`), query: { with_deleted: 'true' } }))
        .status,
    ).toBe(200)
  })

  it('lists legacy cards only with include_legacy_cards and deletes them on the legacy path', async () => {
    const plain = await call<Envelope<Card[]>>(user, { url: ads(`/accounts/${main}/cards`) })
    expect(plain.body.data.some((c) => c.card_type === 'IMAGE_CONVERSATION')).toBe(false)
    const all = await call<Envelope<Card[]>>(user, {
      url: ads(`/accounts/${main}/cards`),
      query: { include_legacy_cards: 'true', card_types: 'IMAGE_CONVERSATION' },
    })
    const legacy = all.body.data[0]
    expect(legacy?.card_type).toBe('IMAGE_CONVERSATION')
    const removed = await call<Envelope<Record<string, unknown>>>(user, {
      method: 'DELETE',
      url: ads(`/accounts/${main}/cards/image_conversation/${legacy?.id}`),
    })
    expect(Object.keys(removed.body.data).sort()).toEqual([
      'card_type',
      'created_at',
      'deleted',
      'id',
      'name',
      'updated_at',
    ])
    expect(removed.body.data.deleted).toBe(true)
    expect(
      (
        await call(user, {
          method: 'DELETE',
          url: ads(`/accounts/${main}/cards/image_conversation/${legacy?.id}`),
        })
      ).status,
    ).toBe(404)
  })
})

describe('poll cards', () => {
  const poll = (form: Record<string, string>, account = main) =>
    postForm<Record<string, unknown>>(`/accounts/${account}/cards/poll`, {
      name: 'Poll',
      duration_in_minutes: '60',
      first_choice: 'Yes',
      second_choice: 'No',
      ...form,
    })

  it('creates text, image and video polls', async () => {
    const text = await poll({ third_choice: 'Maybe', fourth_choice: 'Later' })
    expect(text.body.data).toMatchObject({
      card_type: 'TEXT_POLLS',
      third_choice: 'Maybe',
      fourth_choice: 'Later',
      duration_in_minutes: 60,
    })
    const start = Date.parse(String(text.body.data.start_time))
    expect(Date.parse(String(text.body.data.end_time)) - start).toBe(3_600_000)
    expect(text.body.data).not.toHaveProperty('media_key')
    const image = await poll({ media_key: keyOf('Minimum poll image 800x419') })
    expect(image.body.data.card_type).toBe('IMAGE_POLLS')
    const video = await poll({ media_key: keyOf('Product video 16x9') })
    expect(video.body.data).toMatchObject({
      card_type: 'VIDEO_POLLS',
      video_width: '1920',
      video_height: '1080',
      content_duration_seconds: '15',
    })
    const fetched = await call<Envelope<Record<string, unknown>>>(user, {
      url: ads(`/accounts/${main}/cards/poll/${String(video.body.data.id)}`),
    })
    expect(fetched.body.data.id).toBe(video.body.data.id)
  })

  it('rejects each poll rule', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ duration_in_minutes: '4' }, 'duration_in_minutes'],
      [{ duration_in_minutes: '10081' }, 'duration_in_minutes'],
      [{ first_choice: 'x'.repeat(26) }, 'first_choice'],
      [{ second_choice: '' }, 'second_choice'],
      [{ fourth_choice: 'Four' }, 'fourth_choice'],
      [{ name: '' }, 'name'],
      [{ media_key: keyOf('Small banner 600x314') }, 'media_key'],
      [{ media_key: keyOf('Square product shot') }, 'media_key'],
      [{ media_key: keyOf('Looping teaser GIF') }, 'media_key'],
    ]
    for (const [form, parameter] of cases) {
      const response = await poll(form)
      expect(response.status, JSON.stringify(form)).toBe(400)
      expect(parameters(response)).toContain(parameter)
    }
    const noFeature = await poll({ media_key: keyOf('Second account banner', second) }, second)
    expect(noFeature.status).toBe(403)
    expect(noFeature.body.errors?.[0]).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      parameter: 'media_key',
    })
    expect((await poll({}, second)).status).toBe(200)
  })

  it('cannot be updated and is deleted on the legacy path', async () => {
    const created = await poll({ name: 'Doomed poll' })
    const id = String(created.body.data.id)
    expect(
      (
        await call(user, {
          method: 'PUT',
          url: ads(`/accounts/${main}/cards/poll/${id}`),
          form: { name: 'x' },
        })
      ).status,
    ).toBe(404)
    const removed = await call<Envelope<{ deleted: boolean; card_type: string }>>(user, {
      method: 'DELETE',
      url: ads(`/accounts/${main}/cards/poll/${id}`),
    })
    expect(removed.body.data).toMatchObject({ deleted: true, card_type: 'TEXT_POLLS' })
  })
})

describe('video conversation cards', () => {
  const base = () => ({
    name: 'Conversation',
    first_cta: '#Yes',
    first_cta_post: 'I said yes',
    media_key: keyOf('Product video 16x9'),
    thank_you_text: 'Thanks!',
    title: 'Pick one',
  })

  it('creates a card, then updates it with PUT', async () => {
    const created = await postForm<Record<string, unknown>>(`/accounts/${main}/cards/video_conversation`, {
      ...base(),
      unlocked_image_media_key: keyOf('Square product'),
    })
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200)
    expect(created.body.data).toMatchObject({
      card_type: 'VIDEO_CONVERSATION',
      title: 'Pick one',
      video_owner_id: user.userId,
      video_width: '1920',
      video_height: '1080',
    })
    expect(created.body.data).not.toHaveProperty('unlocked_image_media_key')
    const id = String(created.body.data.id)
    const updated = await call<Envelope<Record<string, unknown>>>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/cards/video_conversation/${id}`),
      form: { title: '', second_cta: '#No', second_cta_post: 'I said no' },
    })
    expect(updated.status, JSON.stringify(updated.body.errors)).toBe(200)
    expect(updated.body.data).toMatchObject({ title: null, second_cta: '#No' })
    const broken = await call<Envelope>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/cards/video_conversation/${id}`),
      form: { second_cta: '' },
    })
    expect(parameters(broken)).toEqual(expect.arrayContaining(['title', 'second_cta']))
    expect(sandbox.created().video_conversation_cards).toBe(1)
  })

  it('rejects each rule', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ first_cta: 'Yes' }, 'first_cta'],
      [{ first_cta: `#${'a'.repeat(21)}` }, 'first_cta'],
      [{ first_cta_post: undefined }, 'first_cta_post'],
      [{ thank_you_text: 'x'.repeat(24) }, 'thank_you_text'],
      [{ title: 'x'.repeat(24) }, 'title'],
      [{ title: undefined }, 'title'],
      [{ second_cta: '#No' }, 'second_cta_post'],
      [{ third_cta: '#Three', third_cta_post: undefined }, 'third_cta_post'],
      [{ media_key: keyOf('Square video 1x1') }, 'media_key'],
      [{ media_key: keyOf('Summer sale banner') }, 'media_key'],
      [{ thank_you_url: 'not a url' }, 'thank_you_url'],
      [{ unlocked_video_media_key: keyOf('Summer sale banner') }, 'unlocked_video_media_key'],
    ]
    for (const [overrides, parameter] of cases) {
      const form = Object.fromEntries(
        Object.entries({ ...base(), ...overrides }).filter((e): e is [string, string] => e[1] !== undefined),
      )
      const response = await postForm(`/accounts/${main}/cards/video_conversation`, form)
      expect(response.status, JSON.stringify(overrides)).toBe(400)
      expect(parameters(response), JSON.stringify(overrides)).toContain(parameter)
    }
  })
})

describe('posts for an account', () => {
  it('creates a post with a card and renames it', async () => {
    const cards = await call<Envelope<Card[]>>(user, { url: ads(`/accounts/${main}/cards`) })
    const cardUri = cards.body.data[0]?.card_uri ?? ''
    const created = await postForm<Record<string, unknown>>(`/accounts/${main}/post`, {
      as_user_id: user.userId,
      text: 'Summer is here #sale @other_advertiser https://example.com/sale',
      card_uri: cardUri,
      name: 'Summer post',
      trim_user: 'true',
    })
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200)
    const post = created.body.data
    expect(post.id_str).toMatch(/^\d{19}$/)
    expect(created.text).toContain(`"id":${String(post.id_str)}`)
    expect(post).toMatchObject({
      name: 'Summer post',
      truncated: false,
      user: { id_str: user.userId },
      scopes: { followers: false },
    })
    expect(Object.keys(post.user as object).sort()).toEqual(['id', 'id_str'])
    expect(post).not.toHaveProperty('conversation_settings')
    const entities = post.entities as {
      hashtags: { text: string; indices: number[] }[]
      user_mentions: unknown[]
      urls: unknown[]
    }
    expect(entities.hashtags).toEqual([{ text: 'sale', indices: [15, 20] }])
    expect(entities.user_mentions).toHaveLength(1)
    expect(entities.urls).toHaveLength(1)

    const renamed = await call<Envelope<Record<string, unknown>>>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/posts/${String(post.id_str)}/name`),
      form: { name: 'Renamed post' },
    })
    expect(renamed.body.data).toMatchObject({
      name: 'Renamed post',
      post_type: 'PUBLISHED',
      conversation_settings: 'EVERYONE',
      nullcast: true,
    })
    const tooLong = await call<Envelope>(user, {
      method: 'PUT',
      url: ads(`/accounts/${main}/posts/${String(post.id_str)}/name`),
      form: { name: 'x'.repeat(81) },
    })
    expect(parameters(tooLong)).toEqual(['name'])
    expect(
      (
        await call(user, {
          method: 'PUT',
          url: ads(`/accounts/${second}/posts/${String(post.id_str)}/name`),
          form: { name: 'x' },
        })
      ).status,
    ).toBe(404)
    expect(sandbox.created().posts).toBe(1)
    expect(sandbox.list('posts')).toEqual([
      expect.objectContaining({ name: 'Renamed post', card_uri: cardUri, as_user_id: user.userId }),
    ])
  })

  it('rejects each post rule', async () => {
    const image = keyOf('Summer sale banner')
    const cases: [Record<string, string>, string][] = [
      [{ text: 'no author' }, 'as_user_id'],
      [{ as_user_id: '1580000000000000002', text: 'someone else' }, 'as_user_id'],
      [{ as_user_id: user.userId }, 'text'],
      [{ as_user_id: user.userId, text: 'x', card_uri: 'card://999' }, 'card_uri'],
      [{ as_user_id: user.userId, text: 'x', conversation_settings: 'NOBODY' }, 'conversation_settings'],
      [
        { as_user_id: user.userId, text: 'x', media_keys: [image, image, image, image, image].join(',') },
        'media_keys',
      ],
      [
        { as_user_id: user.userId, text: 'x', media_keys: `${image},${keyOf('Looping teaser')}` },
        'media_keys',
      ],
      [
        {
          as_user_id: user.userId,
          text: 'x',
          media_keys: `${keyOf('Product video')},${keyOf('Square video')}`,
        },
        'media_keys',
      ],
      [{ as_user_id: user.userId, text: 'x', name: 'x'.repeat(81) }, 'name'],
      [{ as_user_id: user.userId, text: 'x', video_title: 'x'.repeat(71) }, 'video_title'],
      [{ as_user_id: user.userId, text: 'x', video_description: 'x'.repeat(201) }, 'video_description'],
      [{ as_user_id: user.userId, text: 'x', video_cta: 'BUY_NOW' }, 'video_cta'],
      [{ as_user_id: user.userId, text: 'x', post_mode: 'verbose' }, 'post_mode'],
      // The demo user is premium: long-form, 25,000 weighted characters.
      [{ as_user_id: user.userId, text: 'x'.repeat(25001) }, 'text'],
    ]
    for (const [form, parameter] of cases) {
      const response = await postForm(`/accounts/${main}/post`, form)
      expect(response.status, JSON.stringify(form)).toBe(400)
      expect(parameters(response), JSON.stringify(form)).toContain(parameter)
    }
    const fourImages = await postForm(`/accounts/${main}/post`, {
      as_user_id: user.userId,
      media_keys: [image, image, image, image].join(','),
      post_mode: 'extended',
    })
    expect(fourImages.status, JSON.stringify(fourImages.body.errors)).toBe(200)
    expect(fourImages.body.data).toHaveProperty('full_text', '')
  })
})

describe('post length tiers', () => {
  it('the posting user sets the length: 25,000 weighted characters with premium, 4,000 without', async () => {
    const status = async (account: string, text: string) =>
      (await postForm(`/accounts/${account}/post`, { as_user_id: user.userId, text })).status
    // The demo user is premium: long-form on either account.
    expect(await status(main, 'a'.repeat(4001))).toBe(200)
    expect(await status(second, 'a'.repeat(25000))).toBe(200)
    expect(await status(main, 'a'.repeat(25001))).toBe(400)
    const setPremium = (premium: boolean) =>
      fetch(`${sandbox.apiUrl}/__admin/users/${user.userId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ premium }),
      })
    await setPremium(false)
    try {
      expect(await status(main, 'a'.repeat(4000))).toBe(200)
      const refused = await postForm(`/accounts/${second}/post`, {
        as_user_id: user.userId,
        text: 'a'.repeat(4001),
      })
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('long-form posts need the premium subscription')
      // CJK characters weigh 2: 2,001 of them are 4,002.
      expect(await status(main, '漢'.repeat(2001))).toBe(400)
    } finally {
      await setPremium(true)
    }
  })

  it('a video call to action needs its value, and the value its call to action', async () => {
    const video = keyOf('Product video 16x9')
    const base = { as_user_id: user.userId, media_keys: video }
    const refused = await postForm(`/accounts/${main}/post`, { ...base, video_cta: 'WATCH_NOW' })
    expect(parameters(refused)).toEqual(['video_cta_value'])
    const orphan = await postForm(`/accounts/${main}/post`, {
      ...base,
      video_cta_value: 'https://example.com',
    })
    expect(parameters(orphan)).toEqual(['video_cta_value'])
  })
})
