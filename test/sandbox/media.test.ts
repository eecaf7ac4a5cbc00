import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import {
  authorizeDemoUser,
  call,
  gifOf,
  mp4Of,
  pngOf,
  upload,
  uploadStatus,
  uploadUntilFinalized,
} from './helpers/client'
import type { UserTokens } from './helpers/client'
import { buildMp4, validVideoSpec } from '../support/mp4Writer'

interface Envelope<T = Record<string, unknown>> {
  data: T
  next_cursor?: string | null
  errors?: { code: string; message: string; parameter?: string }[]
}
type Legacy = { errors: { code: number; message: string }[] }
type Library = {
  media_key: string
  media_type: string
  media_category: string
  aspect_ratio: string
  name: string | null
  title: string | null
  duration: number | null
  deleted: boolean
  media_url: string
}

let sandbox: Sandbox
let user: UserTokens
let main: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { videoProcessingMs: 150, gifProcessingMs: 150 } })
  user = await authorizeDemoUser(sandbox)
  main = sandbox.demo.accountIds[0] ?? ''
})
afterAll(async () => {
  await sandbox.close()
})

const uploadUrl = (): string => `${sandbox.apiUrl}/1.1/media/upload.json`
const library = (path = ''): string => `${sandbox.adsUrl}/12/accounts/${main}/media_library${path}`
const addToLibrary = (form: Record<string, string>) =>
  call<Envelope<Library>>(user, { method: 'POST', url: library(), form })

