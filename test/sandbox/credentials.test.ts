import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { approve, authorizeDemoUser, call, demoApp, parseForm, pinFrom, requestToken } from './helpers/client'
import type { UserTokens } from './helpers/client'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { bearerTokenCallsPerWindow: 3 } })
})
afterAll(async () => {
  await sandbox.close()
})

type Legacy = { errors: { code: number; message: string }[] }
const accountsUrl = (): string => `${sandbox.adsUrl}/12/accounts`

describe('oauth/request_token', () => {
  it('issues a request token for oob, form-encoded with oauth_callback_confirmed', async () => {
    const response = await call(demoApp(sandbox), {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth/request_token`,
      protocol: { oauth_callback: 'oob' },
    })
    expect(response.status).toBe(200)
    const params = new URLSearchParams(response.text)
    expect(params.get('oauth_callback_confirmed')).toBe('true')
    expect(params.get('oauth_token')).toBeTruthy()
    expect(params.get('oauth_token_secret')).toBeTruthy()
  })

  it('requires oauth_callback', async () => {
    const response = await call<Legacy>(demoApp(sandbox), {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth/request_token`,
    })
    expect(response.status).toBe(400)
    expect(response.body.errors[0]?.message).toMatch(/oauth_callback/)
  })

  it('accepts a registered loopback callback on any port and rejects an unregistered one', async () => {
    await expect(
      requestToken(sandbox, { callback: 'http://127.0.0.1:53682/callback?state=x' }),
    ).resolves.toHaveProperty('token')
    const response = await call<Legacy>(demoApp(sandbox), {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth/request_token`,
      protocol: { oauth_callback: 'https://evil.example.com/callback' },
    })
    expect(response.status).toBe(403)
    expect(response.body.errors[0]?.code).toBe(415)
  })

  it('accepts platform_auth_access_type read or write only', async () => {
    const response = await call<Legacy>(demoApp(sandbox), {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth/request_token`,
      protocol: { oauth_callback: 'oob' },
      form: { platform_auth_access_type: 'admin' },
    })
    expect(response.status).toBe(400)
    expect(response.body.errors[0]?.message).toMatch(/platform_auth_access_type/)
  })
})

describe('authorize and authenticate pages', () => {
  it('shows the app name, the access level and approve/deny buttons', async () => {
    const { token } = await requestToken(sandbox, { access: 'read' })
    const html = await (await fetch(`${sandbox.apiUrl}/oauth/authorize?oauth_token=${token}`)).text()
    expect(html).toContain('id="app_name">Ads Studio Sandbox Demo<')
    expect(html).toContain('id="access_level">Read only<')
    expect(html).toMatch(/<form method="post" action="\/oauth\/authorize"/)
    expect(html).toContain('id="allow"')
    expect(html).toContain('id="cancel"')
    expect(html).not.toContain('type="password"')
  })

  it('asks for credentials with force_login and pre-fills screen_name', async () => {
    const { token } = await requestToken(sandbox)
    const html = await (
      await fetch(
        `${sandbox.apiUrl}/oauth/authorize?oauth_token=${token}&force_login=true&screen_name=other_advertiser`,
      )
    ).text()
    expect(html).toContain('type="password"')
    expect(parseForm(html).fields['session[username_or_email]']).toBe('other_advertiser')
  })

  it('rejects an unknown request token with an error page', async () => {
    const response = await fetch(`${sandbox.apiUrl}/oauth/authorize?oauth_token=nope`)
    expect(response.status).toBe(400)
    expect(await response.text()).not.toContain('<form')
  })

  it('redirects to the callback with oauth_token and oauth_verifier, or with denied', async () => {
    const approved = await requestToken(sandbox, { callback: 'http://127.0.0.1:4000/callback' })
    const redirect = await approve(sandbox, approved.token)
    expect(redirect.status).toBe(302)
    const location = new URL(redirect.headers.get('location') ?? '')
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:4000/callback')
    expect(location.searchParams.get('oauth_token')).toBe(approved.token)
    expect(location.searchParams.get('oauth_verifier')).toBeTruthy()

    const denied = await requestToken(sandbox, { callback: 'http://127.0.0.1:4000/callback' })
    const refusal = await approve(sandbox, denied.token, { decision: 'deny' })
    expect(new URL(refusal.headers.get('location') ?? '').searchParams.get('denied')).toBe(denied.token)
  })

  it('authenticate redirects at once when the user already granted the app, unless force_login', async () => {
    await authorizeDemoUser(sandbox)
    const { token } = await requestToken(sandbox, { callback: 'http://127.0.0.1/callback' })
    const cookie = 'sandbox_user=1580000000000000001'
    const quick = await fetch(`${sandbox.apiUrl}/oauth/authenticate?oauth_token=${token}`, {
      redirect: 'manual',
      headers: { cookie },
    })
    expect(quick.status).toBe(302)
    const second = await requestToken(sandbox, { callback: 'http://127.0.0.1/callback' })
    const forced = await fetch(
      `${sandbox.apiUrl}/oauth/authenticate?oauth_token=${second.token}&force_login=true`,
      { redirect: 'manual', headers: { cookie } },
    )
    expect(forced.status).toBe(200)
    expect(await forced.text()).toContain('type="password"')
  })

  it('tells the app that runs it of each approval, with the PIN the page shows (and of no denial)', async () => {
    const approvals: { oauthToken: string; verifier: string }[] = []
    const own = await startSandbox({ port: 0, onApproved: (approval) => approvals.push(approval) })
    try {
      const denied = await requestToken(own)
      await approve(own, denied.token, { decision: 'deny' })
      const approved = await requestToken(own)
      const pin = pinFrom(await (await approve(own, approved.token)).text())
      expect(approvals).toEqual([{ oauthToken: approved.token, verifier: pin }])
    } finally {
      await own.close()
    }
  })

  it('logs in as another user with force_login', async () => {
    const other = await authorizeDemoUser(sandbox, 'write', { username: 'other_advertiser' })
    expect(other.screenName).toBe('other_advertiser')
    expect(other.userId).toBe('1580000000000000002')
  })
})

