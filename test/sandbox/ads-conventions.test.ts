import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { ApiResponse, UserTokens } from './helpers/client'

interface Envelope<T = Record<string, unknown>> {
  request: { params: Record<string, unknown> }
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: { code: string; message: string; parameter?: string }[]
}

let sandbox: Sandbox
let user: UserTokens
let account: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { totalCountPerWindow: 3 } })
  user = await authorizeDemoUser(sandbox)
  account = sandbox.demo.accountIds[0] ?? ''
})
afterAll(async () => {
  await sandbox.close()
})

const ads = (path: string): string => `${sandbox.adsUrl}/12${path}`
const get = <T>(path: string, query?: Record<string, string>) =>
  call<Envelope<T>>(user, { url: ads(path), ...(query ? { query } : {}) })

describe('envelope and parameters', () => {
  it('wraps lists in request.params, data and next_cursor, echoing the inputs', async () => {
    const response = await get<unknown[]>(`/accounts/${account}/media_library`, { count: '5' })
    expect(response.status).toBe(200)
    expect(response.body.request.params).toMatchObject({ account_id: account, count: '5' })
    expect(response.body.data).toHaveLength(5)
    expect(typeof response.body.next_cursor).toBe('string')
    expect(response.body).not.toHaveProperty('total_count')
  })

  it('applies count defaults and rejects counts outside the range, naming the parameter', async () => {
    const library = await get<unknown[]>(`/accounts/${account}/media_library`)
    expect(library.body.data.length).toBe(10) // all ten items fit the default of 20
    for (const [path, bad] of [
      [`/accounts/${account}/media_library`, '51'],
      [`/accounts/${account}/cards`, '201'],
      ['/accounts', '1001'],
      ['/accounts', '0'],
      ['/accounts', 'ten'],
    ] as const) {
      const response = await get(path, { count: bad })
      expect(response.status, `${path} count=${bad}`).toBe(400)
      expect(response.body.errors?.[0]).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'count' })
      expect(response.body.request.params).toMatchObject({ count: bad })
    }
  })

  it('rejects parameters an endpoint does not have', async () => {
    const response = await get('/accounts', { colour: 'blue' })
    expect(response.status).toBe(400)
    expect(response.body.errors?.[0]).toMatchObject({ code: 'UNKNOWN_PARAMETER', parameter: 'colour' })
  })

  it('reports every bad parameter at once', async () => {
    const response = await call<Envelope>(user, {
      method: 'POST',
      url: ads(`/accounts/${account}/cards/poll`),
      form: { name: 'x'.repeat(81), duration_in_minutes: '4', first_choice: 'a'.repeat(26) },
    })
    expect(response.status).toBe(400)
    expect(response.body.errors?.map((e) => e.parameter).sort()).toEqual([
      'duration_in_minutes',
      'first_choice',
      'name',
      'second_choice',
    ])
  })
})

