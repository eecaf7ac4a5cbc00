import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBearerToken, invalidateBearerToken } from '../../../src/main/auth/bearer'
import { exchangePin, invalidateToken, normalisePin, requestToken } from '../../../src/main/auth/pinFlow'
import { deleteWebhook } from '../../../src/main/auth/webhooks'
import { createHttpClient } from '../../../src/main/api/http'
import { json, startFakeApi, text, verifySignature } from '../api/fakeApi'
import type { FakeApi } from '../api/fakeApi'

const app = { consumerKey: 'app-key', consumerSecret: 'app-secret-value' }
let api: FakeApi
let base: { hosts: { apiUrl: string }; http: ReturnType<typeof createHttpClient> }

beforeAll(async () => {
  api = await startFakeApi()
  base = {
    hosts: { apiUrl: api.url },
    http: createHttpClient({ timeoutMs: 2_000, retry: { maxAttempts: 1 } }),
  }
})
afterAll(() => api.close())

describe('PIN flow', () => {
  it('requests a token with oauth_callback=oob and builds the authorize URL', async () => {
    api.respond(text(200, 'oauth_token=req-tok&oauth_token_secret=req-secret&oauth_callback_confirmed=true'))
    const result = await requestToken({
      ...base,
      ...app,
      accessType: 'read',
      forceLogin: true,
      screenName: '@designer',
    })
    const request = api.requests[0]!
    expect([request.method, request.path]).toEqual(['POST', '/oauth/request_token'])
    expect(request.oauth?.get('oauth_callback')).toBe('oob')
    expect(request.oauth?.has('oauth_token')).toBe(false)
    expect(request.query.get('platform_auth_access_type')).toBe('read')
    expect(verifySignature(request, app.consumerSecret)).toBe(true)
    expect(result.oauthToken).toBe('req-tok')
    expect(result.oauthTokenSecret).toBe('req-secret')
    const authorize = new URL(result.authorizeUrl)
    expect(authorize.origin + authorize.pathname).toBe(`${api.url}/oauth/authorize`)
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      oauth_token: 'req-tok',
      force_login: 'true',
      screen_name: 'designer',
    })
  })

  it('leaves optional authorize parameters out and refuses an unconfirmed callback', async () => {
    api.respond(text(200, 'oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true'))
    const plain = await requestToken({ ...base, ...app, accessType: 'write' })
    expect(new URL(plain.authorizeUrl).search).toBe('?oauth_token=t')
    expect(api.requests[0]!.query.get('platform_auth_access_type')).toBe('write')
    api.respond(text(200, 'oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=false'))
    await expect(requestToken({ ...base, ...app, accessType: 'write' })).rejects.toMatchObject({
      code: 'unexpected_response',
    })
  })

  it('maps a wrong app secret at the first step to bad_credentials', async () => {
    api.respond(json(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] }))
    await expect(requestToken({ ...base, ...app, accessType: 'read' })).rejects.toMatchObject({
      code: 'bad_credentials',
      message: 'The app key or secret is wrong',
    })
  })

  it('exchanges a trimmed PIN, sent as oauth_verifier in the query, for the access token', async () => {
    api.respond(
      text(200, 'oauth_token=42-access&oauth_token_secret=access-secret&user_id=42&screen_name=designer'),
    )
    const result = await exchangePin({
      ...base,
      ...app,
      oauthToken: 'req-tok',
      oauthTokenSecret: 'req-secret',
      pin: ' 0123456\n',
    })
    expect(result).toEqual({
      accessToken: '42-access',
      accessTokenSecret: 'access-secret',
      userId: '42',
      screenName: 'designer',
    })
    const request = api.requests[0]!
    expect([request.method, request.path]).toEqual(['POST', '/oauth/access_token'])
    expect(request.query.get('oauth_verifier')).toBe('0123456')
    expect(request.oauth?.get('oauth_token')).toBe('req-tok')
    expect(verifySignature(request, app.consumerSecret, 'req-secret')).toBe(true)
  })

  it.each([32, 89])('reports a PIN the server refuses (code %i) on the PIN field', async (code) => {
    api.respond(json(401, { errors: [{ code, message: 'Invalid oauth_verifier parameter.' }] }))
    await expect(
      exchangePin({ ...base, ...app, oauthToken: 't', oauthTokenSecret: 's', pin: '1234567' }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'pin', message: expect.stringContaining('PIN') })
  })

  it('keeps other exchange failures as they are', async () => {
    api.respond(json(429, { errors: [{ code: 88, message: 'Rate limit exceeded' }] }))
    await expect(
      exchangePin({ ...base, ...app, oauthToken: 't', oauthTokenSecret: 's', pin: '1234567' }),
    ).rejects.toMatchObject({ code: 'rate_limited' })
  })

  it.each(['', '   ', '12 34', '12a4', '１２３'])(
    'refuses the PIN %j without sending anything',
    async (pin) => {
      api.respond(text(200, ''))
      await expect(
        exchangePin({ ...base, ...app, oauthToken: 't', oauthTokenSecret: 's', pin }),
      ).rejects.toMatchObject({ code: 'invalid_input', field: 'pin' })
      expect(api.requests).toHaveLength(0)
      expect(() => normalisePin(pin)).toThrow()
    },
  )

  it('revokes the access token with a request signed by that token', async () => {
    api.respond(json(200, { access_token: '42-access' }))
    await invalidateToken({ ...base, ...app, accessToken: '42-access', accessTokenSecret: 'access-secret' })
    const request = api.requests[0]!
    expect([request.method, request.path]).toEqual(['POST', '/1.1/oauth/invalidate_token.json'])
    expect(request.oauth?.get('oauth_token')).toBe('42-access')
    expect(verifySignature(request, app.consumerSecret, 'access-secret')).toBe(true)
  })
})

