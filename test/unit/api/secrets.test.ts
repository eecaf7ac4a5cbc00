import { inspect } from 'node:util'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MockInstance } from 'vitest'
import { createBearerToken, invalidateBearerToken } from '../../../src/main/auth/bearer'
import { exchangePin, invalidateToken, requestToken } from '../../../src/main/auth/pinFlow'
import { deleteWebhook } from '../../../src/main/auth/webhooks'
import { listAccounts, createPost } from '../../../src/main/api/ads'
import { createHttpClient } from '../../../src/main/api/http'
import type { HttpMethod } from '../../../src/main/api/http'
import { uploadInit } from '../../../src/main/api/mediaUpload'
import { AppFailure } from '../../../src/shared/errors'
import { dropConnection, hang, startFakeApi } from './fakeApi'
import type { FakeApi, Handler, RecordedRequest } from './fakeApi'

/**
 * Every error path, with a hostile server that echoes the request (Authorization header, query,
 * body) into every field it can: the errors that come out must not contain a single secret.
 */
const secrets = {
  consumerSecret: 'CONSUMER/secret+value=1',
  accessToken: '4242-ACCESS/token+value',
  accessTokenSecret: 'ACCESS/secret+value=2',
  requestTokenSecret: 'REQUEST/secret+value=3',
  bearerToken: 'AAAA%2FBEARER%3Dtoken+value',
}
const consumerKey = 'public-consumer-key'
const user = {
  consumerKey,
  consumerSecret: secrets.consumerSecret,
  accessToken: secrets.accessToken,
  accessTokenSecret: secrets.accessTokenSecret,
}

function echo(req: RecordedRequest): string {
  return `auth=${String(req.headers.authorization)} query=${req.query.toString()} body=${req.body}`
}

function echoing(
  status: number,
  shape: (said: string) => unknown,
  headers: Record<string, string> = {},
): Handler {
  return (req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(shape(echo(req))))
  }
}

const shapes: [string, number, (said: string) => unknown][] = [
  [
    'ads parameter error',
    400,
    (said) => ({ errors: [{ code: 'INVALID_PARAMETER', message: said, parameter: said }] }),
  ],
  [
    'problem object',
    400,
    (said) => ({
      errors: [{ title: said, detail: said, type: said, status: 400, parameters: { [said]: [said] } }],
    }),
  ],
  ['bare problem', 403, (said) => ({ title: said, detail: said, type: 'about:blank', status: 403 })],
  ['code 89', 401, (said) => ({ errors: [{ code: 89, message: said }] })],
  ['code 32', 401, (said) => ({ errors: [{ code: 32, message: said }] })],
  ['code 99', 403, (said) => ({ errors: [{ code: 99, message: said }] })],
  ['code 93', 403, (said) => ({ errors: [{ code: 93, message: said }] })],
  ['code 135', 401, (said) => ({ errors: [{ code: 135, message: said }] })],
  ['bare 401', 401, (said) => ({ message: said })],
  ['404', 404, (said) => ({ errors: [{ message: said }] })],
  ['429', 429, (said) => ({ errors: [{ code: 88, message: said }] })],
  ['500', 500, (said) => ({ errors: [{ message: said }] })],
  ['503', 503, (said) => ({ detail: said })],
]

let api: FakeApi
let consoleSpies: MockInstance[]
const collected: unknown[] = []

beforeAll(async () => {
  api = await startFakeApi()
})
afterAll(() => api.close())
beforeEach(() => {
  consoleSpies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((name) =>
    vi.spyOn(console, name),
  )
})
afterEach(() => {
  for (const spy of consoleSpies) {
    expect(spy, 'nothing may be logged').not.toHaveBeenCalled()
    spy.mockRestore()
  }
})

function http() {
  return createHttpClient({ timeoutMs: 150, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } })
}

