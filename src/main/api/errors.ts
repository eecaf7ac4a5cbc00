import { ACCESS_REVOKED_MESSAGE, appError } from '../../shared/errors'
import type { AppError, AppErrorCode } from '../../shared/errors'
import { isLoopbackHostname } from '../../shared/hosts'
import { percentEncode } from './oauth1'

/** Sentences for people. Server text is appended only where it names something they can fix. */
export const MESSAGES = {
  token_expired: ACCESS_REVOKED_MESSAGE,
  bad_credentials: 'The app key or secret is wrong',
  too_many_token_requests:
    'Bearer tokens were requested too often — use the saved token, or wait a few minutes before asking again',
  missing_dm_permission:
    'This app lacks the direct-message permission — enable "Read, write and direct messages" for the app, then authorize again',
  rate_limited: 'The platform rate limit was reached — wait until it resets',
  clock_skew: "Your computer's clock is wrong — set the correct date and time, then try again",
  invalid_request: 'The platform rejected the request',
  forbidden: 'This account is not allowed to do that',
  not_found: 'Not found — it may have been deleted',
  server_unavailable: 'The platform is having trouble right now — try again in a few minutes',
  offline: "Can't reach the platform — check the internet connection",
  local_failure: 'Ads Studio could not build this request, so nothing was sent',
  timeout: 'The platform took too long to answer — try again',
  outcome_unknown:
    'The connection dropped before the platform answered — it is not known whether the change was made',
  unexpected_response: 'The platform sent an answer Ads Studio cannot read',
  request_failed: 'The request failed',
} as const satisfies Partial<Record<AppErrorCode, string>>

const LEGACY_CODES: Record<number, keyof typeof MESSAGES> = {
  32: 'bad_credentials',
  88: 'rate_limited',
  89: 'token_expired',
  93: 'missing_dm_permission',
  99: 'too_many_token_requests',
  135: 'clock_skew',
}

export const CLOCK_SKEW_CODE = 135

/**
 * The spec's Errors section gives 403 / code 99 one meaning: bearer-token requests made too
 * often. The real platform also answers app credentials it cannot verify on oauth2/token with
 * 403 / 99 ("Unable to verify your credentials"), which the sandbox follows. Telling people to
 * wait when their key is wrong sends them the wrong way, so the cause is read from the answer:
 * a rate refusal has its window used up (x-rate-limit-remaining 0) or says so, a credentials
 * refusal says it could not verify them.
 */
const TOKEN_REQUEST_CODE = 99

function isTooOften(headers: Record<string, string>, detail: string | undefined): boolean {
  if (headers['x-rate-limit-remaining'] === '0') return true
  return !/\b(verify|credentials?|authenticity)\b/i.test(detail ?? '')
}

interface ServerErrorDetails {
  numericCodes: number[]
  field?: string
  detail?: string
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value.trim()) return value.trim()
  return undefined
}

/** A field is a parameter name; anything else the server put there is not passed on. */
function fieldName(value: string | undefined): string | undefined {
  return value && /^[A-Za-z0-9_.[\]-]{1,100}$/.test(value) ? value : undefined
}

/**
 * Reads the three error dialects the spec names: legacy `{code, message}`, ads
 * `errors[].parameter`, and RFC 7807 problem objects (bare or inside `errors`).
 */
export function readServerErrors(body: unknown): ServerErrorDetails {
  const root = asRecord(body)
  const details: ServerErrorDetails = { numericCodes: [] }
  if (!root) return details
  const entries = Array.isArray(root.errors) ? root.errors.map(asRecord) : [root]
  for (const entry of entries) {
    if (!entry) continue
    if (typeof entry.code === 'number') details.numericCodes.push(entry.code)
    const parameters = asRecord(entry.parameters)
    details.field ??= fieldName(
      firstString(entry.parameter, entry.field, parameters && Object.keys(parameters)[0]),
    )
    details.detail ??= firstString(entry.detail, entry.message, entry.title)
  }
  return details
}

/**
 * Replaces every occurrence of a secret (raw or percent-encoded) with a placeholder, and blanks
 * anything shaped like a credential header a server might echo. Short values are skipped as noise.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text
    .replace(/\b(oauth_[a-z_]+)="[^"]*"/gi, '$1="[redacted]"')
    .replace(/\b(Basic|Bearer)\s+[A-Za-z0-9%+/=._~-]{8,}/g, '$1 [redacted]')
  for (const secret of secrets) {
    if (secret.length < 4) continue
    result = result.split(secret).join('[redacted]')
    for (const encoded of new Set([encodeURIComponent(secret), percentEncode(secret)])) {
      if (encoded !== secret) result = result.split(encoded).join('[redacted]')
    }
  }
  return result
}

function withDetail(base: string, detail: string | undefined, secrets: readonly string[]): string {
  if (!detail) return base
  const clean = redact(detail, secrets).replace(/\s+/g, ' ').slice(0, 300)
  return `${base}: ${clean}`
}

export function missingFeatureMessage(feature: string): string {
  return (
    `This account does not have the ${feature} feature — the advertiser asks the platform for it ` +
    '(on a sandbox account, add it under Settings → Features)'
  )
}

export interface HttpFailure {
  status: number
  method: string
  body: unknown
  headers: Record<string, string>
  /** Server time in ms (from its Date header, or the corrected local clock). */
  serverNowMs: number
  /** Whether the request carried a user token, so a bare 401 means that token failed. */
  usedUserToken: boolean
  secrets: readonly string[]
}

/**
 * Resuming a hair after the stated reset rather than on it: a client clock a few milliseconds
 * ahead of the server's would otherwise be refused once more.
 */
export const RESET_MARGIN_MS = 25

