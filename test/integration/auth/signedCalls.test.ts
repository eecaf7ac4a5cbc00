import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeholderPng } from '../../../sandbox/media'
import { startSandbox } from '../../../sandbox/index'
import * as ads from '../../../src/main/api/ads'
import * as cards from '../../../src/main/api/cards'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import { collectAll, paginate } from '../../../src/main/api/cursor'
import { resolveHosts } from '../../../src/main/api/hosts'
import type { ApiHosts } from '../../../src/main/api/hosts'
import { createHttpClient } from '../../../src/main/api/http'
import { uploadAppend, uploadFinalize, uploadInit, uploadStatus } from '../../../src/main/api/mediaUpload'
import { createBearerToken, invalidateBearerToken } from '../../../src/main/auth/bearer'
import { exchangePin, requestToken } from '../../../src/main/auth/pinFlow'
import type { AccessTokenResult } from '../../../src/main/auth/pinFlow'
import { deleteWebhook } from '../../../src/main/auth/webhooks'
import { approveInBrowser } from '../../support/authorizePage'

/**
 * Every endpoint function against the sandbox, whose independent OAuth verifier and rule checks
 * would reject a wrongly signed or wrongly shaped request.
 */

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let hosts: ApiHosts
let access: AccessTokenResult
let ctx: AdsContext
let accountId: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  hosts = resolveHosts(
    { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    {},
  )
  const { consumerKey, consumerSecret } = sandbox.demo
  const http = createHttpClient({ timeoutMs: 5_000 })
  const pending = await requestToken({ hosts, http, consumerKey, consumerSecret, accessType: 'write' })
  const pin = await approveInBrowser(pending.authorizeUrl)
  access = await exchangePin({ hosts, http, consumerKey, consumerSecret, ...pending, pin })
  ctx = {
    http,
    hosts,
    credentials: {
      consumerKey,
      consumerSecret,
      token: access.accessToken,
      tokenSecret: access.accessTokenSecret,
    },
  }
  accountId = sandbox.demo.accountIds[0]!
})
afterAll(async () => {
  await sandbox?.close()
})

