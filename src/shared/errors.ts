/**
 * The one serialisable failure shape used by auth, vault and the API client. It is what the
 * IPC layer forwards (see ipc/result.ts): a code the UI can branch on, a sentence a person can
 * act on, and optionally the form field it belongs to or the seconds to wait.
 */
/**
 * What the designer reads whenever the platform refuses the profile's token (401 / code 89):
 * OAuth 1.0a tokens do not expire by time, so the cause is a revocation, and only authorizing
 * again helps. One sentence everywhere: the composer, the outbox, the library, the sidebar.
 */
export const ACCESS_REVOKED_MESSAGE = 'Your access was revoked — authorize again'

export type AppErrorCode =
  /** 401 / code 89: the access token was revoked or expired; the profile must authorize again. */
  | 'token_expired'
  /** Code 32: the consumer key or secret is wrong. */
  | 'bad_credentials'
  /** 403 / code 99: bearer tokens requested too often. */
  | 'too_many_token_requests'
  /** Code 93: the app lacks the direct-message permission. */
  | 'missing_dm_permission'
  /** 429 / code 88: wait `retryAfter` seconds. */
  | 'rate_limited'
  /** Code 135 that persisted after correcting for the server's clock. */
  | 'clock_skew'
  /** 400 and validation failures reported by the server; `field` names the parameter when known. */
  | 'invalid_request'
  /** Input rejected before anything was sent (for example a malformed webhook id or PIN). */
  | 'invalid_input'
  /** 403 other than code 99. */
  | 'forbidden'
  /** 404. */
  | 'not_found'
  /** 5xx after retries (or straight away for POST when the server says it did nothing). */
  | 'server_unavailable'
  /** The server could not be reached at all, so nothing was sent. */
  | 'offline'
  /**
   * The request could not even be built (a broken character, a URL that is not http(s)), so
   * nothing left the machine. Never "outcome unknown", never retried: the input must change.
   */
  | 'local_failure'
  /** The server did not answer in time (idempotent requests, after retries). */
  | 'timeout'
  /** A POST was sent but its answer was lost: the outbox must check whether it took effect. */
  | 'outcome_unknown'
  /** The server answered with something this client cannot read. */
  | 'unexpected_response'
  /** The OS keychain is missing, locked or its native module cannot load. */
  | 'keychain_unavailable'
  /** Any other HTTP failure. */
  | 'request_failed'

/** One problem of a refused request, on the field it concerns (a draft content path, dotted). */
export interface FieldIssue {
  field: string
  message: string
  /** The draft the field is in, when a request spans drafts (a post and the card it attaches). */
  draftId?: string
}

export interface AppError {
  code: AppErrorCode
  message: string
  field?: string
  retryAfter?: number
  /** Every problem, when there is more than one to fix (a draft refused by the publish gate). */
  issues?: FieldIssue[]
}

export function appError(
  code: AppErrorCode,
  message: string,
  extra: {
    field?: string | undefined
    retryAfter?: number | undefined
    issues?: FieldIssue[] | undefined
  } = {},
): AppError {
  const error: AppError = { code, message }
  if (extra.field !== undefined) error.field = extra.field
  if (extra.retryAfter !== undefined) error.retryAfter = extra.retryAfter
  if (extra.issues !== undefined) error.issues = extra.issues
  return error
}

/**
 * The thrown form of an AppError. It carries only the AppError fields (no cause, no request
 * details), so serialising it — JSON or the IPC dispatcher — can never leak a header or secret.
 */
export class AppFailure extends Error {
  readonly code: AppErrorCode
  readonly field?: string
  readonly retryAfter?: number
  readonly issues?: FieldIssue[]

  constructor(error: AppError) {
    super(error.message)
    this.name = 'AppFailure'
    this.code = error.code
    if (error.field !== undefined) this.field = error.field
    if (error.retryAfter !== undefined) this.retryAfter = error.retryAfter
    if (error.issues !== undefined) this.issues = error.issues
  }

  toAppError(): AppError {
    return appError(this.code, this.message, {
      field: this.field,
      retryAfter: this.retryAfter,
      issues: this.issues,
    })
  }

  toJSON(): AppError {
    return this.toAppError()
  }
}

/** A refusal of what the person asked, on the field it concerns when there is one. */
export function invalidInput(message: string, field?: string): AppFailure {
  return new AppFailure(appError('invalid_input', message, { field }))
}

export function isAppFailure(value: unknown): value is AppFailure {
  return value instanceof AppFailure
}