describe('app-only bearer token', () => {
  it('creates it with Basic auth and a form-encoded grant_type', async () => {
    api.respond(json(200, { token_type: 'bearer', access_token: 'AAAA%2FAAA%3Dbearer' }))
    const weirdKey = { consumerKey: 'key:with space', consumerSecret: 'secret/+=' }
    expect(await createBearerToken({ ...base, ...weirdKey })).toEqual({ bearerToken: 'AAAA%2FAAA%3Dbearer' })
    const request = api.requests[0]!
    expect([request.method, request.path]).toEqual(['POST', '/oauth2/token'])
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8')
    expect(request.body).toBe('grant_type=client_credentials')
    const basic = Buffer.from(
      String(request.headers.authorization).replace(/^Basic /, ''),
      'base64',
    ).toString()
    expect(basic).toBe('key%3Awith%20space:secret%2F%2B%3D')
  })

  it('reads 403 / 99 by its cause: credentials it cannot verify, or tokens asked for too often', async () => {
    api.respond(json(403, { errors: [{ code: 99, message: 'Unable to verify your credentials' }] }))
    await expect(createBearerToken({ ...base, ...app })).rejects.toMatchObject({
      code: 'bad_credentials',
      message: 'The app key or secret is wrong',
    })
    api.respond(json(403, { errors: [{ code: 99, message: 'Bearer token requested too often' }] }))
    await expect(createBearerToken({ ...base, ...app })).rejects.toMatchObject({
      code: 'too_many_token_requests',
    })
  })

  it('revokes it with the token in the query, signed by the app owner', async () => {
    api.respond(json(200, { access_token: 'AAAA%2Fbearer' }))
    await invalidateBearerToken({
      ...base,
      ...app,
      accessToken: 'owner',
      accessTokenSecret: 'owner-secret',
      bearerToken: 'AAAA%2Fbearer',
    })
    const request = api.requests[0]!
    expect([request.method, request.path]).toEqual(['POST', '/oauth2/invalidate_token'])
    expect(request.query.get('access_token')).toBe('AAAA%2Fbearer')
    expect(verifySignature(request, app.consumerSecret, 'owner-secret')).toBe(true)
  })
})

describe('webhook deletion', () => {
  it.each(['', 'abc', '12a', '-1', '12345678901234567890', '1/../2'])(
    'rejects the id %j before sending',
    async (webhookId) => {
      api.respond(json(200, { data: { deleted: true } }))
      await expect(deleteWebhook({ ...base, bearerToken: 'bearer', webhookId })).rejects.toMatchObject({
        code: 'invalid_input',
        field: 'webhook_id',
      })
      expect(api.requests).toHaveLength(0)
    },
  )

  it('deletes with the bearer token and returns data.deleted', async () => {
    api.respond(json(200, { data: { deleted: true } }))
    expect(
      await deleteWebhook({ ...base, bearerToken: 'bearer-tok', webhookId: '1234567890123456789' }),
    ).toEqual({
      ok: true,
      deleted: true,
    })
    const request = api.requests[0]!
    expect([request.method, request.path, request.headers.authorization]).toEqual([
      'DELETE',
      '/2/webhooks/1234567890123456789',
      'Bearer bearer-tok',
    ])
  })

  it('returns the problem object the server sent', async () => {
    const problem = {
      title: 'Not Found Error',
      type: 'https://api.example/2/problems/resource-not-found',
      detail: 'Could not find webhook',
      status: 404,
    }
    api.respond(json(404, { errors: [problem] }))
    const result = await deleteWebhook({ ...base, bearerToken: 'bearer-tok', webhookId: '1' })
    expect(result).toEqual({ ok: false, problem, error: expect.objectContaining({ code: 'not_found' }) })
  })

  it('returns a legacy {code, message} failure as the problem', async () => {
    api.respond(json(403, { code: 453, message: 'You currently have access to a subset of endpoints' }))
    const result = await deleteWebhook({ ...base, bearerToken: 'bearer-tok', webhookId: '1' })
    expect(result).toMatchObject({
      ok: false,
      problem: { code: 453, message: 'You currently have access to a subset of endpoints' },
    })
  })

  it('reports problems sent alongside a 200', async () => {
    api.respond(
      json(200, {
        errors: [{ title: 'Invalid Request', detail: 'webhook is in use', type: 'about:blank', status: 400 }],
      }),
    )
    const result = await deleteWebhook({ ...base, bearerToken: 'bearer-tok', webhookId: '1' })
    expect(result).toMatchObject({ ok: false, problem: { detail: 'webhook is in use' } })
  })
})
