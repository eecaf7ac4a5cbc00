import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { getNewsStory, searchNews } from '../../../src/main/api/news'
import { createHttpClient } from '../../../src/main/api/http'
import { invalidateBearerToken } from '../../../src/main/auth/bearer'
import { endStreamConnections, listStreamConnections } from '../../../src/main/api/streamConnections'
import type { StreamConnection } from '../../../src/shared/ipc/contracts/devtools'
import type { NewsStory } from '../../../src/shared/ipc/contracts/news'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

/**
 * The release-history endpoints through main's channels, against the sandbox: the app's
 * streaming connections and webhook replay (Developer tools, bearer token), trending news
 * (signed as the designer).
 */

let sandbox: Sandbox
let app: ConnectedApp
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio release history test ${process.pid}` })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const profileId = () => app.profile.id
const connections = (status: 'active' | 'inactive' | 'all') =>
  app.call<{ connections: StreamConnection[]; more: boolean }>('devtools.connections', {
    profileId: profileId(),
    status,
  })
const end = (target: unknown) =>
  app.call<{ ended: number; failed: number; failures: { id: string; message: string }[] }>(
    'devtools.endConnections',
    { profileId: profileId(), target },
  )

describe('streaming connections in Developer tools', () => {
  it('lists the open ones with their ids, creating the bearer token it needs', async () => {
    const { connections: open, more } = await connections('active')
    expect(more).toBe(false)
    expect(open.map((c) => c.endpoint)).toEqual(['filtered_stream', 'filtered_stream', 'sample_stream'])
    expect(open[0]).toMatchObject({
      id: expect.any(String),
      clientIp: '203.0.113.10',
      connectedAt: expect.any(String),
    })
    expect(sandbox.state().bearerTokens.filter((t) => !t.invalidated)).toHaveLength(1)
    const ended = (await connections('inactive')).connections
    expect(ended).toEqual([expect.objectContaining({ disconnectReason: 'client_closed_connection' })])
  })

  it('ends one by id, then one stream’s, then all, and says which could not be ended', async () => {
    const [first, second] = (await connections('active')).connections
    expect(await end({ kind: 'ids', ids: [first!.id, 'gone-0000'] })).toEqual({
      ended: 1,
      failed: 1,
      failures: [{ id: 'gone-0000', message: 'Connection not found' }],
    })
    expect(await end({ kind: 'endpoint', endpoint: 'filtered_stream' })).toMatchObject({
      ended: 1,
      failed: 0,
    })
    expect((await connections('active')).connections.map((c) => c.id)).not.toContain(second!.id)
    expect(await end({ kind: 'all' })).toMatchObject({ ended: 1, failed: 0 })
    expect((await connections('active')).connections).toEqual([])
    expect(await end({ kind: 'all' })).toEqual({ ended: 0, failed: 0, failures: [] })
  })

  it('replaces a bearer token revoked elsewhere, once, and carries on', async () => {
    const saved = sandbox.state().bearerTokens.find((t) => !t.invalidated)!.token
    const ctx = await app.adsContext()
    await invalidateBearerToken({
      hosts: ctx.hosts,
      consumerKey: ctx.credentials.consumerKey,
      consumerSecret: ctx.credentials.consumerSecret,
      accessToken: ctx.credentials.token!,
      accessTokenSecret: ctx.credentials.tokenSecret!,
      bearerToken: saved,
      http: ctx.http,
    })
    expect((await connections('all')).connections.length).toBeGreaterThan(0)
    const live = sandbox.state().bearerTokens.filter((t) => !t.invalidated)
    expect(live.map((t) => t.token)).not.toContain(saved)
    expect(live).toHaveLength(1)
  })

  it('refuses a stream name the platform does not have before sending', async () => {
    await expect(end({ kind: 'endpoint', endpoint: 'rivers_stream' })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('webhook replay in Developer tools', () => {
  const replay = (webhookId: string, from: number, to: number) =>
    app.call<{ jobId: string }>('devtools.replayWebhook', { profileId: profileId(), webhookId, from, to })
  const hour = 3_600_000

  it('queues a replay of the past hour, sent as UTC minutes', async () => {
    const now = Date.now()
    const { jobId } = await replay('1146654567674912770', now - hour, now)
    const [job] = sandbox.state().webhookReplays
    expect(job).toMatchObject({ jobId, webhookId: '1146654567674912770' })
    expect(job!.fromDate).toBe(new Date(now - hour).toISOString().slice(0, 16).replace(/[-T:]/g, ''))
  })

  it('refuses a window the platform would refuse, on its field, without sending it', async () => {
    const now = Date.now()
    const before = sandbox.state().webhookReplays.length
    await expect(replay('1146654567674912770', now - 25 * hour, now)).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'from',
      message: expect.stringMatching(/past 24 hours/),
    })
    await expect(replay('1146654567674912770', now - hour, now - 2 * hour)).rejects.toMatchObject({
      field: 'to',
      message: 'The end must be after the start',
    })
    await expect(replay('1146654567674912770', now - hour, now + 2 * hour)).rejects.toMatchObject({
      field: 'to',
    })
    expect(sandbox.state().webhookReplays).toHaveLength(before)
  })

  it('puts the platform’s not-found answer in words', async () => {
    const now = Date.now()
    await expect(replay('999', now - hour, now)).rejects.toMatchObject({
      code: 'not_found',
      message: 'This app has no webhook 999 — check the id in the developer dashboard',
    })
  })
})

describe('trending news beside the composer', () => {
  it('finds stories for a topic and opens one with its name, summary and last update', async () => {
    const { stories } = await app.call<{ stories: NewsStory[] }>('news.search', {
      profileId: profileId(),
      query: 'spring',
    })
    expect(stories.map((s) => s.name)).toEqual([
      'City marathon sells out in record time',
      'Spring fashion week opens with recycled fabrics',
    ])
    expect(stories[0]!.updatedAt).toBeLessThan(Date.now())
    const { story } = await app.call<{ story: NewsStory }>('news.get', {
      profileId: profileId(),
      id: stories[1]!.id,
    })
    expect(story).toMatchObject({
      name: 'Spring fashion week opens with recycled fabrics',
      summary: expect.stringMatching(/recycled fabrics/),
      category: 'Style',
      topics: ['Fashion', 'Sustainability'],
      updatedAt: expect.any(Number),
    })
  })

  it('says when a story does not exist, and refuses an empty topic', async () => {
    await expect(app.call('news.get', { profileId: profileId(), id: '42' })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('42'),
    })
    await expect(app.call('news.search', { profileId: profileId(), query: '   ' })).rejects.toMatchObject({
      message: expect.stringMatching(/Type a topic/),
    })
  })
})

describe('the API functions with their own credentials', () => {
  it('list and end connections with a bearer token, and read news signed as a user', async () => {
    const http = createHttpClient({ retry: { maxAttempts: 1 } })
    const hosts = { apiUrl: sandbox.apiUrl }
    const bearerToken = sandbox.state().bearerTokens.find((t) => !t.invalidated)!.token
    const listed = await listStreamConnections({ hosts, bearerToken, http, status: 'all' })
    expect(listed.connections.length).toBeGreaterThan(0)
    expect(await endStreamConnections({ hosts, bearerToken, http, target: { kind: 'all' } })).toMatchObject({
      failed: 0,
    })
    await expect(
      listStreamConnections({ hosts, bearerToken: 'wrong', http, status: 'all' }),
    ).rejects.toMatchObject({
      code: 'token_expired',
    })
    const ctx = await app.adsContext()
    expect((await searchNews(ctx, { query: 'coffee' })).map((s) => s.id)).toEqual(['1989418137272422540'])
    expect((await searchNews(ctx, { query: 'running', maxAgeHours: 720 })).length).toBe(2)
    expect((await getNewsStory(ctx, '1989418137272422541')).name).toMatch(/Electric bike/)
  })
})
