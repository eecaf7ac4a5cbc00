import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as ads from '../../../src/main/api/ads'
import * as cards from '../../../src/main/api/cards'
import * as adsRequest from '../../../src/main/api/adsRequest'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import { collectAll, paginate } from '../../../src/main/api/cursor'
import { createHttpClient } from '../../../src/main/api/http'
import { uploadAppend, uploadFinalize, uploadInit, uploadStatus } from '../../../src/main/api/mediaUpload'
import { json, startFakeApi, text, verifySignature } from './fakeApi'
import type { FakeApi, RecordedRequest } from './fakeApi'

const credentials = {
  consumerKey: 'ck',
  consumerSecret: 'cs-secret',
  token: '7-tok',
  tokenSecret: 'ts-secret',
}
let api: FakeApi
let ctx: AdsContext

beforeAll(async () => {
  api = await startFakeApi()
  ctx = {
    http: createHttpClient({ timeoutMs: 2_000, retry: { maxAttempts: 1 } }),
    hosts: { apiUrl: `${api.url}/api`, adsUrl: `${api.url}/ads`, adsSandboxUrl: `${api.url}/sandbox` },
    credentials,
  }
})
afterAll(() => api.close())

function only(): RecordedRequest {
  expect(api.requests).toHaveLength(1)
  const request = api.requests[0]!
  expect(verifySignature(request, credentials.consumerSecret, credentials.tokenSecret)).toBe(true)
  return request
}

function form(request: RecordedRequest): Record<string, string> {
  expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded')
  return Object.fromEntries(new URLSearchParams(request.body))
}

const card = { id: 'c1', name: 'Card', card_type: 'IMAGE_WEBSITE', card_uri: 'card://c1' }
const mediaObject = { media_key: '3_99', media_type: 'IMAGE', name: 'hero' }
const post = { id: 5, id_str: '5', name: 'launch' }

