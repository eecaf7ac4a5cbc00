import { randomInt } from 'node:crypto'
import { applyRateLimit, verifyOAuth1 } from '../auth'
import type { RequestContext, Route, Runtime } from '../context'
import { firstValue } from '../context'
import { formEncoded, json, legacyError } from '../http'
import type { AccessLevel, App } from '../state'
import { randomToken } from '../state'

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]']

/**
 * A callback must be registered for the app. Matching ignores the query string (apps add state
 * there), and a registered loopback callback without a port accepts any port, as RFC 8252 §7.3
 * asks of servers for native apps.
 */
export function callbackRegistered(app: App, callback: string): boolean {
  let url: URL
  try {
    url = new URL(callback)
  } catch {
    return false
  }
  return app.callbackUrls.some((registered) => {
    const r = new URL(registered)
    const anyPort = LOOPBACK_HOSTS.includes(r.hostname) && r.port === ''
    return (
      r.protocol === url.protocol &&
      r.hostname === url.hostname &&
      r.pathname === url.pathname &&
      (anyPort || r.port === url.port)
    )
  })
}

function param(ctx: RequestContext, name: string): string | undefined {
  return firstValue([...ctx.query, ...ctx.form], name)
}

/** `Basic base64(urlencode(key):urlencode(secret))` as RFC 6749 §2.3.1 defines it. */
function basicCredentials(ctx: RequestContext): { key: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(ctx.headers.authorization ?? '')
  if (!match?.[1]) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon === -1) return undefined
  try {
    return {
      key: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    }
  } catch {
    return undefined
  }
}

/** Bearer tokens look like the platform's: long, and carrying percent-encoded characters. */
function newBearerToken(): string {
  return `AAAAAAAAAAAAAAAAAAAAA${randomToken(12)}%2F${randomToken(18)}%3D${randomToken(24)}`
}

export function bearerMatches(stored: string, presented: string): boolean {
  if (stored === presented) return true
  try {
    return (
      decodeURIComponent(stored) === presented || decodeURIComponent(presented) === decodeURIComponent(stored)
    )
  } catch {
    return false
  }
}

function approvedLevel(app: App, requested: string | undefined): AccessLevel {
  return requested === 'read' || app.accessLevel === 'read' ? 'read' : 'write'
}

