import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FormData } from 'undici'
import { AppFailure } from '../../../src/shared/errors'
import type { AppError } from '../../../src/shared/errors'
import { createHttpClient } from '../../../src/main/api/http'
import type { HttpClient, HttpRequest } from '../../../src/main/api/http'
import { dropConnection, hang, json, startFakeApi, verifySignature } from './fakeApi'
import type { FakeApi, Handler } from './fakeApi'

const credentials = {
  consumerKey: 'ck-1',
  consumerSecret: 'cs-secret-1',
  token: '42-tok',
  tokenSecret: 'ts-secret-1',
}
const oauth1 = { kind: 'oauth1', credentials } as const

let api: FakeApi
beforeAll(async () => {
  api = await startFakeApi()
})
afterAll(() => api.close())

interface Harness {
  client: HttpClient
  sleeps: number[]
}

function harness(options: { maxAttempts?: number; timeoutMs?: number; now?: () => number } = {}): Harness {
  const sleeps: number[] = []
  const client = createHttpClient({
    timeoutMs: options.timeoutMs ?? 2_000,
    retry: { maxAttempts: options.maxAttempts ?? 3, baseDelayMs: 100, maxDelayMs: 1_000 },
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 1,
    ...(options.now ? { now: options.now } : {}),
  })
  return { client, sleeps }
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppFailure)
  return (error as AppFailure).toAppError()
}

