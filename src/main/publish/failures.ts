import { toContentPath } from '../../shared/creatives/contentPath'
import type { DraftKind } from '../../shared/drafts/envelope'
import { isAppFailure } from '../../shared/errors'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { IssuePath } from '../../shared/rules/issues'

/** What the runner does about a failed step. */
export type Disposition =
  /** A POST may or may not have taken effect: reconcile, then maybe send again. */
  | { kind: 'outcome_unknown' }
  /** Nothing happened and trying later may work (offline, timeouts, 503). */
  | { kind: 'transient' }
  | { kind: 'rate_limited'; seconds: number }
  /** The access token is gone: pause until the profile is connected again. */
  | { kind: 'needs_connection' }
  /** The platform refused the request itself; retrying the same request cannot help. */
  | { kind: 'fatal'; error: OutboxError }

const TRANSIENT = new Set([
  'offline',
  'timeout',
  'server_unavailable',
  'unexpected_response',
  'request_failed',
])

/**
 * Parses an API parameter name into a payload path:
 * `components[1].destination.url` → ['components', 1, 'destination', 'url'],
 * `slides[0][1].media_key` → ['slides', 0, 1, 'media_key'].
 */
export function apiFieldPath(field: string): IssuePath {
  const path: (string | number)[] = []
  for (const match of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) path.push(Number(match[2]))
    else if (match[1] !== undefined) path.push(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1])
  }
  return path
}

/** The draft content field an API parameter belongs to, for the editor to mark. */
export function contentPathOfApiField(kind: DraftKind, field: string): IssuePath {
  return toContentPath(kind, apiFieldPath(field))
}

export function classifyFailure(error: unknown, fault: { draftId?: string; kind?: DraftKind }): Disposition {
  if (!isAppFailure(error)) {
    const message = error instanceof Error ? error.message : String(error)
    return { kind: 'fatal', error: { code: 'internal', message: `Publishing stopped: ${message}` } }
  }
  if (error.code === 'outcome_unknown') return { kind: 'outcome_unknown' }
  if (TRANSIENT.has(error.code)) return { kind: 'transient' }
  if (error.code === 'rate_limited') return { kind: 'rate_limited', seconds: error.retryAfter ?? 60 }
  if (error.code === 'token_expired') return { kind: 'needs_connection' }
  const outboxError: OutboxError = { code: error.code, message: error.message }
  if (fault.draftId) outboxError.draftId = fault.draftId
  if (error.field) {
    outboxError.apiField = error.field
    if (fault.kind) outboxError.contentPath = [...contentPathOfApiField(fault.kind, error.field)]
  }
  return { kind: 'fatal', error: outboxError }
}