describe('signed ads calls against the sandbox', () => {
  it('reads accounts and features, pages with a cursor, and creates a sandbox account', async () => {
    expect((await ads.getAccount(ctx, accountId)).id).toBe(accountId)
    expect(await ads.listAccountFeatures(ctx, accountId)).toContain('PROMOTED_MEDIA_POLLS')
    const paged = await collectAll(paginate((cursor) => ads.listAccounts(ctx, { count: 1, cursor })))
    expect(paged.map((account) => account.id)).toEqual(expect.arrayContaining(sandbox.demo.accountIds))
    const created = await ads.createSandboxAccount(ctx)
    expect(created.id).toEqual(expect.any(String))
  })

  it('uploads an image, adds it to the library, builds cards and posts with it', async () => {
    const png = placeholderPng(1200, 628, 'integration')
    const init = await uploadInit(ctx, {
      totalBytes: png.length,
      mediaType: 'image/png',
      mediaCategory: 'POST_IMAGE',
    })
    const half = Math.ceil(png.length / 2)
    await uploadAppend(ctx, { mediaId: init.mediaId, segmentIndex: 0, chunk: png.subarray(0, half) })
    await uploadAppend(ctx, { mediaId: init.mediaId, segmentIndex: 1, chunk: png.subarray(half) })
    const finalized = await uploadFinalize(ctx, init.mediaId)
    const mediaKey = finalized.mediaKey ?? (await uploadStatus(ctx, init.mediaId)).mediaKey
    expect(mediaKey).toEqual(expect.any(String))

    await ads.createMediaLibraryObject(ctx, accountId, {
      mediaKey: mediaKey!,
      name: 'Hero image',
      fileName: 'hero.png',
    })
    expect((await ads.getMediaLibraryObject(ctx, accountId, mediaKey!)).name).toBe('Hero image')
    const library = await collectAll(
      paginate((cursor) => ads.listMediaLibrary(ctx, accountId, { cursor, q: 'Hero' })),
    )
    expect(library.map((item) => item.media_key)).toContain(mediaKey)

    const card = await cards.createCard(ctx, accountId, {
      name: 'Spring sale: 50% off! (today only)',
      components: [
        { type: 'MEDIA', media_key: mediaKey },
        {
          type: 'DETAILS',
          title: 'Shop the sale',
          destination: { type: 'WEBSITE', url: 'https://example.com/sale' },
        },
      ],
    })
    expect((await cards.getCard(ctx, accountId, card.id)).name).toBe('Spring sale: 50% off! (today only)')
    expect((await cards.listCards(ctx, accountId, { cardIds: [card.id] })).data.map((c) => c.id)).toEqual([
      card.id,
    ])

    const poll = await cards.createPollCard(ctx, accountId, {
      name: 'Which colour?',
      durationInMinutes: 60,
      firstChoice: 'Red + white',
      secondChoice: "Blue, it's calm",
    })
    expect((await cards.listPollCards(ctx, accountId, { cardIds: [poll.id] })).data).toHaveLength(1)
    expect((await cards.listVideoConversationCards(ctx, accountId)).data).toEqual(expect.any(Array))

    const post = await ads.createPost(ctx, accountId, {
      asUserId: access.userId,
      text: 'Hello Ladies + Gentlemen, a signed OAuth request!',
      cardUri: card.card_uri ?? undefined,
      name: 'Launch post',
    })
    expect((await ads.renamePost(ctx, accountId, post.id_str, 'Launch post, renamed')).name).toBe(
      'Launch post, renamed',
    )

    expect((await cards.deleteCard(ctx, accountId, card.id)).deleted).toBe(true)
    expect(sandbox.created()).toMatchObject({ media_library: 1, cards: 1, poll_cards: 1, posts: 1 })
  })

  it('surfaces the sandbox field errors on the field they name', async () => {
    await expect(
      cards.createPollCard(ctx, accountId, {
        name: 'Too long',
        durationInMinutes: 60,
        firstChoice: 'x'.repeat(26),
        secondChoice: 'b',
      }),
    ).rejects.toMatchObject({ code: 'invalid_request', field: 'first_choice' })
  })

  it('corrects a clock that is an hour slow after the code-135 answer', async () => {
    const slow = createHttpClient({ timeoutMs: 5_000, now: () => Date.now() - 3_600_000 })
    const accounts = await ads.listAccounts({ ...ctx, http: slow })
    expect(accounts.data.length).toBeGreaterThan(0)
    expect(Math.abs(slow.clockOffsetMs() - 3_600_000)).toBeLessThan(10_000)
  })

  it('handles the app-only bearer token and webhook deletion', async () => {
    const { consumerKey, consumerSecret } = sandbox.demo
    const first = await createBearerToken({ hosts, consumerKey, consumerSecret })
    expect(await createBearerToken({ hosts, consumerKey, consumerSecret })).toEqual(first)

    expect(
      await deleteWebhook({ hosts, bearerToken: first.bearerToken, webhookId: '1146654567674912769' }),
    ).toEqual({
      ok: true,
      deleted: true,
    })
    const missing = await deleteWebhook({
      hosts,
      bearerToken: first.bearerToken,
      webhookId: '1146654567674912769',
    })
    expect(missing).toMatchObject({ ok: false, problem: { status: 404 }, error: { code: 'not_found' } })

    await invalidateBearerToken({
      hosts,
      consumerKey,
      consumerSecret,
      ...access,
      bearerToken: first.bearerToken,
    })
    const revoked = await deleteWebhook({
      hosts,
      bearerToken: first.bearerToken,
      webhookId: '1146654567674912770',
    })
    expect(revoked).toMatchObject({ ok: false, error: { code: 'token_expired' } })
    const second = await createBearerToken({ hosts, consumerKey, consumerSecret })
    expect(second.bearerToken).not.toBe(first.bearerToken)
  })
})

describe('reliability against injected faults', () => {
  it('retries a GET through 5xx answers', async () => {
    // The sandbox's fault PRNG is seeded, so this sequence of failures is the same on every run.
    sandbox.setFaults({ errorRate: 0.3, pathPattern: '^GET /ads' })
    const http = createHttpClient({
      timeoutMs: 5_000,
      retry: { maxAttempts: 10, baseDelayMs: 1, maxDelayMs: 5 },
    })
    try {
      for (let i = 0; i < 10; i++)
        expect((await ads.getAccount({ ...ctx, http }, accountId)).id).toBe(accountId)
    } finally {
      sandbox.setFaults({ errorRate: 0, pathPattern: undefined })
    }
    expect(sandbox.faultCounts().errors).toBeGreaterThan(0)
  })

  it('reports outcome_unknown, not a retry, when a POST was committed but its answer dropped', async () => {
    const before = sandbox.created().poll_cards
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^POST ' })
    try {
      await expect(
        cards.createPollCard(ctx, accountId, {
          name: 'Dropped',
          durationInMinutes: 30,
          firstChoice: 'a',
          secondChoice: 'b',
        }),
      ).rejects.toMatchObject({ code: 'outcome_unknown' })
    } finally {
      sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    }
    expect(sandbox.created().poll_cards).toBe(before + 1)
  })

  it('reports a 429 with the seconds until the reset', async () => {
    sandbox.setFaults({ force429: 1 })
    try {
      const failure = await ads.listAccounts(ctx).catch((error: unknown) => error)
      expect(failure).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) })
      expect((failure as { retryAfter: number }).retryAfter).toBeGreaterThan(0)
    } finally {
      sandbox.setFaults({ force429: false })
    }
  })
})
