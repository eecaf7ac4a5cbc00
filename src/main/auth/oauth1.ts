import { createHmac, randomBytes } from 'node:crypto'
import OAuth from 'oauth-1.0a'

/**
 * The one place that signs OAuth 1.0a requests (RFC 5849, HMAC-SHA1). oauth-1.0a builds the
 * signature base string; we feed it already-decoded parameters and a bare base URL, because its
 * own query parser neither decodes '+' nor keeps protocol parameters out of the header.
 */

export interface OAuth1Credentials {
  consumerKey: string
  consumerSecret: string
  /** Request token or access token, when the request acts for a user. */
  token?: string | undefined
  tokenSecret?: string | undefined
}

export type ParamValue = string | string[]
export type SignedParams = Record<string, ParamValue>

export interface SignableRequest {
  method: string
  /** Absolute URL; any query string it carries is signed. */
  url: string
  /** Decoded fields of an application/x-www-form-urlencoded body; JSON and multipart bodies are never signed. */
  form?: SignedParams | undefined
  /** Extra protocol parameters that go in the header and the signature, e.g. oauth_callback. */
  oauthParams?: Record<string, string> | undefined
}

export interface SignOptions {
  nonce?: string
  /** Seconds since the epoch, already corrected for clock skew by the caller. */
  timestamp?: number
}

export interface SignedRequest {
  authorization: string
  signature: string
  baseString: string
}

/** RFC 3986 §2.1 unreserved set is the only thing left unescaped. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

/** Query or form string built with RFC 3986 escapes, so the server decodes what we signed. */
export function encodeParams(params: SignedParams): string {
  const pairs: string[] = []
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${percentEncode(key)}=${percentEncode(item)}`)
  }
  return pairs.join('&')
}

/** Form and query decoding: '+' is a space, as a server reading the request will assume. */
export function decodeParams(encoded: string): SignedParams {
  const params: SignedParams = {}
  for (const [key, value] of new URLSearchParams(encoded)) addParam(params, key, value)
  return params
}

function addParam(params: SignedParams, key: string, value: string): void {
  const existing = params[key]
  if (existing === undefined) params[key] = value
  else params[key] = Array.isArray(existing) ? [...existing, value] : [existing, value]
}

function mergeParams(target: SignedParams, source: SignedParams): void {
  for (const [key, value] of Object.entries(source)) {
    for (const item of Array.isArray(value) ? value : [value]) addParam(target, key, item)
  }
}

function hmacSha1(baseString: string, key: string): string {
  return createHmac('sha1', key).update(baseString).digest('base64')
}

function randomNonce(): string {
  // Alphanumeric only: the spec allows ASCII nonces and some servers reject anything else.
  return randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 32)
}

export function signRequest(
  request: SignableRequest,
  credentials: OAuth1Credentials,
  options: SignOptions = {},
): SignedRequest {
  const url = new URL(request.url)
  // Scheme and host lower-cased, default port dropped (RFC 5849 §3.4.1.2): URL does both.
  const baseUrl = `${url.protocol}//${url.host}${url.pathname}`

  const protocol: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: options.nonce ?? randomNonce(),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(credentials.token !== undefined ? { oauth_token: credentials.token } : {}),
    ...request.oauthParams,
  }

  const signedParams: SignedParams = {}
  mergeParams(signedParams, decodeParams(url.search))
  if (request.form) mergeParams(signedParams, request.form)

  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: hmacSha1,
  })
  // The library merges request data into the object it is given, so it only ever sees copies.
  const libraryRequest = { method: request.method.toUpperCase(), url: baseUrl, data: { ...signedParams } }
  const oauthData = { ...protocol } as unknown as OAuth.Data
  const baseString = oauth.getBaseString(libraryRequest, { ...oauthData })
  const signature = oauth.getSignature(
    { ...libraryRequest, data: { ...signedParams } },
    credentials.tokenSecret,
    { ...oauthData },
  )

  const headerParams = { ...protocol, oauth_signature: signature }
  const authorization =
    'OAuth ' +
    Object.keys(headerParams)
      .sort()
      .map(
        (key) =>
          `${percentEncode(key)}="${percentEncode(headerParams[key as keyof typeof headerParams] ?? '')}"`,
      )
      .join(', ')
  return { authorization, signature, baseString }
}
