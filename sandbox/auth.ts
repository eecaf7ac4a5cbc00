import type { RequestContext, Runtime } from './context'
import { ReplyError, json, legacyError } from './http'
import {
  baseStringUri,
  hmacSha1Signature,
  parseOAuthHeader,
  signatureBaseString,
  signaturesMatch,
} from './oauth1'
import type { ParamPair } from './oauth1'
import { rateLimitHeaders } from './rateLimits'
import type { AccessToken, App, RequestToken, User } from './state'

const TIMESTAMP_TOLERANCE_S = 300
const NONCE_MEMORY_MS = 2 * TIMESTAMP_TOLERANCE_S * 1000

export type TokenRule = 'none' | 'request' | 'access'

export interface VerifiedRequest {
  app: App
  protocol: Map<string, string>
  requestToken?: RequestToken
  accessToken?: AccessToken
}

/**
 * Verifies an OAuth 1.0a HMAC-SHA1 request (RFC 5849 §3.2). Protocol parameters may come from
 * the Authorization header (preferred), the query or a form body (§3.5).
 */
export function verifyOAuth1(ctx: RequestContext, rt: Runtime, tokenRule: TokenRule): VerifiedRequest {
  const authorization = ctx.headers.authorization
  let headerParams: Map<string, string> | undefined
  if (authorization && /^OAuth\s/i.test(authorization)) {
    headerParams = parseOAuthHeader(authorization)
    if (!headerParams)
      throw legacyError(401, 32, 'Could not authenticate you (malformed OAuth Authorization header).')
  }
  const requestPairs: ParamPair[] = [...ctx.query, ...ctx.form]
  const protocol =
    headerParams ??
    new Map(requestPairs.filter(([name]) => name.startsWith('oauth_')).map(([n, v]) => [n, v]))
  const consumerKey = protocol.get('oauth_consumer_key')
  const signature = protocol.get('oauth_signature')
  const method = protocol.get('oauth_signature_method')
  const timestamp = protocol.get('oauth_timestamp')
  const nonce = protocol.get('oauth_nonce')
  if (!consumerKey || !signature || !method || !timestamp || !nonce) {
    throw legacyError(401, 215, 'Bad Authentication data.')
  }
  if (method !== 'HMAC-SHA1')
    throw legacyError(401, 32, `Could not authenticate you (unsupported signature method ${method}).`)
  const version = protocol.get('oauth_version')
  // RFC 5849 says "1.0"; node-oauth's documented setup sends "1.0A", which the platform accepts too.
  if (version !== undefined && !/^1\.0a?$/i.test(version))
    throw legacyError(401, 32, 'Could not authenticate you (oauth_version must be 1.0).')
  // Spec (request_token): only ASCII values are accepted for oauth_nonce.
  if (!/^[\x20-\x7e]+$/.test(nonce))
    throw legacyError(401, 32, 'Could not authenticate you (oauth_nonce must be ASCII).')
  const app = rt.state.apps.find((a) => a.consumerKey === consumerKey)
  if (!app) throw legacyError(401, 32, 'Could not authenticate you (unknown consumer key).')
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN
  if (!(Math.abs(ctx.now / 1000 - seconds) <= TIMESTAMP_TOLERANCE_S)) {
    throw legacyError(401, 135, 'Timestamp out of bounds.')
  }

  const tokenValue = protocol.get('oauth_token') ?? ''
  let tokenSecret = ''
  const verified: VerifiedRequest = { app, protocol }
  if (tokenRule === 'access') {
    if (!tokenValue)
      throw legacyError(
        401,
        220,
        'Your credentials do not allow access to this resource (user token required).',
      )
    const token = rt.state.accessTokens.find((t) => t.token === tokenValue && t.consumerKey === consumerKey)
    if (!token || token.revoked) throw legacyError(401, 89, 'Invalid or expired token.')
    tokenSecret = token.secret
    verified.accessToken = token
  } else if (tokenRule === 'request') {
    const token = rt.state.requestTokens.find((t) => t.token === tokenValue && t.consumerKey === consumerKey)
    if (!token || token.status === 'exchanged' || token.status === 'denied')
      throw legacyError(401, 89, 'Invalid or expired token.')
    tokenSecret = token.secret
    verified.requestToken = token
  }

  const signed = headerParams ? [...requestPairs, ...headerParams] : requestPairs
  const baseParams = signed.filter(
    ([name], index) => name !== 'oauth_signature' && !(name === 'realm' && index >= requestPairs.length),
  )
  const base = signatureBaseString(ctx.method, baseStringUri(ctx.scheme, ctx.host, ctx.path), baseParams)
  const expected = hmacSha1Signature(base, app.consumerSecret, tokenSecret)
  if (!signaturesMatch(expected, signature)) throw legacyError(401, 32, 'Could not authenticate you.')

  forgetOldNonces(rt, ctx.now)
  const nonceKey = `${consumerKey}\n${tokenValue}\n${nonce}`
  if (rt.nonces.has(nonceKey)) throw legacyError(401, 32, 'Could not authenticate you (nonce already used).')
  rt.nonces.set(nonceKey, ctx.now + NONCE_MEMORY_MS)
  return verified
}

function forgetOldNonces(rt: Runtime, now: number): void {
  if (rt.nonces.size < 10_000) return
  for (const [key, expires] of rt.nonces) if (expires < now) rt.nonces.delete(key)
}

export interface UserContext {
  app: App
  user: User
  token: AccessToken
}

export type ErrorStyle = 'legacy' | 'ads'

/**
 * User-context authentication for API endpoints: verifies the signature, applies the endpoint's
 * rate limit, and refuses writes with a read-only token.
 */
export function authenticateUser(
  ctx: RequestContext,
  rt: Runtime,
  options: { write: boolean; style: ErrorStyle; rateLimit?: EndpointRateLimit },
): UserContext {
  const verified = verifyOAuth1(ctx, rt, 'access')
  const token = verified.accessToken
  const user = rt.state.users.find((u) => u.id === token?.userId)
  if (!token || !user) throw legacyError(401, 89, 'Invalid or expired token.')
  applyRateLimit(ctx, rt, `user:${token.token}`, options.style, options.rateLimit)
  if (options.write && token.accessLevel === 'read') {
    const message = 'This token was authorized with read access only and cannot perform write actions.'
    throw options.style === 'ads'
      ? new ReplyError(
          json(403, { errors: [{ code: 'UNAUTHORIZED_ACCESS', message }], request: { params: {} } }),
        )
      : legacyError(403, 261, message)
  }
  return { app: verified.app, user, token }
}

/** An endpoint whose spec states its own limit (e.g. custom audience uploads: 1500 per minute). */
export interface EndpointRateLimit {
  limit: number
  windowMs: number
}

export function applyRateLimit(
  ctx: RequestContext,
  rt: Runtime,
  credential: string,
  style: ErrorStyle,
  own?: EndpointRateLimit,
): void {
  const status = rt.counters.take(
    `${ctx.routeKey}\n${credential}`,
    own?.limit ?? rt.limits.requestsPerWindow,
    own?.windowMs ?? rt.limits.windowMs,
    ctx.now,
  )
  Object.assign(ctx.responseHeaders, rateLimitHeaders(status))
  if (!status.allowed) throw rateLimitExceeded(style)
}

export function rateLimitExceeded(style: ErrorStyle): ReplyError {
  return style === 'ads'
    ? new ReplyError(
        json(429, {
          errors: [{ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' }],
          request: { params: {} },
        }),
      )
    : legacyError(429, 88, 'Rate limit exceeded')
}
