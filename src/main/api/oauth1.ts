import { createHmac, randomBytes } from 'node:crypto'

/**
 * The one place that signs OAuth 1.0a requests (RFC 5849, HMAC-SHA1). Parameters are collected
 * as name/value pairs and in prototype-less maps: a parameter may be named `constructor`,
 * `toString`, `valueOf` or `__proto__`, which a plain object would confuse with its inherited
 * members (and which general-purpose OAuth libraries that merge into plain objects lose), so the
 * base string (§3.4.1) is built here, pair by pair.
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
  const params = emptyParams()
  for (const [key, value] of new URLSearchParams(encoded)) addParam(params, key, value)
  return params
}

/** A map without a prototype, so every key is a parameter and nothing is inherited. */
function emptyParams(): SignedParams {
  return Object.create(null) as SignedParams
}

function addParam(params: SignedParams, key: string, value: string): void {
  const existing = Object.hasOwn(params, key) ? params[key] : undefined
  if (existing === undefined) defineParam(params, key, value)
  else defineParam(params, key, Array.isArray(existing) ? [...existing, value] : [existing, value])
}

/** Defines an own property even for `__proto__`, whose assignment would be a prototype change. */
function defineParam(params: SignedParams, key: string, value: ParamValue): void {
  Object.defineProperty(params, key, { value, enumerable: true, writable: true, configurable: true })
}

type ParamPair = readonly [string, string]

function pairsOf(params: SignedParams): ParamPair[] {
  return Object.keys(params).flatMap((key) => {
    const value = params[key] as ParamValue
    return (Array.isArray(value) ? value : [value]).map((item): ParamPair => [key, item])
  })
}

/** §3.4.1.3.2: encode each name and value, sort by name then value, join with '=' and '&'. */
function normalizedParameters(pairs: readonly ParamPair[]): string {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return pairs
    .map(([key, value]): ParamPair => [percentEncode(key), percentEncode(value)])
    .sort(([keyA, valueA], [keyB, valueB]) => compare(keyA, keyB) || compare(valueA, valueB))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
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

  const requestPairs = [...pairsOf(decodeParams(url.search)), ...(request.form ? pairsOf(request.form) : [])]
  const baseString = [
    request.method.toUpperCase(),
    percentEncode(baseUrl),
    percentEncode(normalizedParameters([...requestPairs, ...Object.entries(protocol)])),
  ].join('&')
  const signingKey = `${percentEncode(credentials.consumerSecret)}&${percentEncode(credentials.tokenSecret ?? '')}`
  const signature = hmacSha1(baseString, signingKey)

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