describe('chunked media upload', () => {
  it('uploads an image in several multipart segments and reports its size', async () => {
    const bytes = pngOf(1200, 628)
    const result = await upload(sandbox, user, bytes, 'image/png', 'post_image', Math.ceil(bytes.length / 3))
    expect(result.mediaKey).toBe(`3_${result.mediaId}`)
    const status = await call<Record<string, unknown>>(user, {
      url: uploadUrl(),
      query: { command: 'STATUS', media_id: result.mediaId },
    })
    expect(status.body).toMatchObject({
      media_id_string: result.mediaId,
      size: bytes.length,
      image: { w: 1200, h: 628 },
    })
    expect(status.text).toMatch(new RegExp(`"media_id":${result.mediaId}[,}]`))
    expect(sandbox.created().media_uploads).toBeGreaterThanOrEqual(1)
  })

  it.each([
    ['an HEVC video', buildMp4(validVideoSpec({ codec: 'hvc1' })), /codec hvc1: the video must be H\.264/],
    ['a video of 0.2 s', buildMp4(validVideoSpec({ keyframeEvery: 6 }, 0.2)), /duration 0\.2 s is outside/],
  ])('fails the processing of %s, as the platform fails its transcode', async (_label, bytes, reason) => {
    const { mediaId } = await uploadUntilFinalized(sandbox, user, bytes, 'video/mp4', 'post_video')
    const info = await uploadStatus(sandbox, user, mediaId)
    expect(info).toMatchObject({
      state: 'failed',
      error: { name: 'InvalidMedia', message: expect.stringMatching(reason) },
    })
    const valid = await uploadUntilFinalized(
      sandbox,
      user,
      buildMp4(validVideoSpec()),
      'video/mp4',
      'post_video',
    )
    expect(valid.processingInfo?.state).not.toBe('failed')
  })

  it('reports video processing_info until it succeeds', async () => {
    const bytes = mp4Of(1920, 1080, 12_000)
    const init = await call<{ media_id_string: string; media_key: string }>(user, {
      method: 'POST',
      url: uploadUrl(),
      form: {
        command: 'INIT',
        total_bytes: String(bytes.length),
        media_type: 'video/mp4',
        media_category: 'ads_video',
      },
    })
    expect(init.body.media_key).toMatch(/^13_/)
    const mediaId = init.body.media_id_string
    const append = await call(user, {
      method: 'POST',
      url: uploadUrl(),
      form: {
        command: 'APPEND',
        media_id: mediaId,
        segment_index: '0',
        media_data: bytes.toString('base64'),
      },
    })
    expect(append.status).toBe(204)
    const finalize = await call<{ processing_info: { state: string; check_after_secs: number } }>(user, {
      method: 'POST',
      url: uploadUrl(),
      form: { command: 'FINALIZE', media_id: mediaId },
    })
    expect(finalize.body.processing_info.state).toBe('pending')
    expect(finalize.body.processing_info.check_after_secs).toBeGreaterThanOrEqual(1)
    const early = await addToLibrary({ media_key: init.body.media_key })
    expect(early.body.errors?.[0]).toMatchObject({
      parameter: 'media_key',
      message: expect.stringMatching(/not ready/),
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const status = await call<{ processing_info: { state: string } }>(user, {
      url: uploadUrl(),
      query: { command: 'STATUS', media_id: mediaId },
    })
    expect(status.body.processing_info.state).toBe('succeeded')
  })

  it('processes a GIF uploaded for posts (post_gif) like a video; other GIFs are ready at FINALIZE', async () => {
    const forPosts = await uploadUntilFinalized(sandbox, user, gifOf(480, 270), 'image/gif', 'post_gif')
    expect(forPosts.mediaKey).toMatch(/^16_/)
    expect(forPosts.processingInfo).toMatchObject({ state: 'pending', check_after_secs: 1 })
    const early = await addToLibrary({ media_key: forPosts.mediaKey })
    expect(early.body.errors?.[0]?.message).toMatch(/not ready/)
    expect((await uploadStatus(sandbox, user, forPosts.mediaId))?.state).toMatch(/^(pending|in_progress)$/)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await uploadStatus(sandbox, user, forPosts.mediaId)).toEqual({
      state: 'succeeded',
      progress_percent: 100,
    })
    expect((await addToLibrary({ media_key: forPosts.mediaKey })).body.data.media_type).toBe('GIF')

    const plain = await uploadUntilFinalized(sandbox, user, gifOf(320, 240), 'image/gif')
    expect(plain.processingInfo).toBeUndefined()
    expect(await uploadStatus(sandbox, user, plain.mediaId)).toBeUndefined()
  })

  it('rejects bad uploads', async () => {
    const init = (form: Record<string, string>) =>
      call<Legacy>(user, { method: 'POST', url: uploadUrl(), form: { command: 'INIT', ...form } })
    expect((await init({ media_type: 'image/png' })).status).toBe(400)
    expect((await init({ total_bytes: '10', media_type: 'application/pdf' })).status).toBe(400)
    expect((await init({ total_bytes: String(6 * 1024 * 1024), media_type: 'image/png' })).status).toBe(400)
    expect(
      (await init({ total_bytes: '10', media_type: 'image/png', media_category: 'post_video' })).status,
    ).toBe(400)
    expect((await call(user, { method: 'POST', url: uploadUrl(), form: { command: 'JUGGLE' } })).status).toBe(
      400,
    )

    const bytes = pngOf(100, 100)
    const ok = await init({ total_bytes: String(bytes.length + 5), media_type: 'image/png' })
    const mediaId = (ok.body as unknown as { media_id_string: string }).media_id_string
    await call(user, {
      method: 'POST',
      url: uploadUrl(),
      form: {
        command: 'APPEND',
        media_id: mediaId,
        segment_index: '0',
        media_data: bytes.toString('base64'),
      },
    })
    const mismatch = await call<Legacy>(user, {
      method: 'POST',
      url: uploadUrl(),
      form: { command: 'FINALIZE', media_id: mediaId },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.errors[0]?.message).toMatch(/size mismatch/)

    const notImage = Buffer.from('definitely not a png')
    const fake = await init({ total_bytes: String(notImage.length), media_type: 'image/png' })
    const fakeId = (fake.body as unknown as { media_id_string: string }).media_id_string
    await call(user, {
      method: 'POST',
      url: uploadUrl(),
      form: {
        command: 'APPEND',
        media_id: fakeId,
        segment_index: '0',
        media_data: notImage.toString('base64'),
      },
    })
    expect(
      (
        await call(user, {
          method: 'POST',
          url: uploadUrl(),
          form: { command: 'FINALIZE', media_id: fakeId },
        })
      ).status,
    ).toBe(400)

    const reader = await authorizeDemoUser(sandbox, 'read')
    expect(
      (
        await call(reader, {
          method: 'POST',
          url: uploadUrl(),
          form: { command: 'INIT', total_bytes: '10', media_type: 'image/png' },
        })
      ).status,
    ).toBe(403)
  })
})

describe('media library', () => {
  it('adds an uploaded image once, with limits per field', async () => {
    const { mediaKey } = await upload(sandbox, user, pngOf(1600, 900), 'image/png', 'post_image')
    const tooLong = await addToLibrary({
      media_key: mediaKey,
      name: 'x'.repeat(101),
      file_name: 'x'.repeat(256),
    })
    expect(tooLong.body.errors?.map((e) => e.parameter).sort()).toEqual(['file_name', 'name'])
    const videoOnly = await addToLibrary({ media_key: mediaKey, title: 'A title' })
    expect(videoOnly.body.errors?.[0]?.parameter).toBe('title')
    const added = await addToLibrary({ media_key: mediaKey, name: 'Wide shot', file_name: 'wide.png' })
    expect(added.status).toBe(200)
    expect(added.body.data).toMatchObject({
      media_key: mediaKey,
      media_type: 'IMAGE',
      media_category: 'POST_IMAGE',
      aspect_ratio: '16:9',
      name: 'Wide shot',
      deleted: false,
    })
    expect(added.body.data.media_url).toBe(`${sandbox.apiUrl}/media/${mediaKey}.png`)
    const image = await fetch(added.body.data.media_url)
    expect(image.headers.get('content-type')).toBe('image/png')
    const twice = await addToLibrary({ media_key: mediaKey })
    expect(twice.body.errors?.[0]?.message).toMatch(/already/)
    expect(sandbox.list('media_library').filter((m) => m.media_key === mediaKey)).toHaveLength(1)
  })

  it('refuses media keys that are not finished uploads of the user, or uploads without a category', async () => {
    expect((await addToLibrary({})).body.errors?.[0]).toMatchObject({
      code: 'MISSING_PARAMETER',
      parameter: 'media_key',
    })
    expect((await addToLibrary({ media_key: '3_1' })).body.errors?.[0]?.parameter).toBe('media_key')
    const { mediaKey } = await upload(sandbox, user, gifOf(320, 240), 'image/gif')
    expect((await addToLibrary({ media_key: mediaKey })).body.errors?.[0]?.message).toMatch(/media_category/)
  })

  it('turns an ADS_VIDEO into PREROLL account media and accepts video-only fields', async () => {
    const { mediaKey } = await upload(sandbox, user, mp4Of(1280, 720, 6_000), 'video/mp4', 'ads_video')
    const poster = await upload(sandbox, user, pngOf(1280, 720), 'image/png', 'post_image')
    const added = await addToLibrary({
      media_key: mediaKey,
      title: 'Spot',
      description: 'A preroll',
      poster_media_key: poster.mediaKey,
    })
    expect(added.status, JSON.stringify(added.body.errors)).toBe(200)
    expect(added.body.data).toMatchObject({
      media_type: 'VIDEO',
      media_category: 'ADS_VIDEO',
      duration: 6000,
      aspect_ratio: '16:9',
      title: 'Spot',
    })
    const preroll = await call<Envelope<{ video_id: string; creative_type: string }[]>>(user, {
      url: `${sandbox.adsUrl}/12/accounts/${main}/account_media`,
      query: { creative_types: 'PREROLL' },
    })
    expect(preroll.body.data.map((m) => m.video_id)).toContain(mediaKey)
    const posts = await upload(sandbox, user, mp4Of(1280, 720, 6_000), 'video/mp4', 'post_video')
    await addToLibrary({ media_key: posts.mediaKey })
    const after = await call<Envelope<unknown[]>>(user, {
      url: `${sandbox.adsUrl}/12/accounts/${main}/account_media`,
      query: { creative_types: 'PREROLL' },
    })
    expect(after.body.data).toHaveLength(preroll.body.data.length)
  })

  it('searches by term, filters by type, updates and deletes', async () => {
    const search = await call<Envelope<Library[]>>(user, { url: library(), query: { q: 'PREROLL 16X9' } })
    expect(search.body.data.map((m) => m.name)).toEqual(['Preroll spot 16x9'])
    expect(
      (await call<Envelope>(user, { url: library(), query: { q: '' } })).body.errors?.[0]?.parameter,
    ).toBe('q')
    const gifs = await call<Envelope<Library[]>>(user, { url: library(), query: { media_type: 'GIF' } })
    expect(gifs.body.data.every((m) => m.media_type === 'GIF')).toBe(true)
    expect(gifs.body.data.length).toBeGreaterThan(0)
    const key = gifs.body.data[0]?.media_key ?? ''
    const renamed = await call<Envelope<Library>>(user, {
      method: 'PUT',
      url: library(`/${key}`),
      form: { name: 'Renamed GIF' },
    })
    expect(renamed.body.data.name).toBe('Renamed GIF')
    expect(
      (await call<Envelope>(user, { method: 'PUT', url: library(`/${key}`), form: { description: 'gif' } }))
        .body.errors?.[0]?.parameter,
    ).toBe('description')
    const removed = await call<Envelope<Library>>(user, { method: 'DELETE', url: library(`/${key}`) })
    expect(removed.body.data.deleted).toBe(true)
    expect((await call(user, { url: library(`/${key}`) })).status).toBe(404)
  })
})