describe('ads endpoints', () => {
  it('refuses with_total_count together with a cursor, sending nothing', async () => {
    api.requests.length = 0
    await expect(ads.listAccounts(ctx, { withTotalCount: true, cursor: 'next-page' })).rejects.toMatchObject({
      code: 'local_failure',
      field: 'with_total_count',
    })
    expect(api.requests).toHaveLength(0)
    expect(() => adsRequest.refuseTotalCountWithCursor({ with_total_count: true })).not.toThrow()
    expect(() =>
      adsRequest.refuseTotalCountWithCursor({ with_total_count: false, cursor: 'c' }),
    ).not.toThrow()
  })

  it('lists accounts with list parameters and pages through them', async () => {
    api.respond(
      json(200, { data: [{ id: 'a1' }], next_cursor: 'n2' }),
      json(200, { data: [{ id: 'a2' }], next_cursor: null }),
    )
    const all = await collectAll(paginate((cursor) => ads.listAccounts(ctx, { count: 1, q: 'Acme', cursor })))
    expect(all.map((account) => account.id)).toEqual(['a1', 'a2'])
    const [first, second] = api.requests
    expect(first!.method).toBe('GET')
    expect(first!.path).toBe('/ads/12/accounts')
    expect(Object.fromEntries(first!.query)).toEqual({ count: '1', q: 'Acme' })
    expect(second!.query.get('cursor')).toBe('n2')
  })

  it('gets one account and its features', async () => {
    api.respond(json(200, { data: { id: 'a/1', name: 'Acme' } }))
    expect(await ads.getAccount(ctx, 'a/1', { withDeleted: true })).toMatchObject({ id: 'a/1' })
    expect(only().path).toBe('/ads/12/accounts/a%2F1')
    api.respond(json(200, { data: ['REACH_FREQUENCY_CAP'] }))
    expect(
      await ads.listAccountFeatures(ctx, 'a1', ['REACH_FREQUENCY_CAP', 'WEBSITE_CLICKS_CPM_BILLING']),
    ).toEqual(['REACH_FREQUENCY_CAP'])
    expect(only().query.get('feature_keys')).toBe('REACH_FREQUENCY_CAP,WEBSITE_CLICKS_CPM_BILLING')
  })

  it('creates sandbox accounts on the sandbox host', async () => {
    api.respond(json(200, { data: { id: 'sb1' } }))
    expect((await ads.createSandboxAccount(ctx)).id).toBe('sb1')
    const request = only()
    expect([request.method, request.path]).toEqual(['POST', '/sandbox/12/accounts'])
  })

  it('lists, reads and creates media library objects', async () => {
    api.respond(json(200, { data: [mediaObject], next_cursor: null }))
    await ads.listMediaLibrary(ctx, 'a1', { count: 50, mediaType: 'IMAGE', q: 'hero' })
    expect(Object.fromEntries(only().query)).toEqual({ count: '50', media_type: 'IMAGE', q: 'hero' })
    api.respond(json(200, { data: mediaObject }))
    await ads.getMediaLibraryObject(ctx, 'a1', '3_99')
    expect(only().path).toBe('/ads/12/accounts/a1/media_library/3_99')
    api.respond(json(200, { data: mediaObject }))
    await ads.createMediaLibraryObject(ctx, 'a1', { mediaKey: '3_99', name: 'hero', fileName: 'hero.png' })
    const create = only()
    expect([create.method, create.path]).toEqual(['POST', '/ads/12/accounts/a1/media_library'])
    expect(form(create)).toEqual({ media_key: '3_99', name: 'hero', file_name: 'hero.png' })
  })

  it('creates cards with a JSON body, reads, lists and deletes them', async () => {
    const components = [
      { type: 'MEDIA', media_key: '3_99' },
      { type: 'DETAILS', title: 'Shop now', destination: { type: 'WEBSITE', url: 'https://example.com' } },
    ]
    api.respond(json(200, { data: card }))
    expect(await cards.createCard(ctx, 'a1', { name: 'Card', components })).toMatchObject(card)
    const create = only()
    expect(create.headers['content-type']).toBe('application/json')
    expect(JSON.parse(create.body)).toEqual({ name: 'Card', components })

    api.respond(json(200, { data: [card] }))
    expect(await cards.getCard(ctx, 'a1', 'c1')).toMatchObject(card)
    expect(only().path).toBe('/ads/12/accounts/a1/cards/c1')

    api.respond(json(200, { data: [card], next_cursor: null }))
    await cards.listCards(ctx, 'a1', {
      cardTypes: ['IMAGE_WEBSITE', 'VIDEO_WEBSITE'],
      q: 'Ca',
      withDeleted: false,
    })
    expect(Object.fromEntries(only().query)).toEqual({
      card_types: 'IMAGE_WEBSITE,VIDEO_WEBSITE',
      q: 'Ca',
      with_deleted: 'false',
    })

    api.respond(json(200, { data: { ...card, deleted: true } }))
    expect((await cards.deleteCard(ctx, 'a1', 'c1')).deleted).toBe(true)
    expect(only().method).toBe('DELETE')
  })

  it('creates and lists poll cards', async () => {
    api.respond(json(200, { data: { ...card, card_type: 'TEXT_POLLS' } }))
    await cards.createPollCard(ctx, 'a1', {
      name: 'Poll',
      durationInMinutes: 60,
      firstChoice: 'Yes',
      secondChoice: 'No',
    })
    const create = only()
    expect(create.path).toBe('/ads/12/accounts/a1/cards/poll')
    expect(form(create)).toEqual({
      name: 'Poll',
      duration_in_minutes: '60',
      first_choice: 'Yes',
      second_choice: 'No',
    })
    api.respond(json(200, { data: [], next_cursor: null }))
    await cards.listPollCards(ctx, 'a1', { cardIds: ['p1', 'p2'], withTotalCount: true })
    expect(Object.fromEntries(only().query)).toEqual({ card_ids: 'p1,p2', with_total_count: 'true' })
  })

  it('reads one poll card and one video conversation card, deleted ones too (B:99, B:130)', async () => {
    const poll = { ...card, card_type: 'TEXT_POLLS', end_time: '2026-12-08T12:00:00Z', deleted: true }
    api.respond(json(200, { data: poll }))
    expect(await cards.getPollCard(ctx, 'a1', 'p1', { withDeleted: true })).toMatchObject({
      end_time: '2026-12-08T12:00:00Z',
      deleted: true,
    })
    const read = only()
    expect([read.method, read.path]).toEqual(['GET', '/ads/12/accounts/a1/cards/poll/p1'])
    expect(Object.fromEntries(read.query)).toEqual({ with_deleted: 'true' })

    api.respond(json(200, { data: [{ ...card, title: 'Pick a side', second_cta: null }] }))
    expect(await cards.getVideoConversationCard(ctx, 'a1', 'v1')).toMatchObject({ title: 'Pick a side' })
    expect(only().path).toBe('/ads/12/accounts/a1/cards/video_conversation/v1')
  })

  it('creates and lists video conversation cards', async () => {
    api.respond(json(200, { data: { ...card, card_type: 'VIDEO_CONVERSATION' } }))
    await cards.createVideoConversationCard(ctx, 'a1', {
      name: 'VC',
      firstCta: '#Yes',
      firstCtaPost: 'I said yes',
      mediaKey: '13_1',
      thankYouText: 'Thanks!',
      title: 'Pick one',
    })
    expect(form(only())).toEqual({
      name: 'VC',
      first_cta: '#Yes',
      first_cta_post: 'I said yes',
      media_key: '13_1',
      thank_you_text: 'Thanks!',
      title: 'Pick one',
    })
    api.respond(json(200, { data: [], next_cursor: null }))
    await cards.listVideoConversationCards(ctx, 'a1')
    expect(only().path).toBe('/ads/12/accounts/a1/cards/video_conversation')
  })

  it('creates and renames posts', async () => {
    api.respond(json(200, { data: post, request: { params: {} } }))
    await ads.createPost(ctx, 'a1', {
      asUserId: '99',
      text: 'Hello + welcome!',
      cardUri: 'card://c1',
      nullcast: true,
      mediaKeys: ['3_1', '3_2'],
    })
    const create = only()
    expect(create.path).toBe('/ads/12/accounts/a1/post')
    expect(form(create)).toEqual({
      as_user_id: '99',
      text: 'Hello + welcome!',
      card_uri: 'card://c1',
      nullcast: 'true',
      media_keys: '3_1,3_2',
    })
    api.respond(json(200, { data: { ...post, name: 'renamed' } }))
    expect((await ads.renamePost(ctx, 'a1', '5', 'renamed')).name).toBe('renamed')
    const rename = only()
    expect([rename.method, rename.path, rename.query.get('name')]).toEqual([
      'PUT',
      '/ads/12/accounts/a1/posts/5/name',
      'renamed',
    ])
  })
})