describe('cursors, sorting and with_deleted', () => {
  it('pages through every record exactly once, in order, even when records are added mid-way', async () => {
    const seen: string[] = []
    let cursor: string | null | undefined
    let pages = 0
    do {
      const response = await get<{ media_key: string }[]>(`/accounts/${account}/media_library`, {
        count: '3',
        ...(cursor ? { cursor } : {}),
      })
      expect(response.status).toBe(200)
      seen.push(...response.body.data.map((m) => m.media_key))
      cursor = response.body.next_cursor
      pages += 1
    } while (cursor)
    expect(pages).toBe(4)
    expect(new Set(seen).size).toBe(10)

    const createPoll = (name: string) =>
      call(user, {
        method: 'POST',
        url: ads(`/accounts/${account}/cards/poll`),
        form: { name, duration_in_minutes: '5', first_choice: '1', second_choice: '2' },
      })
    await createPoll('b poll')
    await createPoll('d poll')
    const names: string[] = []
    cursor = undefined
    let page = 0
    do {
      const response: ApiResponse<Envelope<{ name: string }[]>> = await get(
        `/accounts/${account}/cards/poll`,
        {
          count: '1',
          sort_by: 'name-asc',
          ...(cursor ? { cursor } : {}),
        },
      )
      names.push(...response.body.data.map((c) => c.name))
      if (page === 0) {
        await createPoll('a poll') // sorts before the cursor: belongs to a page already read
        await createPoll('c poll') // sorts after it: must still be seen
      }
      page += 1
      cursor = response.body.next_cursor
    } while (cursor)
    expect(names).toEqual(['b poll', 'c poll', 'd poll'])
  })

  it('rejects a forged cursor, a cursor for another sort and an unknown sort field', async () => {
    expect((await get('/accounts', { cursor: 'not-a-cursor' })).body.errors?.[0]?.parameter).toBe('cursor')
    const first = await get<unknown[]>(`/accounts/${account}/cards/poll`, { count: '1', sort_by: 'name-asc' })
    const mismatch = await get(`/accounts/${account}/cards/poll`, {
      cursor: first.body.next_cursor ?? '',
      sort_by: 'name-desc',
    })
    expect(mismatch.body.errors?.[0]?.parameter).toBe('cursor')
    expect((await get('/accounts', { sort_by: 'colour-asc' })).body.errors?.[0]?.parameter).toBe('sort_by')
  })

  it('hides deleted records unless with_deleted=true', async () => {
    const media = await get<{ id: string }[]>(`/accounts/${account}/account_media`)
    const victim = media.body.data[0]?.id ?? ''
    const removed = await call<Envelope<{ deleted: boolean }>>(user, {
      method: 'DELETE',
      url: ads(`/accounts/${account}/account_media/${victim}`),
    })
    expect(removed.body.data.deleted).toBe(true)
    const without = await get<{ id: string }[]>(`/accounts/${account}/account_media`)
    expect(without.body.data.map((m) => m.id)).not.toContain(victim)
    const withDeleted = await get<{ id: string }[]>(`/accounts/${account}/account_media`, {
      with_deleted: 'true',
    })
    expect(withDeleted.body.data.map((m) => m.id)).toContain(victim)
    expect((await get(`/accounts/${account}/account_media/${victim}`)).status).toBe(404)
    expect((await get(`/accounts/${account}/account_media/${victim}`, { with_deleted: 'true' })).status).toBe(
      200,
    )
    expect((await get('/accounts', { with_deleted: 'yes' })).body.errors?.[0]?.parameter).toBe('with_deleted')
  })
})

