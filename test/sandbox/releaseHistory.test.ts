import { beforeAll, describe, expect, it } from 'vitest'
import { call } from './helpers/client'
import { useSandbox } from './helpers/setup'

/**
 * The release-history endpoints the sandbox serves (platform document 127, 130-135): streaming
 * connections, webhook replay and news, in the shapes of the platform's public reference.
 */

interface Problem {
  title: string
  type: string
  detail: string
  status: number
  parameter?: string
}
interface Kills {
  data: {
    successful_kills: number
    failed_kills: number
    results: { uuid: string; success: boolean; error_message: string }[]
  }
}
interface Listed {
  data?: Record<string, string>[]
  meta: { result_count: number; next_token?: string }
  errors?: Problem[]
}

const env = useSandbox()
let bearer = ''
beforeAll(async () => {
  const { consumerKey, consumerSecret } = env.sandbox.demo
  const basic = Buffer.from(`${encodeURIComponent(consumerKey)}:${encodeURIComponent(consumerSecret)}`)
  const response = await fetch(`${env.sandbox.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic.toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    },
    body: 'grant_type=client_credentials',
  })
  bearer = ((await response.json()) as { access_token: string }).access_token
})

const api = (path: string) => `${env.sandbox.apiUrl}${path}`
const withBearer = <T>(
  path: string,
  init: { method?: string; query?: Record<string, string>; json?: unknown; auth?: string } = {},
) =>
  call<T>(undefined, {
    method: init.method ?? 'GET',
    url: api(path),
    ...(init.query ? { query: init.query } : {}),
    ...(init.json !== undefined ? { json: init.json } : {}),
    headers: { authorization: init.auth ?? `Bearer ${bearer}` },
  })
const ALL_FIELDS = 'id,endpoint_name,connected_at,disconnected_at,disconnect_reason,client_ip'

describe('GET /2/connections and the DELETE operations', () => {
  it('lists active connections by default, without ids unless asked, and pages', async () => {
    const plain = await withBearer<Listed>('/2/connections')
    expect(plain.status).toBe(200)
    expect(plain.body.meta.result_count).toBe(3)
    expect(plain.body.data?.[0]).toEqual({
      connected_at: expect.any(String),
      endpoint_name: 'filtered_stream',
      client_ip: '203.0.113.10',
    })
    const all = await withBearer<Listed>('/2/connections', {
      query: { status: 'all', 'connection.fields': ALL_FIELDS },
    })
    expect(all.body.data?.map((c) => c.endpoint_name)).toEqual([
      'filtered_stream',
      'filtered_stream',
      'sample_stream',
      'filtered_stream',
    ])
    expect(all.body.data?.[3]).toMatchObject({
      disconnect_reason: 'client_closed_connection',
      id: expect.any(String),
    })
    const page = await withBearer<Listed>('/2/connections', { query: { status: 'all', max_results: '3' } })
    expect(page.body.meta).toEqual({ result_count: 3, next_token: '3' })
    const rest = await withBearer<Listed>('/2/connections', {
      query: { status: 'all', max_results: '3', pagination_token: '3' },
    })
    expect(rest.body.meta).toEqual({ result_count: 1 })
    const samples = await withBearer<Listed>('/2/connections', { query: { endpoints: 'sample_stream' } })
    expect(samples.body.data?.map((c) => c.endpoint_name)).toEqual(['sample_stream'])
  })

  it('refuses bad parameters with problems naming them, and calls without the bearer token', async () => {
    const bad = await withBearer<{ errors: Problem[] }>('/2/connections', {
      query: { status: 'open', max_results: '101', 'connection.fields': 'id,colour' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((p) => p.parameter)).toEqual(['status', 'max_results', 'connection.fields'])
    expect((await withBearer('/2/connections', { auth: 'Basic abc' })).status).toBe(401)
    const revokedLike = await withBearer<{ errors: { code: number }[] }>('/2/connections', {
      auth: 'Bearer nope',
    })
    expect(revokedLike.status).toBe(401)
    expect(revokedLike.body.errors[0]?.code).toBe(89)
    const endpoint = await withBearer<{ errors: Problem[] }>('/2/connections/rivers_stream', {
      method: 'DELETE',
    })
    expect(endpoint.status).toBe(400)
    expect(endpoint.body.errors[0]?.parameter).toBe('endpoint_id')
    for (const json of [{}, { uuids: [] }, { uuids: Array.from({ length: 101 }, (_, i) => `u${i}`) }]) {
      const uuids = await withBearer<{ errors: Problem[] }>('/2/connections', { method: 'DELETE', json })
      expect(uuids.status).toBe(400)
      expect(uuids.body.errors[0]?.parameter).toBe('uuids')
    }
  })

  it('ends connections by UUID, by endpoint and all, reporting each', async () => {
    const listed = await withBearer<Listed>('/2/connections', { query: { 'connection.fields': ALL_FIELDS } })
    const [first, second, sample] = listed.body.data!.map((c) => c.id!)
    const byId = await withBearer<Kills>('/2/connections', {
      method: 'DELETE',
      json: { uuids: [first, 'no-such-connection'] },
    })
    expect(byId.status).toBe(200)
    expect(byId.body.data).toEqual({
      successful_kills: 1,
      failed_kills: 1,
      results: [
        { uuid: first, success: true, error_message: '' },
        { uuid: 'no-such-connection', success: false, error_message: 'Connection not found' },
      ],
    })
    const again = await withBearer<Kills>('/2/connections', { method: 'DELETE', json: { uuids: [first] } })
    expect(again.body.data.results[0]).toMatchObject({
      success: false,
      error_message: 'Connection already ended',
    })

    const byEndpoint = await withBearer<Kills>('/2/connections/filtered_stream', { method: 'DELETE' })
    expect(byEndpoint.body.data).toMatchObject({ successful_kills: 1, failed_kills: 0 })
    expect(byEndpoint.body.data.results.map((r) => r.uuid)).toEqual([second])
    const all = await withBearer<Kills>('/2/connections/all', { method: 'DELETE' })
    expect(all.body.data.results.map((r) => r.uuid)).toEqual([sample])
    const none = await withBearer<Listed>('/2/connections')
    expect(none.body).toEqual({ meta: { result_count: 0 } })
    const ended = await withBearer<Listed>('/2/connections', { query: { status: 'inactive' } })
    expect(ended.body.data?.filter((c) => c.disconnect_reason === 'operator_disconnect')).toHaveLength(3)
  })
})

describe('POST /2/webhooks/replay', () => {
  const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, '')
  const hour = 3_600_000
  const replay = (json: unknown, auth?: string) =>
    withBearer<{ job_id?: string; created_at?: string; errors?: Problem[] }>('/2/webhooks/replay', {
      method: 'POST',
      json,
      ...(auth ? { auth } : {}),
    })

  it('queues a replay of the past hour for one of the app’s webhooks', async () => {
    const now = Date.now()
    const response = await replay({
      webhook_id: '1146654567674912769',
      from_date: minute(now - hour),
      to_date: minute(now),
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ job_id: expect.stringMatching(/^\d+$/), created_at: expect.any(String) })
    expect(env.sandbox.state().webhookReplays.map((job) => job.webhookId)).toEqual(['1146654567674912769'])
  })

  it('refuses a window outside the past 24 hours, backwards or in the future, and unknown webhooks', async () => {
    const now = Date.now()
    const cases: [Record<string, unknown>, string][] = [
      [{ from_date: minute(now - 25 * hour), to_date: minute(now) }, 'from_date'],
      [{ from_date: minute(now - hour), to_date: minute(now - 2 * hour) }, 'to_date'],
      [{ from_date: minute(now - hour), to_date: minute(now + 2 * hour) }, 'to_date'],
      [{ from_date: '2026-01-01', to_date: minute(now) }, 'from_date'],
      [{ from_date: '202602301200', to_date: minute(now) }, 'from_date'],
      [{ from_date: minute(now - hour) }, 'to_date'],
    ]
    for (const [window, parameter] of cases) {
      const response = await replay({ webhook_id: '1146654567674912769', ...window })
      expect(response.status, JSON.stringify(window)).toBe(400)
      expect(response.body.errors?.map((p) => p.parameter)).toContain(parameter)
    }
    const window = { from_date: minute(now - hour), to_date: minute(now) }
    expect((await replay({ webhook_id: '12ab', ...window })).status).toBe(400)
    const unknown = await replay({ webhook_id: '999', ...window })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors?.[0]?.detail).toContain('999')
    expect((await replay({ webhook_id: '999', ...window }, 'Basic abc')).status).toBe(401)
  })
})

describe('GET /2/news/search and /2/news/{id}', () => {
  interface News {
    data?: Record<string, unknown>[]
    meta?: { result_count: number }
    errors?: Problem[]
  }
  it('finds recent stories for a query, with the fields asked for, newest first', async () => {
    const plain = await withBearer<News>('/2/news/search', { query: { query: 'running' } })
    expect(plain.status).toBe(200)
    expect(plain.body).toEqual({
      data: [{ rest_id: '1989418137272422538', name: 'City marathon sells out in record time' }],
      meta: { result_count: 1 },
    })
    const older = await withBearer<News>('/2/news/search', {
      query: { query: 'running', max_age_hours: '720', 'news.fields': 'name,summary,last_updated_at_ms' },
    })
    expect(older.body.data?.map((s) => s.rest_id)).toEqual(['1989418137272422538', '1989418137272422542'])
    const updated = Number(older.body.data?.[0]?.last_updated_at_ms)
    expect(Date.now() - updated).toBeGreaterThanOrEqual(2 * 3_600_000)
    expect(older.body.data?.[0]?.summary).toMatch(/40,000 places/)
    const spring = await withBearer<News>('/2/news/search', {
      query: { query: 'Spring fashion', max_results: '1' },
    })
    expect(spring.body.data?.map((s) => s.name)).toEqual(['Spring fashion week opens with recycled fabrics'])
    const nothing = await withBearer<News>('/2/news/search', { query: { query: 'volcano' } })
    expect(nothing.body).toEqual({ meta: { result_count: 0 } })
  })

  it('signed by a user as well as with the bearer token; refuses bad parameters', async () => {
    const signed = await call<News>(env.user, {
      url: api('/2/news/search'),
      query: { query: 'coffee', 'news.fields': 'name,contexts,keywords' },
    })
    expect(signed.status).toBe(200)
    expect(signed.body.data?.[0]).toMatchObject({ contexts: { topics: ['Food and drink', 'Economy'] } })
    const bad = await withBearer<News>('/2/news/search', {
      query: { max_results: '0', max_age_hours: '721', 'news.fields': 'name,mood' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors?.map((p) => p.parameter)).toEqual([
      'query',
      'max_results',
      'max_age_hours',
      'news.fields',
    ])
    expect((await call(undefined, { url: api('/2/news/search'), query: { query: 'coffee' } })).status).toBe(
      401,
    )
  })

  it('opens one story by id; an unknown id is a not-found problem', async () => {
    const story = await withBearer<News & { data?: Record<string, unknown> }>('/2/news/1989418137272422540', {
      query: { 'news.fields': 'name,summary,cluster_posts_results,last_updated_at_ms' },
    })
    expect(story.status).toBe(200)
    expect(story.body.data).toMatchObject({
      rest_id: '1989418137272422540',
      name: 'Coffee prices reach a ten-year high',
      cluster_posts_results: [{ post_id: '1700000000000000104' }],
      last_updated_at_ms: expect.stringMatching(/^\d+$/),
    })
    const missing = await withBearer<News>('/2/news/123')
    expect(missing.status).toBe(200)
    expect(missing.body.errors?.[0]).toMatchObject({ status: 404, detail: expect.stringContaining('123') })
    expect((await withBearer('/2/news/abc')).status).toBe(400)
  })
})