function expectClean(value: unknown): void {
  collected.push(value)
  const views = [JSON.stringify(value), String(value), inspect(value, { depth: 10 })]
  if (value instanceof Error) views.push(value.stack ?? '')
  for (const view of views) {
    for (const [name, secret] of Object.entries(secrets)) {
      expect(view, `${name} leaked`).not.toContain(secret)
      expect(view, `${name} leaked (encoded)`).not.toContain(encodeURIComponent(secret))
    }
    expect(view).not.toMatch(/oauth_(token|signature|nonce)="[^[]/)
    expect(view).not.toMatch(/(Basic|Bearer) (?!\[redacted\])[A-Za-z0-9%+/=]{8,}/)
  }
}

async function caught(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(AppFailure)
  return error as AppFailure
}

describe('errors never carry secrets', () => {
  const calls: [string, HttpMethod, () => Promise<unknown>][] = [
    [
      'listAccounts (GET, user token)',
      'GET',
      () =>
        listAccounts({
          http: http(),
          hosts: hosts(),
          credentials: {
            consumerKey,
            consumerSecret: secrets.consumerSecret,
            token: secrets.accessToken,
            tokenSecret: secrets.accessTokenSecret,
          },
        }),
    ],
    [
      'createPost (POST form)',
      'POST',
      () =>
        createPost(
          {
            http: http(),
            hosts: hosts(),
            credentials: {
              consumerKey,
              consumerSecret: secrets.consumerSecret,
              token: secrets.accessToken,
              tokenSecret: secrets.accessTokenSecret,
            },
          },
          'a1',
          { asUserId: '1', text: 'hi' },
        ),
    ],
    [
      'uploadInit',
      'POST',
      () =>
        uploadInit(
          {
            http: http(),
            hosts: hosts(),
            credentials: {
              consumerKey,
              consumerSecret: secrets.consumerSecret,
              token: secrets.accessToken,
              tokenSecret: secrets.accessTokenSecret,
            },
          },
          { totalBytes: 1, mediaType: 'image/png' },
        ),
    ],
    [
      'requestToken',
      'POST',
      () =>
        requestToken({
          hosts: hosts(),
          http: http(),
          consumerKey,
          consumerSecret: secrets.consumerSecret,
          accessType: 'write',
        }),
    ],
    [
      'exchangePin',
      'POST',
      () =>
        exchangePin({
          hosts: hosts(),
          http: http(),
          consumerKey,
          consumerSecret: secrets.consumerSecret,
          oauthToken: 'req',
          oauthTokenSecret: secrets.requestTokenSecret,
          pin: '1234',
        }),
    ],
    ['invalidateToken', 'POST', () => invalidateToken({ hosts: hosts(), http: http(), ...user })],
    [
      'createBearerToken',
      'POST',
      () =>
        createBearerToken({
          hosts: hosts(),
          http: http(),
          consumerKey,
          consumerSecret: secrets.consumerSecret,
        }),
    ],
    [
      'invalidateBearerToken',
      'POST',
      () =>
        invalidateBearerToken({ hosts: hosts(), http: http(), ...user, bearerToken: secrets.bearerToken }),
    ],
  ]
  const hosts = () => ({ apiUrl: api.url, adsUrl: api.url, adsSandboxUrl: api.url })

  for (const [callName, , call] of calls) {
    it.each(shapes)(`${callName}: %s`, async (_shape, status, shape) => {
      const date = new Date().toUTCString()
      api.respond(
        echoing(status, shape, { date, 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 30) }),
      )
      expectClean(await caught(call()))
    })
    it(`${callName}: dropped connection and timeout`, async () => {
      api.respond(dropConnection)
      expectClean(await caught(call()))
      api.respond(hang)
      expectClean(await caught(call()))
    })
  }

  it.each(shapes)('deleteWebhook result and error: %s', async (_shape, status, shape) => {
    api.respond(echoing(status, shape))
    const result = await deleteWebhook({
      hosts: { apiUrl: api.url },
      http: http(),
      bearerToken: secrets.bearerToken,
      webhookId: '1',
    })
    expect(result.ok).toBe(false)
    expectClean(result)
  })

  it('deleteWebhook with problems alongside a 200', async () => {
    api.respond(
      echoing(200, (said) => ({ errors: [{ title: said, detail: said, type: said, status: 400 }] })),
    )
    expectClean(
      await deleteWebhook({
        hosts: { apiUrl: api.url },
        http: http(),
        bearerToken: secrets.bearerToken,
        webhookId: '1',
      }),
    )
  })

  it('offline (nothing listening)', async () => {
    const gone = await startFakeApi()
    const apiUrl = gone.url
    await gone.close()
    expectClean(await caught(invalidateToken({ hosts: { apiUrl }, http: http(), ...user })))
  })

  it('really exercised the echoing server (the checks above are not vacuous)', () => {
    const text = collected.map((value) => JSON.stringify(value)).join('\n')
    expect(text).toContain('[redacted]')
    expect(text).toContain('auth=OAuth ')
    expect(text).toContain('query=')
  })
})