describe('updates of published creatives', () => {
  it('updates a card with PUT and a JSON body of only the fields given', async () => {
    api.respond(json(200, { data: [{ ...card, name: 'Renamed' }] }))
    expect((await cards.updateCard(ctx, 'a1', 'c1', { name: 'Renamed' })).name).toBe('Renamed')
    const update = only()
    expect([update.method, update.path, update.headers['content-type']]).toEqual([
      'PUT',
      '/ads/12/accounts/a1/cards/c1',
      'application/json',
    ])
    expect(JSON.parse(update.body)).toEqual({ name: 'Renamed' })
  })

  it('updates a video conversation card with PUT, its fields in the query', async () => {
    api.respond(json(200, { data: { id: 'v1', name: 'Vote', card_type: 'VIDEO_CONVERSATION' } }))
    await cards.updateVideoConversationCard(ctx, 'a1', 'v1', { thank_you_text: 'Thanks!', thank_you_url: '' })
    const update = only()
    expect([update.method, update.path]).toEqual(['PUT', '/ads/12/accounts/a1/cards/video_conversation/v1'])
    expect(update.query.get('thank_you_text')).toBe('Thanks!')
    expect(update.query.get('thank_you_url')).toBe('')
    expect([...update.query.keys()].sort()).toEqual(['thank_you_text', 'thank_you_url'])
  })
})

describe('media upload', () => {
  it('runs INIT, APPEND (multipart), FINALIZE and STATUS against {apiUrl}/1.1/media/upload', async () => {
    // Raw text: the numeric media_id is beyond 2^53, so only media_id_string is exact.
    api.respond(
      text(
        202,
        '{"media_id":710511363345354753,"media_id_string":"710511363345354753","expires_after_secs":86400}',
        'application/json',
      ),
    )
    const init = await uploadInit(ctx, { totalBytes: 3, mediaType: 'image/png', mediaCategory: 'POST_IMAGE' })
    expect(init.mediaId).toBe('710511363345354753')
    const initRequest = only()
    expect(initRequest.path).toBe('/api/1.1/media/upload')
    expect(form(initRequest)).toEqual({
      command: 'INIT',
      total_bytes: '3',
      media_type: 'image/png',
      media_category: 'POST_IMAGE',
    })

    api.respond((_req, res) => {
      res.writeHead(204)
      res.end()
    })
    await uploadAppend(ctx, { mediaId: init.mediaId, segmentIndex: 0, chunk: new Uint8Array([137, 80, 78]) })
    const append = only()
    expect(append.headers['content-type']).toMatch(/^multipart\/form-data/)
    expect(append.body).toContain('name="command"\r\n\r\nAPPEND')
    expect(append.body).toContain('name="segment_index"\r\n\r\n0')

    api.respond(
      json(200, {
        media_id_string: init.mediaId,
        media_key: '3_7105',
        processing_info: { state: 'pending', check_after_secs: 1 },
      }),
    )
    const finalized = await uploadFinalize(ctx, init.mediaId)
    expect(finalized).toMatchObject({
      mediaKey: '3_7105',
      processingInfo: { state: 'pending', check_after_secs: 1 },
    })

    api.respond(
      json(200, {
        media_id_string: init.mediaId,
        media_key: '3_7105',
        processing_info: { state: 'succeeded' },
      }),
    )
    expect((await uploadStatus(ctx, init.mediaId)).processingInfo?.state).toBe('succeeded')
    const status = only()
    expect([status.method, status.query.get('command'), status.query.get('media_id')]).toEqual([
      'GET',
      'STATUS',
      init.mediaId,
    ])
  })
})
