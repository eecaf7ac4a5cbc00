import { applyRateLimit, authenticateUser } from '../auth'
import type { RequestContext, Runtime } from '../context'
import { ReplyError, json, legacyError } from '../http'
import type { App } from '../state'
import { bearerMatches } from './credentials'

/**
 * App-only authentication for the newer API: `Authorization: Bearer <token>` (platform document,
 * Authentication item 3). A missing credential gets the bare problem object the newer API
 * answers with; an unknown or revoked token the legacy 89. Applies the endpoint's rate limit.
 */
export function authenticateBearer(ctx: RequestContext, rt: Runtime): App {
  const presented = /^Bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? '')?.[1]
  if (!presented) {
    throw new ReplyError(
      json(
        401,
        { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
        'application/problem+json',
      ),
    )
  }
  const bearer = rt.state.bearerTokens.find((t) => bearerMatches(t.token, presented))
  if (!bearer || bearer.invalidated) throw legacyError(401, 89, 'Invalid or expired token.')
  applyRateLimit(ctx, rt, `bearer:${bearer.consumerKey}`, 'legacy')
  const app = rt.state.apps.find((a) => a.consumerKey === bearer.consumerKey)
  if (!app) throw legacyError(401, 89, 'Invalid or expired token.')
  return app
}

/** Endpoints that take the app's bearer token or a user's OAuth 1.0a signature alike. */
export function authenticateAppOrUser(ctx: RequestContext, rt: Runtime): App {
  if (/^Bearer\s/i.test(ctx.headers.authorization ?? '')) return authenticateBearer(ctx, rt)
  return authenticateUser(ctx, rt, { write: false, style: 'legacy' }).app
}