describe('signed requests', () => {
  it('signs query parameters and form bodies so an independent verifier accepts them', async () => {
    const { client } = harness()
    api.respond(json(200, { data: [] }))
    await client.send({
      method: 'GET',
      url: `${api.url}/12/accounts`,
      query: { q: 'Spring sale + 50%!', account_ids: ['a1', 'b2'], with_deleted: true, cursor: undefined },
      auth: oauth1,
    })
    await client.send({
      method: 'POST',
      url: `${api.url}/12/accounts/a1/cards/poll?debug=1`,
      body: {
        kind: 'form',
        fields: { name: "Poll: what's new? (1/2)", first_choice: 'Yes, please', second_choice: 'No*' },
      },
      auth: oauth1,
    })
    const [get, post] = api.requests
    expect(get!.query.get('q')).toBe('Spring sale + 50%!')
    expect(get!.query.get('account_ids')).toBe('a1,b2')
    expect(get!.query.get('with_deleted')).toBe('true')
    expect(get!.query.has('cursor')).toBe(false)
    expect(verifySignature(get!, credentials.consumerSecret, credentials.tokenSecret)).toBe(true)
    expect(post!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(new URLSearchParams(post!.body).get('name')).toBe("Poll: what's new? (1/2)")
    expect(verifySignature(post!, credentials.consumerSecret, credentials.tokenSecret)).toBe(true)
    expect(post!.oauth?.get('oauth_token')).toBe('42-tok')
  })

  it('does not sign JSON or multipart bodies', async () => {
    const { client } = harness()
    api.respond(json(200, { data: {} }))
    await client.send({
      method: 'POST',
      url: `${api.url}/12/accounts/a1/cards`,
      body: { kind: 'json', value: { name: 'Card', components: [{ type: 'MEDIA', media_key: '3_1' }] } },
      auth: oauth1,
    })
    const form = new FormData()
    form.set('command', 'APPEND')
    form.set('media', new Blob([new Uint8Array([1, 2, 3])]), 'blob')
    await client.send({
      method: 'POST',
      url: `${api.url}/1.1/media/upload`,
      body: { kind: 'multipart', form },
      auth: oauth1,
    })
    const [jsonRequest, multipart] = api.requests
    expect(jsonRequest!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(jsonRequest!.body)).toEqual({
      name: 'Card',
      components: [{ type: 'MEDIA', media_key: '3_1' }],
    })
    // The verifier includes body parameters only for form bodies; a match proves none were signed.
    expect(verifySignature(jsonRequest!, credentials.consumerSecret, credentials.tokenSecret)).toBe(true)
    expect(multipart!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(verifySignature(multipart!, credentials.consumerSecret, credentials.tokenSecret)).toBe(true)
  })
})

describe('clock skew (code 135)', () => {
  const serverAhead = 3_600_000
  const skewAware: Handler = (req, res) => {
    const serverNow = Date.now() + serverAhead
    const timestamp = Number(req.oauth?.get('oauth_timestamp')) * 1000
    res.setHeader('date', new Date(serverNow).toUTCString())
    if (Math.abs(serverNow - timestamp) > 30_000) {
      json(401, { errors: [{ code: 135, message: 'Timestamp out of bounds.' }] })(req, res)
    } else {
      json(200, { data: { ok: true } })(req, res)
    }
  }

  it.each(['GET', 'POST'] as const)('corrects from the Date header and resends a %s once', async (method) => {
    const { client } = harness()
    api.respond(skewAware)
    const response = await client.send({ method, url: `${api.url}/12/accounts`, auth: oauth1 })
    expect(response.json).toEqual({ data: { ok: true } })
    expect(api.requests).toHaveLength(2)
    expect(Math.abs(client.clockOffsetMs() - serverAhead)).toBeLessThan(5_000)
    // Later requests carry the corrected timestamp straight away.
    await client.send({ method: 'GET', url: `${api.url}/12/accounts`, auth: oauth1 })
    expect(api.requests).toHaveLength(3)
  })

  it('gives up after one correction with a clock message', async () => {
    const { client } = harness()
    api.respond(
      json(
        401,
        { errors: [{ code: 135, message: 'Timestamp out of bounds.' }] },
        { date: new Date().toUTCString() },
      ),
    )
    const error = await failureOf(client.send({ method: 'GET', url: `${api.url}/x`, auth: oauth1 }))
    expect(error.code).toBe('clock_skew')
    expect(api.requests).toHaveLength(2)
  })
})

describe('retries', () => {
  it.each(['GET', 'PUT', 'DELETE'] as const)(
    'retries %s on 5xx with growing, jittered backoff',
    async (method) => {
      const { client, sleeps } = harness({ maxAttempts: 4 })
      api.respond(json(503, {}), json(502, {}), json(500, {}), json(200, { data: 'ok' }))
      const response = await client.send({ method, url: `${api.url}/12/thing`, auth: oauth1 })
      expect(response.json).toEqual({ data: 'ok' })
      expect(api.requests).toHaveLength(4)
      // random() = 1 shows the ceilings: base·2^n.
      expect(sleeps).toEqual([100, 200, 400])
    },
  )

  it('jitters within the ceiling', async () => {
    const sleeps: number[] = []
    const client = createHttpClient({
      retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 150 },
      sleep: async (ms) => {
        sleeps.push(ms)
      },
      random: () => 0.5,
    })
    api.respond(json(503, {}))
    const error = await failureOf(client.send({ method: 'GET', url: `${api.url}/x`, auth: oauth1 }))
    expect(error.code).toBe('server_unavailable')
    expect(sleeps).toEqual([50, 75])
  })

  it('never resends a POST after a 5xx', async () => {
    const { client, sleeps } = harness()
    api.respond(json(500, {}), json(200, {}))
    const unknown = await failureOf(client.send({ method: 'POST', url: `${api.url}/x`, auth: oauth1 }))
    expect(unknown.code).toBe('outcome_unknown')
    expect(api.requests).toHaveLength(1)
    api.respond(json(503, {}), json(200, {}))
    const unavailable = await failureOf(client.send({ method: 'POST', url: `${api.url}/x`, auth: oauth1 }))
    expect(unavailable.code).toBe('server_unavailable')
    expect(api.requests).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('retries a GET whose connection dropped, then reports offline', async () => {
    const { client } = harness({ maxAttempts: 3 })
    api.respond(dropConnection)
    const error = await failureOf(client.send({ method: 'GET', url: `${api.url}/x`, auth: oauth1 }))
    expect(error.code).toBe('offline')
    expect(api.requests).toHaveLength(3)
    api.respond(dropConnection, json(200, { data: 1 }))
    expect((await client.send({ method: 'GET', url: `${api.url}/x`, auth: oauth1 })).json).toEqual({
      data: 1,
    })
  })

  it('reports outcome_unknown, without resending, when a POST loses its answer', async () => {
    const { client } = harness()
    api.respond(dropConnection, json(200, {}))
    const error = await failureOf(client.send({ method: 'POST', url: `${api.url}/x`, auth: oauth1 }))
    expect(error.code).toBe('outcome_unknown')
    expect(api.requests).toHaveLength(1)
  })

  it('times out every request: GET retries then says timeout, POST says outcome_unknown', async () => {
    const { client } = harness({ maxAttempts: 2, timeoutMs: 150 })
    api.respond(hang)
    expect((await failureOf(client.send({ method: 'GET', url: `${api.url}/slow`, auth: oauth1 }))).code).toBe(
      'timeout',
    )
    expect(api.requests).toHaveLength(2)
    api.respond(hang)
    const post = await failureOf(
      client.send({ method: 'POST', url: `${api.url}/slow`, auth: oauth1, timeoutMs: 100 }),
    )
    expect(post.code).toBe('outcome_unknown')
    expect(api.requests).toHaveLength(1)
  })

  it('says offline when nothing could be sent, even for a POST', async () => {
    const { client } = harness({ maxAttempts: 1 })
    const closed = await startFakeApi()
    const url = closed.url
    await closed.close()
    expect((await failureOf(client.send({ method: 'POST', url: `${url}/x`, auth: oauth1 }))).code).toBe(
      'offline',
    )
  })

  it('names the host that did not answer instead of blaming the internet connection', async () => {
    const { client } = harness({ maxAttempts: 1 })
    const closed = await startFakeApi()
    const url = closed.url
    await closed.close()
    const error = await failureOf(client.send({ method: 'GET', url: `${url}/12/accounts`, auth: oauth1 }))
    expect(error.code).toBe('offline')
    expect(error.message).toContain(new URL(url).host)
    expect(error.message).not.toMatch(/internet connection/i)
    expect(error.message).not.toContain('/12/accounts')
  })
})

describe('failures before anything is sent (issue #10, defect 3)', () => {
  const cases: [string, HttpRequest | ((url: string) => HttpRequest)][] = [
    [
      'a lone surrogate in a signed form body',
      (url) => ({
        method: 'POST',
        url: `${url}/12/accounts/a1/posts`,
        body: { kind: 'form', fields: { text: 'Hi \ud83d' } },
        auth: oauth1,
      }),
    ],
    [
      'a lone surrogate in the query',
      (url) => ({
        method: 'POST',
        url: `${url}/12/accounts/a1/posts`,
        query: { name: '\udc00x' },
        auth: oauth1,
      }),
    ],
    [
      'a consumer key that cannot be encoded',
      (url) => ({
        method: 'POST',
        url: `${url}/oauth/request_token`,
        auth: { kind: 'oauth1', credentials: { ...credentials, consumerKey: 'ck\ud800' } },
      }),
    ],
    [
      'a header value with a line break',
      (url) => ({
        method: 'POST',
        url: `${url}/oauth2/token`,
        auth: { kind: 'bearer', token: 'abc\r\nX-Injected: 1' },
      }),
    ],
    ['a host that is not http(s)', { method: 'POST', url: 'ftp://127.0.0.1:1/12/accounts', auth: oauth1 }],
  ]
  it.each(cases)(
    '%s is a local failure: no request, no retry, never outcome_unknown',
    async (_name, make) => {
      const { client, sleeps } = harness({ maxAttempts: 5 })
      api.respond(json(200, { data: {} }))
      const before = api.requests.length
      const request = typeof make === 'function' ? make(api.url) : make
      const error = await failureOf(client.send(request))
      expect(error.code).toBe('local_failure')
      expect(error.message).toMatch(/nothing was sent/)
      expect(api.requests.length).toBe(before)
      expect(sleeps).toEqual([])
    },
  )
})

describe('error mapping', () => {
  const date = new Date('2030-01-01T00:00:00Z')
  const cases: [string, Handler, HttpRequest['auth'], Partial<AppError>][] = [
    [
      '401 / 89',
      json(401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] }),
      oauth1,
      {
        code: 'token_expired',
        message: 'Your access was revoked — authorize again',
      },
    ],
    ['bare 401 with a user token', json(401, {}), oauth1, { code: 'token_expired' }],
    [
      'bare 401 with app credentials only',
      json(401, {}),
      { kind: 'oauth1', credentials: { consumerKey: 'k', consumerSecret: 's' } },
      {
        code: 'bad_credentials',
      },
    ],
    [
      '32',
      json(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] }),
      oauth1,
      {
        code: 'bad_credentials',
        message: 'The app key or secret is wrong',
      },
    ],
    [
      '403 / 99 for credentials the platform cannot verify (as the real platform answers)',
      json(403, { errors: [{ code: 99, message: 'Unable to verify your credentials' }] }),
      { kind: 'basic', username: 'k', password: 's' },
      {
        code: 'bad_credentials',
        message: 'The app key or secret is wrong',
      },
    ],
    [
      '403 / 99 for bearer tokens requested too often (the spec)',
      json(403, {
        errors: [{ code: 99, message: 'Bearer token requested too often: cache the token and reuse it.' }],
      }),
      { kind: 'basic', username: 'k', password: 's' },
      {
        code: 'too_many_token_requests',
      },
    ],
    [
      '93',
      json(403, {
        errors: [
          { code: 93, message: 'This application is not allowed to access or delete your direct messages.' },
        ],
      }),
      oauth1,
      {
        code: 'missing_dm_permission',
      },
    ],
    [
      'ads errors[].parameter',
      json(400, {
        errors: [
          { code: 'INVALID_PARAMETER', message: 'name must be at most 80 characters', parameter: 'name' },
        ],
        request: { params: {} },
      }),
      oauth1,
      {
        code: 'invalid_request',
        field: 'name',
        message: 'The platform rejected the request: name must be at most 80 characters',
      },
    ],
    [
      'problem object',
      json(400, {
        errors: [
          {
            title: 'Invalid Request',
            type: 'https://api.example/2/problems/invalid-request',
            detail: 'The `id` query parameter value [abc] is not valid',
            status: 400,
            parameters: { id: ['abc'] },
          },
        ],
      }),
      oauth1,
      {
        code: 'invalid_request',
        field: 'id',
      },
    ],
    [
      'bare problem object',
      json(403, { title: 'Forbidden', type: 'about:blank', detail: 'Not your account', status: 403 }),
      oauth1,
      {
        code: 'forbidden',
        message: 'This account is not allowed to do that: Not your account',
      },
    ],
    [
      '403 naming a missing account feature',
      json(403, {
        errors: [
          {
            code: 'FEATURE_NOT_AVAILABLE',
            parameter: 'media_key',
            message: 'Polls with media need the PROMOTED_MEDIA_POLLS account feature',
          },
        ],
      }),
      oauth1,
      {
        code: 'forbidden',
        field: 'media_key',
        message:
          'This account does not have the PROMOTED_MEDIA_POLLS feature — the advertiser asks the platform for it (on a sandbox account, add it under Settings → Features)',
      },
    ],
    [
      '404',
      json(404, { errors: [{ code: 'NOT_FOUND', message: 'not found' }] }),
      oauth1,
      { code: 'not_found' },
    ],
    [
      '429 with x-rate-limit-reset',
      json(
        429,
        { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
        {
          date: date.toUTCString(),
          'x-rate-limit-reset': String(date.getTime() / 1000 + 42),
        },
      ),
      oauth1,
      // The local clock is years off the Date header here, so the header (mid-second) is used.
      { code: 'rate_limited', retryAfter: 41.525 },
    ],
    ['429 without headers', json(429, {}), oauth1, { code: 'rate_limited', retryAfter: 60 }],
  ]

  it.each(cases)('%s', async (_name, handler, auth, expected) => {
    const { client } = harness()
    api.respond(handler)
    const error = await failureOf(client.send({ method: 'GET', url: `${api.url}/x`, auth }))
    expect(error).toMatchObject(expected)
    expect(api.requests).toHaveLength(1)
  })

  it('waits until the stated reset to the millisecond, not to the next whole second', async () => {
    // The Date header is truncated to the second; the local clock knows it is 700 ms later.
    const { client } = harness({ now: () => date.getTime() + 700 })
    api.respond(
      json(
        429,
        { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
        { date: date.toUTCString(), 'x-rate-limit-reset': String(date.getTime() / 1000 + 2) },
      ),
    )
    const error = await failureOf(client.send({ method: 'GET', url: `${api.url}/x`, auth: oauth1 }))
    // 2 s after the header's second is 1.3 s from now, plus the 25 ms margin: not 2 s.
    expect(error).toMatchObject({ code: 'rate_limited', retryAfter: 1.325 })
  })

  it('returns non-2xx answers untouched from exchange', async () => {
    const { client } = harness()
    api.respond(json(404, { title: 'Not Found' }))
    const response = await client.exchange({ method: 'POST', url: `${api.url}/x`, auth: { kind: 'none' } })
    expect(response.status).toBe(404)
    expect(response.json).toEqual({ title: 'Not Found' })
  })
})

describe('pacing by the rate-limit window each answer states', () => {
  const windowHeaders = (remaining: number, resetInSeconds: number) => ({
    'x-rate-limit-limit': '900',
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + resetInSeconds),
  })
  const get = (path: string, auth: HttpRequest['auth'] = oauth1): HttpRequest => ({
    method: 'GET',
    url: `${api.url}${path}`,
    auth,
  })

  it('sends nothing to a window it was told is used up, until its reset', async () => {
    let clock = Date.now()
    const { client } = harness({ now: () => clock })
    api.respond(json(200, { data: [] }, windowHeaders(0, 30)), json(200, { data: [] }))
    await client.send(get('/12/accounts/a1/cards'))
    const sent = api.requests.length

    const refused = await failureOf(client.send(get('/12/accounts/a1/cards')))
    expect(refused.code).toBe('rate_limited')
    expect(refused.retryAfter).toBeGreaterThan(28)
    expect(refused.retryAfter).toBeLessThanOrEqual(31)
    expect(api.requests).toHaveLength(sent)

    // Another endpoint, and another credential on the same one, have windows of their own.
    await client.send(get('/12/accounts/a1/line_items'))
    await client.send(
      get('/12/accounts/a1/cards', { kind: 'oauth1', credentials: { ...credentials, token: '43-other' } }),
    )
    expect(api.requests).toHaveLength(sent + 2)

    clock += 31_000
    await client.send(get('/12/accounts/a1/cards'))
    expect(api.requests).toHaveLength(sent + 3)
  })

  it('after a 429 of its own, asks again when its caller does: the limit may have lifted', async () => {
    const { client } = harness()
    api.respond(json(429, { errors: [{ code: 88 }] }, windowHeaders(0, 30)), json(200, { data: [] }))
    expect((await failureOf(client.send(get('/12/accounts/a3/cards')))).code).toBe('rate_limited')
    const sent = api.requests.length
    await client.send(get('/12/accounts/a3/cards'))
    expect(api.requests).toHaveLength(sent + 1)
  })

  it('counts requests in flight against what the window has left', async () => {
    const { client } = harness()
    api.respond(json(200, { data: [] }, windowHeaders(2, 30)))
    await client.send(get('/12/accounts/a2/cards'))
    const sent = api.requests.length
    const answers = await Promise.allSettled([1, 2, 3].map(() => client.send(get('/12/accounts/a2/cards'))))
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    expect(api.requests).toHaveLength(sent + 2)
  })
})