/**
 * Seconds (with milliseconds) until x-rate-limit-reset (epoch seconds), else Retry-After, else
 * one minute. Not rounded up to whole seconds: that lost up to a second of every window.
 */
export function secondsUntilReset(headers: Record<string, string>, serverNowMs: number): number {
  const reset = Number(headers['x-rate-limit-reset'])
  if (Number.isFinite(reset) && reset > 0)
    return Math.max(RESET_MARGIN_MS, reset * 1000 - serverNowMs + RESET_MARGIN_MS) / 1000
  const retryAfter = Number(headers['retry-after'])
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.max(1, Math.ceil(retryAfter))
  // Neither header: a minute is short enough not to strand the user and long enough not to hammer.
  return 60
}

export function mapHttpFailure(failure: HttpFailure): AppError {
  const { status, secrets } = failure
  const server = readServerErrors(failure.body)
  const extra = { field: server.field }

  if (status === 429) {
    return appError('rate_limited', MESSAGES.rate_limited, {
      ...extra,
      retryAfter: secondsUntilReset(failure.headers, failure.serverNowMs),
    })
  }
  for (const code of server.numericCodes) {
    if (code === TOKEN_REQUEST_CODE && !isTooOften(failure.headers, server.detail)) {
      return appError('bad_credentials', MESSAGES.bad_credentials)
    }
    const mapped = LEGACY_CODES[code]
    if (!mapped) continue
    if (mapped === 'rate_limited') {
      return appError(mapped, MESSAGES.rate_limited, {
        retryAfter: secondsUntilReset(failure.headers, failure.serverNowMs),
      })
    }
    return appError(mapped, MESSAGES[mapped])
  }
  if (status === 401) {
    return failure.usedUserToken
      ? appError('token_expired', MESSAGES.token_expired)
      : appError('bad_credentials', MESSAGES.bad_credentials)
  }
  if (status === 403) {
    // A missing account feature is named, with the way to get it: people cannot act on "forbidden".
    const feature = server.detail
      ? /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+) (?:account )?feature\b/.exec(server.detail)
      : null
    if (feature?.[1]) return appError('forbidden', missingFeatureMessage(feature[1]), extra)
    return appError('forbidden', withDetail(MESSAGES.forbidden, server.detail, secrets), extra)
  }
  if (status === 404) return appError('not_found', MESSAGES.not_found, extra)
  if (status >= 500) {
    // A POST answered by a gateway error may or may not have been carried out upstream.
    if (failure.method === 'POST' && status !== 503)
      return appError('outcome_unknown', MESSAGES.outcome_unknown)
    return appError('server_unavailable', MESSAGES.server_unavailable)
  }
  if (status >= 400) {
    return appError('invalid_request', withDetail(MESSAGES.invalid_request, server.detail, secrets), extra)
  }
  return appError('unexpected_response', MESSAGES.unexpected_response)
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
])
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
/** undici refuses these before opening a connection: an argument it cannot send (URL, header). */
const LOCAL_CODES = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'ERR_INVALID_URL',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_UNESCAPED_CHARACTERS',
])

function errorCode(error: unknown): string | undefined {
  const record = asRecord(error)
  if (!record) return undefined
  if (typeof record.code === 'string') return record.code
  if (record.name === 'TimeoutError') return 'TimeoutError'
  return errorCode(record.cause)
}

export type NetworkFailureKind = 'local' | 'not_sent' | 'timeout' | 'lost'

/** Whether the request can have reached the server: only failures to connect prove it did not. */
export function classifyNetworkError(error: unknown): NetworkFailureKind {
  const code = errorCode(error)
  if (code && LOCAL_CODES.has(code)) return 'local'
  if (code && NOT_SENT_CODES.has(code)) return 'not_sent'
  if (code === 'TimeoutError' || (code && TIMEOUT_CODES.has(code))) return 'timeout'
  return 'lost'
}

/** host[:port] of a request URL, for messages; the path and query can carry ids or tokens. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url
  } catch {
    return 'the platform'
  }
}

/**
 * Network failures name the host that did not answer: "check the internet connection" is wrong
 * advice when it is the local sandbox that is not running.
 */
export function mapNetworkFailure(
  kind: Exclude<NetworkFailureKind, 'local'>,
  method: string,
  url: string,
): AppError {
  const host = hostOf(url)
  const local = (() => {
    try {
      return isLoopbackHostname(new URL(url).hostname)
    } catch {
      return false
    }
  })()
  const unreachable = local
    ? `Nothing answered at ${host} — is the server (for example the local sandbox) running?`
    : `Can't reach ${host} — check the internet connection, and that the URL is right`
  if (kind === 'not_sent') return appError('offline', unreachable)
  if (method === 'POST') return appError('outcome_unknown', MESSAGES.outcome_unknown)
  return kind === 'timeout'
    ? appError('timeout', `${host} took too long to answer — try again`)
    : appError('offline', `The connection to ${host} dropped — try again`)
}

/** Messages of errors raised while a request is built: never the values (they may be secrets). */
const LOCAL_REASONS: [RegExp, string][] = [
  [/URI malformed|surrogate/i, 'the text contains a broken character (half of an emoji or symbol)'],
  [/protocol/i, 'the URL does not start with http:// or https://'],
  [/header/i, 'a credential or header contains characters that cannot be sent'],
  [/invalid url/i, 'the URL is not valid'],
]

/** An error raised before the request left the machine: a local failure, never "outcome unknown". */
export function mapLocalFailure(error: unknown, url: string): AppError {
  const message = error instanceof Error ? error.message : String(error)
  const reason = LOCAL_REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? 'it could not be prepared'
  return appError('local_failure', `${MESSAGES.local_failure} to ${hostOf(url)}: ${reason}`)
}
