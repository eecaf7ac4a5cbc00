import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPost } from '../../../src/main/api/ads'
import { createPollCard, createVideoConversationCard } from '../../../src/main/api/cards'
import { invalidateToken } from '../../../src/main/auth/pinFlow'
import type { LibraryItem, PublishedCard } from '../../../src/shared/ipc/contracts/library'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from './connectedApp'

let sandbox: Sandbox
let app: ConnectedApp
let mainAccount: string
let secondAccount: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio library test ${process.pid}` })
  ;[mainAccount, secondAccount] = sandbox.demo.accountIds as [string, string]
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const ids = () => ({ profileId: app.profile.id, accountId: mainAccount })

async function allPages(request: Record<string, unknown>): Promise<{ items: LibraryItem[]; pages: number }> {
  const items: LibraryItem[] = []
  let cursor: string | null | undefined
  let pages = 0
  do {
    const page = await app.call<{ items: LibraryItem[]; nextCursor: string | null }>('library.list', {
      ...ids(),
      ...request,
      ...(cursor ? { cursor } : {}),
    })
    items.push(...page.items)
    cursor = page.nextCursor
    pages += 1
  } while (cursor && pages < 20)
  return { items, pages }
}

describe('accounts', () => {
  it('reads each account’s own features', async () => {
    const main = await app.call<{ features: string[] }>('accounts.features', ids())
    expect(main.features).toContain('PROMOTED_MEDIA_POLLS')
    const second = await app.call<{ features: string[] }>('accounts.features', {
      ...ids(),
      accountId: secondAccount,
    })
    expect(second.features).toEqual(['REACH_FREQUENCY_CAP'])
  })

  it('creates a sandbox account on the sandbox host, which the profile can then select', async () => {
    const before = sandbox.created().accounts
    const { account } = await app.call<{ account: { id: string; name: string } }>('accounts.createSandbox', {
      profileId: app.profile.id,
    })
    expect(sandbox.created().accounts).toBe(before + 1)
    const { accounts } = await app.call<{ accounts: { id: string }[] }>('accounts.list', {
      profileId: app.profile.id,
    })
    expect(accounts.map((entry) => entry.id)).toContain(account.id)
    const selected = await app.call<{ activeAccountId: string }>('accounts.select', {
      profileId: app.profile.id,
      accountId: account.id,
    })
    expect(selected.activeAccountId).toBe(account.id)
  })
})

describe('media library', () => {
  it('walks every page by cursor without repeating an item', async () => {
    const { items, pages } = await allPages({ count: 3 })
    const seeded = sandbox.list('media_library').filter((item) => item.deleted === false)
    const mainKeys = sandbox
      .state()
      .mediaLibrary.filter((item) => item._account === mainAccount && !item.deleted)
      .map((item) => item.media_key)
    expect(seeded.length).toBeGreaterThan(mainKeys.length)
    expect(new Set(items.map((item) => item.mediaKey)).size).toBe(items.length)
    expect(items.map((item) => item.mediaKey).sort()).toEqual([...mainKeys].sort())
    expect(pages).toBe(Math.ceil(mainKeys.length / 3))
  })

  it('searches by term and filters by media type', async () => {
    const { items: banners } = await allPages({ q: 'banner' })
    expect(banners.map((item) => item.name).sort()).toEqual([
      'Small banner 600x314',
      'Summer sale banner 1200x628',
    ])
    const { items: videos } = await allPages({ mediaType: 'VIDEO' })
    expect(videos.length).toBeGreaterThan(0)
    expect(videos.every((item) => item.mediaType === 'VIDEO')).toBe(true)
    const product = videos.find((item) => item.name === 'Product video 16x9')
    expect(product).toMatchObject({ aspectRatio: '16:9', durationSeconds: 15, hasThumbnail: true })
    const { items: gifs } = await allPages({ mediaType: 'GIF', q: 'teaser' })
    expect(gifs.map((item) => item.name)).toEqual(['Looping teaser GIF'])
  })

  it('puts a search that is too long on the search field', async () => {
    await expect(app.call('library.list', { ...ids(), q: 'x'.repeat(256) })).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'q',
    })
  })

  it('returns thumbnails as data URLs with the pixel size read from the image, posters for videos', async () => {
    const { items } = await allPages({})
    const banner = items.find((item) => item.name === 'Summer sale banner 1200x628')!
    const video = items.find((item) => item.name === 'Product video 16x9')!
    const image = await app.call<{ dataUrl: string; width: number; height: number }>('library.thumbnail', {
      ...ids(),
      mediaKey: banner.mediaKey,
    })
    expect(image.dataUrl.startsWith('data:image/png;base64,')).toBe(true)
    expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 628 })
    const poster = await app.call<{ width: number; height: number }>('library.thumbnail', {
      ...ids(),
      mediaKey: video.mediaKey,
    })
    expect({ width: poster.width, height: poster.height }).toEqual({ width: 1920, height: 1080 })
    // A media key the list has not shown yet is looked up first; a foreign one is not found.
    const secondItems = await app.call<{ items: LibraryItem[] }>('library.list', {
      ...ids(),
      accountId: secondAccount,
    })
    const foreignKey = secondItems.items[0]!.mediaKey
    await expect(app.call('library.thumbnail', { ...ids(), mediaKey: foreignKey })).rejects.toMatchObject({
      code: 'not_found',
    })
    const fresh = await app.call<{ width: number }>('library.thumbnail', {
      ...ids(),
      accountId: secondAccount,
      mediaKey: foreignKey,
    })
    expect(fresh.width).toBeGreaterThan(0)
  })
})

describe('published cards and posts', () => {
  it('lists component, poll and video conversation cards with filters, and deletes each kind', async () => {
    const ctx = await app.adsContext()
    const { items: videos } = await allPages({ mediaType: 'VIDEO', q: 'Product' })
    const poll = await createPollCard(ctx, mainAccount, {
      name: 'Library poll',
      durationInMinutes: 60,
      firstChoice: 'Red',
      secondChoice: 'Blue',
    })
    const conversation = await createVideoConversationCard(ctx, mainAccount, {
      name: 'Library conversation',
      firstCta: '#Yes',
      firstCtaPost: 'I said yes',
      mediaKey: videos[0]!.mediaKey,
      thankYouText: 'Thanks!',
      title: 'Pick one',
    })
    const list = (request: Record<string, unknown>) =>
      app.call<{ cards: PublishedCard[]; nextCursors: Record<string, string> }>('library.cards', {
        ...ids(),
        ...request,
      })

    const everything = await list({ kinds: ['component', 'poll', 'video_conversation'] })
    expect(everything.cards.map((card) => [card.kind, card.name]).sort()).toEqual(
      [
        ['component', 'Seeded website card'],
        ['poll', 'Library poll'],
        ['video_conversation', 'Library conversation'],
      ].sort(),
    )
    expect(everything.cards.find((card) => card.kind === 'poll')?.summary).toBe('Red · Blue')
    expect(everything.nextCursors).toEqual({})

    expect((await list({ kinds: ['poll'] })).cards.map((card) => card.id)).toEqual([poll.id])
    expect(
      (await list({ kinds: ['component', 'poll', 'video_conversation'], q: 'library' })).cards,
    ).toHaveLength(2)
    expect((await list({ kinds: ['component'], cardTypes: ['VIDEO_WEBSITE'] })).cards).toEqual([])
    expect((await list({ kinds: ['component'], cardTypes: ['IMAGE_WEBSITE'] })).cards).toHaveLength(1)

    await app.call('library.deleteCard', { ...ids(), kind: 'poll', cardId: poll.id })
    await app.call('library.deleteCard', { ...ids(), kind: 'video_conversation', cardId: conversation.id })
    const seeded = everything.cards.find((card) => card.kind === 'component')!
    await app.call('library.deleteCard', { ...ids(), kind: 'component', cardId: seeded.id })
    expect((await list({ kinds: ['component', 'poll', 'video_conversation'] })).cards).toEqual([])
    expect(sandbox.list('poll_cards').find((card) => card.id === poll.id)?.deleted).toBe(true)
    expect(
      sandbox.list('video_conversation_cards').find((card) => card.id === conversation.id)?.deleted,
    ).toBe(true)
    expect(sandbox.list('cards').find((card) => card.id === seeded.id)?.deleted).toBe(true)
    await expect(
      app.call('library.deleteCard', { ...ids(), kind: 'poll', cardId: poll.id }),
    ).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('renames a post, and puts a name that is too long on the name field', async () => {
    const post = await createPost(await app.adsContext(), mainAccount, {
      asUserId: sandbox.demo.userId,
      text: 'Hello from the library test',
      name: 'First name',
    })
    const { job } = await app.call<{ job: OutboxJobView }>('posts.rename', {
      ...ids(),
      postId: post.id_str,
      name: ' Spring launch ',
    })
    // Queued in the outbox like any other write, then sent once.
    expect(job.steps).toHaveLength(1)
    const finished = await settle(job)
    expect(finished.state).toBe('done')
    expect(finished.steps[0]?.result).toEqual({ id: post.id_str, name: 'Spring launch' })
    expect(
      sandbox.list('posts').find((entry) => String(entry.id_str ?? entry.id) === post.id_str)?.name,
    ).toBe('Spring launch')
    await expect(
      app.call('posts.rename', { ...ids(), postId: post.id_str, name: 'x'.repeat(81) }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'name',
    })
    const jobsBefore = (await app.call<{ jobs: OutboxJobView[] }>('outbox.list', {})).jobs.length
    await expect(app.call('posts.rename', { ...ids(), postId: '999', name: 'Nope' })).rejects.toMatchObject({
      code: 'not_found',
      field: 'postId',
    })
    // A post the account does not have is refused on the id, and nothing is queued.
    expect((await app.call<{ jobs: OutboxJobView[] }>('outbox.list', {})).jobs).toHaveLength(jobsBefore)
  })
})

describe('expired access', () => {
  it('answers token_expired and marks the profile expired when the token was revoked', async () => {
    const other = await openConnectedApp(sandbox, {
      keychainService: `Ads Studio library expiry ${process.pid}`,
    })
    try {
      const ctx = await other.adsContext()
      await invalidateToken({
        hosts: ctx.hosts,
        consumerKey: ctx.credentials.consumerKey,
        consumerSecret: ctx.credentials.consumerSecret,
        accessToken: ctx.credentials.token!,
        accessTokenSecret: ctx.credentials.tokenSecret!,
      })
      await expect(
        other.call('library.list', { profileId: other.profile.id, accountId: mainAccount }),
      ).rejects.toMatchObject({ code: 'token_expired' })
      const { profiles } = await other.call<{ profiles: { id: string; status: string }[] }>(
        'profiles.list',
        {},
      )
      expect(profiles.find((profile) => profile.id === other.profile.id)?.status).toBe('expired')
    } finally {
      await other.close()
    }
  })
})

async function settle(job: OutboxJobView): Promise<OutboxJobView> {
  for (;;) {
    const { job: now } = await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })
    if (['done', 'failed', 'canceled', 'published'].includes(now.state)) return now
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

// Issue 39, D16: a custom profile's media are fetched from its own API host, and only from public
// addresses: this sandbox listens on 127.0.0.1, so the same library gives no thumbnail there.
describe('thumbnails of a custom profile on this computer', () => {
  it('are not fetched: loopback is not an address main fetches media from', async () => {
    const custom = await openConnectedApp(sandbox, {
      environment: 'custom',
      keychainService: `Ads Studio library custom test ${process.pid}`,
    })
    try {
      const request = { profileId: custom.profile.id, accountId: mainAccount }
      const { items } = await custom.call<{ items: LibraryItem[] }>('library.list', request)
      const banner = items.find((item) => item.name === 'Summer sale banner 1200x628')!
      expect(await custom.call('library.thumbnail', { ...request, mediaKey: banner.mediaKey })).toEqual({})
    } finally {
      await custom.close()
    }
  })
})
