import { setTimeout as delay } from 'node:timers/promises'
import { request } from 'undici'
import type { Dispatcher, FormData } from 'undici'
import { AppFailure, isAppFailure } from '../../shared/errors'
import { encodeParams, signRequest } from './oauth1'
import type { SignedParams } from './oauth1'
import {
  CLOCK_SKEW_CODE,
  classifyNetworkError,
  mapHttpFailure,
  mapLocalFailure,
  mapNetworkFailure,
  readServerErrors,
} from './errors'
import type { HttpRequest, HttpResponse, QueryValue, RequestAuth, RequestBody } from './httpTypes'
import { createRatePacer } from './ratePacer'
import { DEFAULT_RETRY_POLICY, backoffDelayMs, isRetryableMethod } from './retry'
import type { RetryPolicy } from './retry'

export type { HttpMethod, HttpRequest, HttpResponse, QueryValue, RequestAuth, RequestBody } from './httpTypes'

export interface HttpClientOptions {
  /** Ceiling for one attempt, connection to last body byte. */
  timeoutMs?: number
  retry?: Partial<RetryPolicy>
  dispatcher?: Dispatcher
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

export interface HttpClient {
  /** Sends with retries and clock-skew correction; returns whatever status the server gave. */
  exchange(request: HttpRequest): Promise<HttpResponse>
  /** Like exchange, but any non-2xx answer is thrown as an AppFailure. */
  send(request: HttpRequest): Promise<HttpResponse>
  /** Server time minus local time, learnt from the last code-135 answer. */
  clockOffsetMs(): number
}

export const DEFAULT_TIMEOUT_MS = 30_000

export function buildUrl(url: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return url
  const params: SignedParams = {}
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params[key] = Array.isArray(value) ? value.join(',') : String(value)
  }
  const encoded = encodeParams(params)
  if (!encoded) return url
  return `${url}${url.includes('?') ? '&' : '?'}${encoded}`
}

/** A bare 401 blames the token when one was sent, otherwise the app credentials. */
function usesToken(auth: RequestAuth): boolean {
  return auth.kind === 'bearer' || (auth.kind === 'oauth1' && auth.credentials.token !== undefined)
}