describe('oauth/access_token', () => {
  it('needs the matching verifier, and the request token works once', async () => {
    const request = await requestToken(sandbox)
    const pin = pinFrom(await (await approve(sandbox, request.token)).text())
    expect(pin).toMatch(/^\d{7}$/)
    const signer = { ...demoApp(sandbox), token: request.token, tokenSecret: request.secret }
    const exchange = (verifier: string) =>
      call<Legacy>(signer, {
        method: 'POST',
        url: `${sandbox.apiUrl}/oauth/access_token`,
        protocol: { oauth_verifier: verifier },
      })
    const wrong = await exchange(pin === '0000000' ? '1111111' : '0000000')
    expect(wrong.status).toBe(401)
    const right = await exchange(pin)
    expect(right.status).toBe(200)
    expect(new URLSearchParams(right.text).get('screen_name')).toBe('sandbox_designer')
    const again = await exchange(pin)
    expect(again.status).toBe(401)
    expect(again.body.errors[0]?.code).toBe(89)
  })

  it('refuses a request token nobody approved yet', async () => {
    const request = await requestToken(sandbox)
    const response = await call<Legacy>(
      { ...demoApp(sandbox), token: request.token, tokenSecret: request.secret },
      {
        method: 'POST',
        url: `${sandbox.apiUrl}/oauth/access_token`,
        protocol: { oauth_verifier: '1234567' },
      },
    )
    expect(response.status).toBe(401)
  })
})

describe('request verification', () => {
  let user: UserTokens
  beforeAll(async () => {
    user = await authorizeDemoUser(sandbox)
  })

  it('accepts a correctly signed request', async () => {
    expect((await call(user, { url: accountsUrl() })).status).toBe(200)
  })

  it('rejects a bad signature with 401 code 32', async () => {
    const response = await call<Legacy>(
      { ...user, tokenSecret: `${user.tokenSecret}x` },
      { url: accountsUrl() },
    )
    expect(response.status).toBe(401)
    expect(response.body.errors[0]?.code).toBe(32)
  })

  it('rejects a timestamp more than 5 minutes off with 135, and every response carries Date', async () => {
    const skewed = await call<Legacy>(user, {
      url: accountsUrl(),
      timestamp: Math.floor(Date.now() / 1000) - 301,
    })
    expect(skewed.status).toBe(401)
    expect(skewed.body.errors[0]?.code).toBe(135)
    const serverTime = Date.parse(skewed.headers.get('date') ?? '')
    expect(Math.abs(serverTime - Date.now())).toBeLessThan(5_000)
    const slightlyOff = await call(user, {
      url: accountsUrl(),
      timestamp: Math.floor(Date.now() / 1000) - 240,
    })
    expect(slightlyOff.status).toBe(200)
  })

  it('rejects a replayed nonce', async () => {
    const nonce = `replay${Date.now()}`
    const timestamp = Math.floor(Date.now() / 1000)
    expect((await call(user, { url: accountsUrl(), nonce, timestamp })).status).toBe(200)
    const replay = await call<Legacy>(user, { url: accountsUrl(), nonce, timestamp })
    expect(replay.status).toBe(401)
    expect(replay.body.errors[0]?.message).toMatch(/nonce/)
  })

  it('rejects an unknown consumer key and an unknown token', async () => {
    const stranger = await call<Legacy>({ ...user, consumerKey: 'unknown-key' }, { url: accountsUrl() })
    expect(stranger.status).toBe(401)
    expect(stranger.body.errors[0]?.message).toMatch(/consumer/)
    const unknownToken = await call<Legacy>({ ...user, token: 'no-such-token' }, { url: accountsUrl() })
    expect(unknownToken.status).toBe(401)
    expect(unknownToken.body.errors[0]?.code).toBe(89)
  })

  it('rejects a request without any credentials', async () => {
    const response = await call<Legacy>(undefined, { url: accountsUrl() })
    expect(response.status).toBe(401)
  })

  it('lets a read-only token read but not write', async () => {
    const reader = await authorizeDemoUser(sandbox, 'read')
    expect((await call(reader, { url: accountsUrl() })).status).toBe(200)
    const write = await call<{ errors: { code: string }[] }>(reader, {
      method: 'POST',
      url: `${sandbox.adsUrl}/12/accounts/${sandbox.demo.accountIds[0]}/cards/poll`,
      form: { name: 'read only', duration_in_minutes: '60', first_choice: 'a', second_choice: 'b' },
    })
    expect(write.status).toBe(403)
    expect(write.body.errors[0]?.code).toBe('UNAUTHORIZED_ACCESS')
  })
})