describe('with_total_count', () => {
  it('adds total_count, cannot be combined with cursor, and has its own limit', async () => {
    const counted = await get<unknown[]>('/accounts', { with_total_count: 'true', count: '1' })
    expect(counted.body.total_count).toBe(2)
    expect(counted.body.data).toHaveLength(1)
    const combined = await get('/accounts', {
      with_total_count: 'true',
      cursor: counted.body.next_cursor ?? '',
    })
    expect(combined.status).toBe(400)
    expect(combined.body.errors?.[0]?.parameter).toBe('with_total_count')
    expect((await get('/accounts', { with_total_count: 'true' })).status).toBe(200)
    expect((await get('/accounts', { with_total_count: 'true' })).status).toBe(200)
    const limited = await get('/accounts', { with_total_count: 'true' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0')
    expect((await get('/accounts')).status).toBe(200)
  })

  it('is not a parameter of the card list (the spec does not list it there)', async () => {
    expect(
      (await get(`/accounts/${account}/cards`, { with_total_count: 'true' })).body.errors?.[0]?.parameter,
    ).toBe('with_total_count')
  })
})

describe('account ownership and hosts', () => {
  it('refuses an account of another user and an unknown account', async () => {
    const foreign = sandbox.state().accounts.find((a) => a._owner !== user.userId)?.id as string
    const response = await get(`/accounts/${foreign}/cards`)
    expect(response.status).toBe(403)
    expect(response.body.errors?.[0]).toMatchObject({ code: 'UNAUTHORIZED_ACCESS', parameter: 'account_id' })
    expect((await get('/accounts/18ce5nothere/cards')).status).toBe(404)
  })

  it('serves the same API on the ads sandbox host, with sandbox-only account operations there', async () => {
    const sandboxAccounts = await call<Envelope<unknown[]>>(user, {
      url: `${sandbox.adsSandboxUrl}/12/accounts`,
    })
    expect(sandboxAccounts.body.data).toHaveLength(2)
    expect((await call(user, { method: 'POST', url: ads('/accounts') })).status).toBe(404)
    const created = await call<Envelope<{ id: string; deleted: boolean }>>(user, {
      method: 'POST',
      url: `${sandbox.adsSandboxUrl}/12/accounts`,
    })
    expect(created.status).toBe(200)
    const id = created.body.data.id
    const features = await call<Envelope<string[]>>(user, {
      method: 'POST',
      url: `${sandbox.adsSandboxUrl}/12/accounts/${id}/features`,
      form: { feature_keys: 'AGE_TARGETING,CPI_CHARGING' },
    })
    expect(features.body.data).toEqual(['AGE_TARGETING', 'CPI_CHARGING'])
    const badFeature = await call<Envelope>(user, {
      method: 'POST',
      url: `${sandbox.adsSandboxUrl}/12/accounts/${id}/features`,
      form: { feature_keys: 'TIME_TRAVEL' },
    })
    expect(badFeature.body.errors?.[0]?.parameter).toBe('feature_keys')
    expect((await call(user, { method: 'DELETE', url: ads(`/accounts/${id}`) })).status).toBe(404)
    const removed = await call<Envelope<{ deleted: boolean }>>(user, {
      method: 'DELETE',
      url: `${sandbox.adsSandboxUrl}/12/accounts/${id}`,
    })
    expect(removed.body.data.deleted).toBe(true)
    const seeded = await call<Envelope>(user, {
      method: 'DELETE',
      url: `${sandbox.adsSandboxUrl}/12/accounts/${account}`,
    })
    expect(seeded.status).toBe(400)
    expect(sandbox.created().accounts).toBe(1)
  })

  it('answers unknown routes and other versions with ROUTE_NOT_FOUND', async () => {
    const response = await call<Envelope>(user, { url: `${sandbox.adsUrl}/11/accounts` })
    expect(response.status).toBe(404)
    expect(response.body.errors?.[0]?.code).toBe('ROUTE_NOT_FOUND')
  })
})

describe('rate limits', () => {
  it('sends x-rate-limit headers and answers 429 once a small limit is used up', async () => {
    const limited = await startSandbox({ port: 0, limits: { requestsPerWindow: 2, windowMs: 60_000 } })
    try {
      const reader = await authorizeDemoUser(limited)
      const url = `${limited.adsUrl}/12/accounts`
      const first = await call(reader, { url })
      expect(first.headers.get('x-rate-limit-limit')).toBe('2')
      expect(first.headers.get('x-rate-limit-remaining')).toBe('1')
      const reset = Number(first.headers.get('x-rate-limit-reset'))
      expect(reset).toBeGreaterThan(Date.now() / 1000)
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61)
      expect((await call(reader, { url })).status).toBe(200)
      const third = await call<Envelope>(reader, { url })
      expect(third.status).toBe(429)
      expect(third.headers.get('x-rate-limit-remaining')).toBe('0')
      expect(
        (await call(reader, { url: `${limited.adsUrl}/12/accounts/${limited.demo.accountIds[0]}` })).status,
      ).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('opens a new window after windowMs', async () => {
    const limited = await startSandbox({ port: 0, limits: { requestsPerWindow: 1, windowMs: 300 } })
    try {
      const reader = await authorizeDemoUser(limited)
      const url = `${limited.adsUrl}/12/accounts`
      expect((await call(reader, { url })).status).toBe(200)
      expect((await call(reader, { url })).status).toBe(429)
      await new Promise((resolve) => setTimeout(resolve, 350))
      expect((await call(reader, { url })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
