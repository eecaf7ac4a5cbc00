import { AppFailure, appError } from '../../shared/errors'
import { MESSAGES } from '../api/errors'
import type { ApiHosts } from '../api/hosts'
import { createHttpClient } from '../api/http'
import type { HttpClient } from '../api/http'
import { decodeParams, encodeParams } from '../api/oauth1'

/**
 * The out-of-band PIN flow (spec: request token → authorize page → access token) and revocation.
 * Every function takes the HTTP client optionally so tests and services can share one.
 */

export interface AppCredentials {
  consumerKey: string
  consumerSecret: string
}

interface FlowBase extends AppCredentials {
  hosts: Pick<ApiHosts, 'apiUrl'>
  http?: HttpClient
}

export interface RequestTokenInput extends FlowBase {
  accessType: 'read' | 'write'
  forceLogin?: boolean
  screenName?: string
}

export interface RequestTokenResult {
  oauthToken: string
  oauthTokenSecret: string
  /** Open in the system browser; the page shows the PIN. */
  authorizeUrl: string
}

function unexpected(): AppFailure {
  return new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
}

function readPairs(text: string, required: readonly string[]): Record<string, string> {
  const params = decodeParams(text.trim())
  const result: Record<string, string> = {}
  for (const name of required) {
    const value = params[name]
    if (typeof value !== 'string' || value === '') throw unexpected()
    result[name] = value
  }
  return result
}

export async function requestToken(input: RequestTokenInput): Promise<RequestTokenResult> {
  const http = input.http ?? createHttpClient()
  const response = await http.send({
    method: 'POST',
    url: `${input.hosts.apiUrl}/oauth/request_token`,
    query: { platform_auth_access_type: input.accessType },
    auth: {
      kind: 'oauth1',
      credentials: { consumerKey: input.consumerKey, consumerSecret: input.consumerSecret },
      // Desktop apps have no callback to receive: "oob" makes the authorize page show a PIN.
      oauthParams: { oauth_callback: 'oob' },
    },
  })
  const pairs = readPairs(response.text, ['oauth_token', 'oauth_token_secret', 'oauth_callback_confirmed'])
  if (pairs.oauth_callback_confirmed !== 'true') throw unexpected()
  const authorize: Record<string, string> = { oauth_token: pairs.oauth_token! }
  if (input.forceLogin) authorize.force_login = 'true'
  if (input.screenName?.trim()) authorize.screen_name = input.screenName.trim().replace(/^@/, '')
  return {
    oauthToken: pairs.oauth_token!,
    oauthTokenSecret: pairs.oauth_token_secret!,
    authorizeUrl: `${input.hosts.apiUrl}/oauth/authorize?${encodeParams(authorize)}`,
  }
}

/** Trimmed digits, or an invalid_input failure naming the pin field. */
export function normalisePin(pin: string): string {
  const trimmed = pin.trim()
  if (!/^[0-9]+$/.test(trimmed)) {
    throw new AppFailure(
      appError('invalid_input', 'The PIN is the number shown after you approve — type digits only', {
        field: 'pin',
      }),
    )
  }
  return trimmed
}

export interface ExchangePinInput extends FlowBase {
  oauthToken: string
  oauthTokenSecret: string
  pin: string
}

export interface AccessTokenResult {
  accessToken: string
  accessTokenSecret: string
  userId: string
  screenName: string
}

export async function exchangePin(input: ExchangePinInput): Promise<AccessTokenResult> {
  const verifier = normalisePin(input.pin)
  const http = input.http ?? createHttpClient()
  const response = await http
    .send({
      method: 'POST',
      url: `${input.hosts.apiUrl}/oauth/access_token`,
      query: { oauth_verifier: verifier },
      auth: {
        kind: 'oauth1',
        credentials: {
          consumerKey: input.consumerKey,
          consumerSecret: input.consumerSecret,
          token: input.oauthToken,
          tokenSecret: input.oauthTokenSecret,
        },
      },
    })
    .catch((error: unknown) => {
      throw rejectedPin(error)
    })
  const pairs = readPairs(response.text, ['oauth_token', 'oauth_token_secret', 'user_id', 'screen_name'])
  return {
    accessToken: pairs.oauth_token!,
    accessTokenSecret: pairs.oauth_token_secret!,
    userId: pairs.user_id!,
    screenName: pairs.screen_name!,
  }
}

/**
 * The app key and secret already passed the request-token step, so an authentication failure
 * here means the PIN (or the request token it belongs to) was not accepted.
 */
function rejectedPin(error: unknown): unknown {
  if (error instanceof AppFailure && (error.code === 'bad_credentials' || error.code === 'token_expired')) {
    return new AppFailure(
      appError(
        'invalid_input',
        'That PIN was not accepted — check it, or open the authorization page again for a new one',
        { field: 'pin' },
      ),
    )
  }
  return error
}

export interface UserTokenInput extends FlowBase {
  accessToken: string
  accessTokenSecret: string
}

/** A request signed as the user whose access token this is (OAuth 1.0a). */
export function signedAsUser(input: UserTokenInput) {
  return {
    kind: 'oauth1',
    credentials: {
      consumerKey: input.consumerKey,
      consumerSecret: input.consumerSecret,
      token: input.accessToken,
      tokenSecret: input.accessTokenSecret,
    },
  } as const
}

/** Revokes the access token; any later use of it answers 401 / code 89. */
export async function invalidateToken(input: UserTokenInput): Promise<{ revoked: true }> {
  const http = input.http ?? createHttpClient()
  await http.send({
    method: 'POST',
    url: `${input.hosts.apiUrl}/1.1/oauth/invalidate_token.json`,
    auth: signedAsUser(input),
  })
  return { revoked: true }
}