describe('1.1/oauth/invalidate_token', () => {
  it.each(['/1.1/oauth/invalidate_token', '/1.1/oauth/invalidate_token.json'])(
    'revokes the signing token via %s; later use is 401/89',
    async (path) => {
      const user = await authorizeDemoUser(sandbox)
      const revoke = await call(user, { method: 'POST', url: `${sandbox.apiUrl}${path}` })
      expect(revoke.status).toBe(200)
      expect(revoke.body).toEqual({ access_token: user.token })
      const after = await call<Legacy>(user, { url: accountsUrl() })
      expect(after.status).toBe(401)
      expect(after.body.errors[0]?.code).toBe(89)
      const fresh = await authorizeDemoUser(sandbox)
      expect(fresh.token).not.toBe(user.token)
    },
  )
})

describe('oauth2 bearer tokens and webhook deletion', () => {
  const basic = (key: string, secret: string): string =>
    `Basic ${Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString('base64')}`
  const tokenRequest = (authorization: string, body = 'grant_type=client_credentials') =>
    fetch(`${sandbox.apiUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body,
    })

  it('issues one bearer token, returns it again, refuses other grants and bad credentials, then 403/99 when called too often', async () => {
    const good = basic(sandbox.demo.consumerKey, sandbox.demo.consumerSecret)
    const first = (await (await tokenRequest(good)).json()) as { token_type: string; access_token: string }
    expect(first.token_type).toBe('bearer')
    expect(first.access_token).toMatch(/%/)
    const second = (await (await tokenRequest(good)).json()) as { access_token: string }
    expect(second.access_token).toBe(first.access_token)
    expect((await tokenRequest(good, 'grant_type=password')).status).toBe(400)
    expect((await tokenRequest(basic(sandbox.demo.consumerKey, 'wrong'))).status).toBe(403)
    const tooOften = await tokenRequest(good)
    expect(tooOften.status).toBe(403)
    expect(((await tooOften.json()) as Legacy).errors[0]?.code).toBe(99)
  })

  it('deletes a webhook with the bearer token, with problem objects on failure, and invalidates the token', async () => {
    const owner = await authorizeDemoUser(sandbox)
    const state = sandbox.state()
    const bearer = state.bearerTokens.find((t) => !t.invalidated)?.token ?? ''
    const remove = (id: string, auth = `Bearer ${bearer}`) =>
      fetch(`${sandbox.apiUrl}/2/webhooks/${id}`, { method: 'DELETE', headers: { authorization: auth } })

    const invalid = await remove('12ab')
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('content-type')).toMatch(/problem\+json/)
    expect(
      (
        (await invalid.json()) as {
          errors: { status: number; title: string; type: string; detail: string }[]
        }
      ).errors[0],
    ).toMatchObject({
      status: 400,
      title: expect.any(String),
      type: expect.any(String),
      detail: expect.stringContaining('webhook_id'),
    })
    expect((await remove('12345678901234567890')).status).toBe(400)
    expect((await remove('1146654567674912769', 'Basic abc')).status).toBe(401)
    const deleted = await remove('1146654567674912769')
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ data: { deleted: true } })
    expect((await remove('1146654567674912769')).status).toBe(404)

    const missing = await call<Legacy>(owner, {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth2/invalidate_token`,
    })
    expect(missing.status).toBe(400)
    const revoked = await call(owner, {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth2/invalidate_token`,
      query: { access_token: bearer },
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toEqual({ access_token: bearer })
    const afterwards = await remove('1146654567674912770')
    expect(afterwards.status).toBe(401)
    expect(((await afterwards.json()) as Legacy).errors[0]?.code).toBe(89)
  })

  it('refuses bearer invalidation signed by someone other than the app owner', async () => {
    const other = await authorizeDemoUser(sandbox, 'write', { username: 'other_advertiser' })
    const response = await call<Legacy>(other, {
      method: 'POST',
      url: `${sandbox.apiUrl}/oauth2/invalidate_token`,
      query: { access_token: 'whatever' },
    })
    expect(response.status).toBe(403)
  })
})