export const credentialRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/oauth/request_token',
    handler: (ctx, rt) => {
      const { app, protocol } = verifyOAuth1(ctx, rt, 'none')
      applyRateLimit(ctx, rt, `app:${app.consumerKey}`, 'legacy')
      const callback = protocol.get('oauth_callback') ?? param(ctx, 'oauth_callback')
      if (!callback)
        throw legacyError(
          400,
          417,
          'oauth_callback is required: use oob for the PIN flow or a registered callback URL.',
        )
      if (callback !== 'oob' && !callbackRegistered(app, callback)) {
        throw legacyError(
          403,
          415,
          'Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings.',
        )
      }
      const accessType = param(ctx, 'platform_auth_access_type')
      if (accessType !== undefined && accessType !== 'read' && accessType !== 'write') {
        throw legacyError(400, 214, 'platform_auth_access_type must be read or write.')
      }
      const token = {
        token: randomToken(24),
        secret: randomToken(30),
        consumerKey: app.consumerKey,
        callback,
        accessLevel: approvedLevel(app, accessType),
        status: 'pending' as const,
        createdAt: ctx.now,
      }
      rt.state.requestTokens.push(token)
      return formEncoded(200, {
        oauth_token: token.token,
        oauth_token_secret: token.secret,
        oauth_callback_confirmed: 'true',
      })
    },
  },
  {
    method: 'POST',
    pattern: '/oauth/access_token',
    handler: (ctx, rt) => {
      const { app, protocol, requestToken } = verifyOAuth1(ctx, rt, 'request')
      applyRateLimit(ctx, rt, `app:${app.consumerKey}`, 'legacy')
      if (!requestToken) throw legacyError(401, 89, 'Invalid or expired token.')
      const namedToken = param(ctx, 'oauth_token')
      if (namedToken !== undefined && namedToken !== requestToken.token)
        throw legacyError(401, 89, 'oauth_token does not match the signed request token.')
      const verifier = protocol.get('oauth_verifier') ?? param(ctx, 'oauth_verifier')
      if (requestToken.status !== 'approved' || !requestToken.userId) {
        throw legacyError(401, 32, 'The request token has not been approved by a user.')
      }
      // A mistyped PIN may be retried; the token and verifier are consumed only on success.
      if (!verifier || verifier !== requestToken.verifier)
        throw legacyError(401, 32, 'Invalid oauth_verifier parameter.')
      requestToken.status = 'exchanged'
      const user = rt.state.users.find((u) => u.id === requestToken.userId)
      if (!user) throw legacyError(401, 89, 'Invalid or expired token.')
      const access = {
        token: `${user.id}-${randomToken(30)}`,
        secret: randomToken(33),
        consumerKey: app.consumerKey,
        userId: user.id,
        accessLevel: requestToken.accessLevel,
        revoked: false,
        createdAt: ctx.now,
      }
      rt.state.accessTokens.push(access)
      if (!rt.state.grants.some((g) => g.userId === user.id && g.consumerKey === app.consumerKey)) {
        rt.state.grants.push({ userId: user.id, consumerKey: app.consumerKey })
      }
      return formEncoded(200, {
        oauth_token: access.token,
        oauth_token_secret: access.secret,
        user_id: user.id,
        screen_name: user.screenName,
      })
    },
  },
  ...['/1.1/oauth/invalidate_token', '/1.1/oauth/invalidate_token.json'].map((pattern): Route => ({
    method: 'POST',
    pattern,
    handler: (ctx, rt) => {
      const { accessToken } = verifyOAuth1(ctx, rt, 'access')
      if (!accessToken) throw legacyError(401, 89, 'Invalid or expired token.')
      applyRateLimit(ctx, rt, `user:${accessToken.token}`, 'legacy')
      accessToken.revoked = true
      return json(200, { access_token: accessToken.token })
    },
  })),
  {
    method: 'POST',
    pattern: '/oauth2/token',
    handler: (ctx, rt) => {
      const credentials = basicCredentials(ctx)
      const app = rt.state.apps.find(
        (a) => a.consumerKey === credentials?.key && a.consumerSecret === credentials.secret,
      )
      if (!app) throw legacyError(403, 99, 'Unable to verify your credentials')
      const calls = rt.counters.take(
        `oauth2/token\n${app.consumerKey}`,
        rt.limits.bearerTokenCallsPerWindow,
        rt.limits.windowMs,
        ctx.now,
      )
      ctx.responseHeaders['x-rate-limit-limit'] = String(calls.limit)
      ctx.responseHeaders['x-rate-limit-remaining'] = String(calls.remaining)
      ctx.responseHeaders['x-rate-limit-reset'] = String(calls.reset)
      if (!calls.allowed)
        throw legacyError(403, 99, 'Bearer token requested too often: cache the token and reuse it.')
      const grantType = param(ctx, 'grant_type')
      if (!grantType) throw legacyError(400, 170, 'Missing required parameter: grant_type')
      if (grantType !== 'client_credentials')
        throw legacyError(400, 170, 'grant_type must be client_credentials')
      let bearer = rt.state.bearerTokens.find((t) => t.consumerKey === app.consumerKey && !t.invalidated)
      if (!bearer) {
        bearer = {
          token: newBearerToken(),
          consumerKey: app.consumerKey,
          invalidated: false,
          createdAt: ctx.now,
        }
        rt.state.bearerTokens.push(bearer)
      }
      return json(200, { token_type: 'bearer', access_token: bearer.token })
    },
  },
  {
    method: 'POST',
    pattern: '/oauth2/invalidate_token',
    handler: (ctx, rt) => {
      const { app, accessToken } = verifyOAuth1(ctx, rt, 'access')
      if (!accessToken) throw legacyError(401, 89, 'Invalid or expired token.')
      applyRateLimit(ctx, rt, `user:${accessToken.token}`, 'legacy')
      const value = param(ctx, 'access_token')
      if (!value) throw legacyError(400, 38, 'access_token parameter is missing.')
      if (accessToken.userId !== app.ownerUserId) {
        throw legacyError(
          403,
          348,
          "Only the app owner's access token may invalidate the app's bearer token.",
        )
      }
      const bearer = rt.state.bearerTokens.find(
        (t) => t.consumerKey === app.consumerKey && !t.invalidated && bearerMatches(t.token, value),
      )
      if (!bearer)
        throw legacyError(403, 348, 'Client application is not permitted to invalidate this token.')
      bearer.invalidated = true
      return json(200, { access_token: bearer.token })
    },
  },
]

/** Seven digits, like the platform's PINs. */
export function newPin(): string {
  return String(randomInt(0, 10_000_000)).padStart(7, '0')
}

export function pendingRequestToken(rt: Runtime, token: string | undefined) {
  return rt.state.requestTokens.find((t) => t.token === token && t.status === 'pending')
}