export function secretsOf(auth: RequestAuth): string[] {
  switch (auth.kind) {
    case 'oauth1':
      return [auth.credentials.consumerSecret, auth.credentials.token, auth.credentials.tokenSecret].filter(
        (value): value is string => typeof value === 'string',
      )
    case 'bearer':
      return [auth.token]
    case 'basic':
      return [auth.password, Buffer.from(`${auth.username}:${auth.password}`).toString('base64')]
    case 'none':
      return []
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

function parseJson(text: string, contentType: string | undefined): unknown {
  const looksJson = contentType?.includes('json') || /^\s*[[{]/.test(text)
  if (!looksJson || !text.trim()) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => delay(ms))
  const random = options.random ?? Math.random
  let clockOffset = 0
  const pacer = createRatePacer(now)

  function headersFor(req: HttpRequest, url: string): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json' }
    const body = req.body
    if (body?.kind === 'form')
      headers['content-type'] = body.contentType ?? 'application/x-www-form-urlencoded'
    if (body?.kind === 'json' || body?.kind === 'jsonText') headers['content-type'] = 'application/json'
    const auth = req.auth
    if (auth.kind === 'oauth1') {
      const signed = signRequest(
        {
          method: req.method,
          url,
          form: body?.kind === 'form' ? body.fields : undefined,
          oauthParams: auth.oauthParams,
        },
        auth.credentials,
        { timestamp: Math.floor((now() + clockOffset) / 1000) },
      )
      headers.authorization = signed.authorization
    } else if (auth.kind === 'bearer') {
      headers.authorization = `Bearer ${auth.token}`
    } else if (auth.kind === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`
    }
    return headers
  }

  function encodeBody(body: RequestBody | undefined): string | FormData | undefined {
    if (!body) return undefined
    if (body.kind === 'form') return encodeParams(body.fields)
    if (body.kind === 'json') return JSON.stringify(body.value)
    if (body.kind === 'jsonText') return body.text
    return body.form
  }

  /**
   * Everything that can fail before a byte leaves: the URL, the signature, the body. A failure
   * here is a local one; it must never look like a dropped connection, which would make the
   * outbox reconcile and resend forever a request that can never be built.
   */
  function prepare(
    req: HttpRequest,
    url: string,
  ): { headers: Record<string, string>; body: string | FormData | undefined } {
    try {
      const protocol = new URL(url).protocol
      if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`unsupported protocol ${protocol}`)
      return { headers: headersFor(req, url), body: encodeBody(req.body) }
    } catch (error) {
      throw new AppFailure(mapLocalFailure(error, url))
    }
  }

  async function attempt(req: HttpRequest, url: string): Promise<HttpResponse> {
    const perRequestTimeout = req.timeoutMs ?? timeoutMs
    const prepared = prepare(req, url)
    const response = await request(url, {
      method: req.method,
      headers: prepared.headers,
      body: prepared.body,
      signal: AbortSignal.timeout(perRequestTimeout),
      headersTimeout: perRequestTimeout,
      bodyTimeout: perRequestTimeout,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    })
    const text = await response.body.text()
    const headers = flattenHeaders(response.headers)
    return { status: response.statusCode, headers, text, json: parseJson(text, headers['content-type']) }
  }

  async function exchange(req: HttpRequest): Promise<HttpResponse> {
    let url: string
    try {
      url = buildUrl(req.url, req.query)
    } catch (error) {
      throw new AppFailure(mapLocalFailure(error, req.url))
    }
    const retryable = isRetryableMethod(req.method)
    let correctedClock = false
    let retries = 0
    for (;;) {
      pacer.admit(req, url)
      let response: HttpResponse
      try {
        response = await attempt(req, url)
      } catch (error) {
        if (isAppFailure(error)) throw error
        const kind = classifyNetworkError(error)
        if (kind === 'local') throw new AppFailure(mapLocalFailure(error, url))
        if (retryable && retries + 1 < policy.maxAttempts) {
          await sleep(backoffDelayMs(retries++, policy, random))
          continue
        }
        throw new AppFailure(mapNetworkFailure(kind, req.method, url))
      }
      pacer.learn(req, url, response, serverNowMs(response.headers.date, now() + clockOffset))

      const isClockSkew = readServerErrors(response.json).numericCodes.includes(CLOCK_SKEW_CODE)
      if (isClockSkew && !correctedClock && response.headers.date) {
        // The server refused our timestamp before doing anything, so even a POST is safe to resend.
        const serverTime = Date.parse(response.headers.date)
        if (Number.isFinite(serverTime)) {
          clockOffset = serverTime - now()
          correctedClock = true
          continue
        }
      }
      if (response.status >= 500 && retryable && retries + 1 < policy.maxAttempts) {
        await sleep(backoffDelayMs(retries++, policy, random))
        continue
      }
      return response
    }
  }

  async function send(req: HttpRequest): Promise<HttpResponse> {
    const response = await exchange(req)
    if (response.status >= 200 && response.status < 300) return response
    throw failureFor(req, response, () => now() + clockOffset)
  }

  return { exchange, send, clockOffsetMs: () => clockOffset }
}

/**
 * The server's clock, to the millisecond. A Date header has whole seconds only (the server's
 * time lies within the second after it), so the local clock, corrected for any skew learnt, is
 * the better reading unless the header shows it to be off by more than that second.
 */
export function serverNowMs(dateHeader: string | undefined, localServerNow: number): number {
  const date = dateHeader ? Date.parse(dateHeader) : Number.NaN
  if (!Number.isFinite(date)) return localServerNow
  // Up to a second of truncation, plus the answer's time in transit.
  if (localServerNow >= date - 250 && localServerNow < date + 2_000) return localServerNow
  return date + 500
}

/**
 * Maps a non-2xx response to the AppFailure a person sees. `now` stands in for the server's
 * clock when the response has no Date header.
 */
export function failureFor(
  req: HttpRequest,
  response: HttpResponse,
  now: () => number = Date.now,
): AppFailure {
  return new AppFailure(
    mapHttpFailure({
      status: response.status,
      method: req.method,
      body: response.json,
      headers: response.headers,
      serverNowMs: serverNowMs(response.headers.date, now()),
      usedUserToken: usesToken(req.auth),
      secrets: [...secretsOf(req.auth), ...(req.secrets ?? [])],
    }),
  )
}
