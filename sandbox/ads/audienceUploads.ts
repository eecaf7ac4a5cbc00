import { createHash } from 'node:crypto'
import type { RequestContext, Runtime } from '../context'
import { ReplyError, json } from '../http'
import type { AdsRecord, AudienceUpload, MemberTable } from '../state'
import { isoSeconds, touch } from '../state'
import { adsFailure, requestParams } from './core'
import type { AdsIssue } from './core'

/**
 * The batch user-upload body shared by custom audiences and do-not-reach lists (spec part A,
 * "Custom audience user upload", "Do-not-reach lists" and "Errors"): a JSON array of operations
 * `{operation_type, params: {users, effective_at?, expires_at?}}`. A request either applies every
 * operation or none ("batches succeed or fail as a group"). Request-level failures are answered
 * under `errors`; item-level failures under `operation_errors`, each naming the input item's
 * `index`, in request order. Identifier values are never echoed back in a message: they are
 * personal data even when hashed.
 */

/** Spec part A, limits: "at most 2500 operation objects per request; body at most 5,000,000 bytes". */
export const MAX_OPERATIONS_PER_REQUEST = 2_500
export const MAX_BODY_BYTES = 5_000_000
/** Spec: expires_at defaults to 13 months after the request. */
export const DEFAULT_EXPIRY_MONTHS = 13
/**
 * Below this many active members a list is not targetable, reason TOO_SMALL. The number is not
 * shown in the spec; the real platform's published minimum for a tailored audience is 100.
 */
export const TARGETABLE_MIN_MEMBERS = 100

export const CUSTOM_AUDIENCE_IDENTIFIERS = [
  'email',
  'device_id',
  'handle',
  'platform_id',
  'phone_number',
  'partner_user_id',
] as const
export const DO_NOT_REACH_IDENTIFIERS = ['email', 'phone_number'] as const
/** The one identifier sent as is; every other value is a SHA-256 hash (spec, custom audience user object). */
const UNHASHED = 'partner_user_id'
const SHA256_HEX = /^[0-9a-f]{64}$/

export type OperationType = 'Update' | 'Delete'

export interface UploadRules {
  identifiers: readonly string[]
  /** Custom audiences take effective_at; do-not-reach operations do not. */
  effectiveAt: boolean
  /** Do-not-reach: expires_at must be later than now. Custom audiences: later than effective_at. */
  expiresAfter: 'effective_at' | 'now'
}

export interface CheckedOperation {
  operationType: OperationType
  /** `<type>:<value>` keys of every identifier, per user object in order. */
  users: string[][]
  effectiveAt: number
  expiresAt: number
  /** expires_at as sent, or the default, for echoing. */
  expiresAtText: string
}

export interface OperationIssue extends AdsIssue {
  index: number
}

/** Calendar months in UTC: 31 January plus one month is 3 March, as Date does it. */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms)
  date.setUTCMonth(date.getUTCMonth() + months)
  return date.getTime()
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/

function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_WITH_ZONE.test(value)) return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}

function requestFailure(ctx: RequestContext, status: number, issue: AdsIssue): ReplyError {
  return adsFailure(ctx, status, [issue])
}

/**
 * Request-level checks, in the order a client can fix them: JSON content type, size, then the
 * array shape and operation count. Returns the operations as parsed.
 */
export function readOperationArray(ctx: RequestContext): unknown[] {
  if (ctx.contentType !== 'application/json') {
    throw requestFailure(ctx, 400, {
      code: 'INVALID_CONTENT_TYPE',
      message: `Send the operations as a JSON array with Content-Type application/json (got ${ctx.contentType || 'none'})`,
    })
  }
  if (ctx.body.length > MAX_BODY_BYTES) {
    throw requestFailure(ctx, 413, {
      code: 'REQUEST_TOO_LARGE',
      message: `The body is ${ctx.body.length} bytes; at most ${MAX_BODY_BYTES} bytes are accepted per request. Split it into smaller requests`,
    })
  }
  if (ctx.json === undefined) {
    throw requestFailure(ctx, 400, { code: 'INVALID_PARAMETER', message: 'The body is not valid JSON' })
  }
  if (!Array.isArray(ctx.json)) {
    throw requestFailure(ctx, 400, {
      code: 'INVALID_PARAMETER',
      message: 'The body must be a JSON array of operations',
    })
  }
  if (ctx.json.length === 0) {
    throw requestFailure(ctx, 400, {
      code: 'MISSING_PARAMETER',
      message: 'The body holds no operation; send at least one',
    })
  }
  if (ctx.json.length > MAX_OPERATIONS_PER_REQUEST) {
    throw requestFailure(ctx, 400, {
      code: 'TOO_MANY_OPERATIONS',
      message: `At most ${MAX_OPERATIONS_PER_REQUEST} operations are accepted per request (got ${ctx.json.length})`,
    })
  }
  return ctx.json
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * Checks one user object; issues name the parameter path, never the value. Paths are built only
 * when there is an issue: a full request holds thousands of users.
 */
function checkUser(
  raw: unknown,
  position: number,
  rules: UploadRules,
  issue: (code: string, parameter: string, message: string) => void,
): string[] {
  const path = (): string => `params.users[${position}]`
  if (!isObject(raw)) {
    issue('INVALID_PARAMETER', path(), `${path()} must be a user object`)
    return []
  }
  const keys: string[] = []
  let sent = 0
  for (const type in raw) {
    const values = raw[type]
    if (!rules.identifiers.includes(type)) {
      issue(
        'UNKNOWN_PARAMETER',
        `${path()}.${type}`,
        `${type} is not an identifier of this list; use ${rules.identifiers.join(', ')}`,
      )
      continue
    }
    if (!Array.isArray(values)) {
      sent += 1
      issue('INVALID_PARAMETER', `${path()}.${type}`, `${path()}.${type} must be an array`)
      continue
    }
    sent += values.length
    for (let i = 0; i < values.length; i++) {
      const value: unknown = values[i]
      if (type === UNHASHED) {
        if (typeof value === 'string' && value.trim() !== '') keys.push(`${type}:${value}`)
        else {
          const at = `${path()}.${type}[${i}]`
          issue('INVALID_PARAMETER', at, `${at} must be a non-empty string`)
        }
      } else if (typeof value === 'string' && value.length === 64 && SHA256_HEX.test(value)) {
        keys.push(`${type}:${value}`)
      } else {
        const at = `${path()}.${type}[${i}]`
        issue(
          'INVALID_PARAMETER',
          at,
          `${at} is not a SHA-256 hash: send 64 lowercase hexadecimal characters, hashed after normalizing the ${type}`,
        )
      }
    }
  }
  if (sent === 0) issue('MISSING_PARAMETER', path(), `${path()} holds no identifier`)
  return keys
}

/**
 * Item-level checks of every operation. Returns the checked operations, or throws one 400 that
 * lists every problem under `operation_errors` with the item's index (nothing is applied).
 */
export function checkOperations(
  ctx: RequestContext,
  operations: unknown[],
  rules: UploadRules,
): CheckedOperation[] {
  const issues: OperationIssue[] = []
  const checked: CheckedOperation[] = []
  const defaultExpiry = addMonths(ctx.now, DEFAULT_EXPIRY_MONTHS)
  const defaultExpiryText = isoSeconds(defaultExpiry)
  const allowedParams = ['users', ...(rules.effectiveAt ? ['effective_at'] : []), 'expires_at']
  operations.forEach((raw, index) => {
    const issue = (code: string, parameter: string, message: string): void => {
      issues.push({ index, code, parameter, message })
    }
    if (!isObject(raw)) {
      issue('INVALID_PARAMETER', 'operation', `Operation ${index} must be a JSON object`)
      return
    }
    for (const name of Object.keys(raw))
      if (name !== 'operation_type' && name !== 'params')
        issue('UNKNOWN_PARAMETER', name, `${name} is not a field of an operation`)
    const type = raw.operation_type
    if (type === undefined) issue('MISSING_PARAMETER', 'operation_type', 'operation_type is required')
    else if (type !== 'Update' && type !== 'Delete')
      issue(
        'INVALID_PARAMETER',
        'operation_type',
        `operation_type must be Update or Delete (got ${JSON.stringify(type).slice(0, 40)})`,
      )
    const params = raw.params
    if (params === undefined) {
      issue('MISSING_PARAMETER', 'params', 'params is required')
      return
    }
    if (!isObject(params)) {
      issue('INVALID_PARAMETER', 'params', 'params must be an object')
      return
    }
    for (const name of Object.keys(params))
      if (!allowedParams.includes(name))
        issue('UNKNOWN_PARAMETER', `params.${name}`, `${name} is not a parameter of this operation`)
    const users: string[][] = []
    if (params.users === undefined) issue('MISSING_PARAMETER', 'params.users', 'params.users is required')
    else if (!Array.isArray(params.users) || params.users.length === 0)
      issue('INVALID_PARAMETER', 'params.users', 'params.users must be a non-empty array of user objects')
    else params.users.forEach((user, position) => users.push(checkUser(user, position, rules, issue)))
    let effectiveAt = ctx.now
    if (rules.effectiveAt && params.effective_at !== undefined) {
      const parsed = parseTime(params.effective_at)
      if (parsed === undefined)
        issue(
          'INVALID_PARAMETER',
          'params.effective_at',
          'effective_at must be an ISO 8601 date-time in UTC, e.g. 2026-05-01T00:00:00Z',
        )
      else effectiveAt = parsed
    }
    let expiresAt = defaultExpiry
    let expiresAtText = defaultExpiryText
    if (params.expires_at !== undefined) {
      const parsed = parseTime(params.expires_at)
      if (parsed === undefined)
        issue(
          'INVALID_PARAMETER',
          'params.expires_at',
          'expires_at must be an ISO 8601 date-time in UTC, e.g. 2027-05-01T00:00:00Z',
        )
      else {
        expiresAt = parsed
        expiresAtText = String(params.expires_at)
      }
    }
    if (rules.expiresAfter === 'effective_at' && expiresAt <= effectiveAt)
      issue('INVALID_PARAMETER', 'params.expires_at', 'expires_at must be later than effective_at')
    if (rules.expiresAfter === 'now' && expiresAt <= ctx.now)
      issue('INVALID_PARAMETER', 'params.expires_at', 'expires_at must be later than now')
    checked.push({
      operationType: type === 'Delete' ? 'Delete' : 'Update',
      users,
      effectiveAt,
      expiresAt,
      expiresAtText,
    })
  })
  if (issues.length > 0)
    throw new ReplyError(json(400, { operation_errors: issues, request: { params: requestParams(ctx) } }))
  return checked
}

/** Under the undercount fault, the last user object of the request is dropped (processed by no one). */
function takeUndercount(rt: Runtime): boolean {
  const fault = rt.faults.undercountAudienceUploads
  if (fault === false || fault === 0) return false
  if (typeof fault === 'number') rt.faults.undercountAudienceUploads = fault - 1
  if (rt.faultCounts) rt.faultCounts.undercounts += 1
  return true
}

export interface AppliedUpload {
  records: number
  processed: number
  /** Records processed per operation, in request order. */
  perOperation: number[]
}

export function membersOf(record: AdsRecord): MemberTable {
  if (!record._members || typeof record._members !== 'object') record._members = {}
  return record._members as MemberTable
}

/**
 * Applies checked operations to a list's member table: Update adds or refreshes each identifier
 * with its effective and expiry times, Delete removes it. Logs the request (counts and body digest).
 */
export function applyOperations(
  ctx: RequestContext,
  rt: Runtime,
  record: AdsRecord,
  target: AudienceUpload['target'],
  operations: CheckedOperation[],
): AppliedUpload {
  const records = operations.reduce((sum, op) => sum + op.users.length, 0)
  const dropLast = records > 0 && takeUndercount(rt)
  const lastOperation = dropLast ? operations.findLastIndex((op) => op.users.length > 0) : -1
  const members = membersOf(record)
  const perOperation: number[] = []
  operations.forEach((op, index) => {
    const users = index === lastOperation ? op.users.slice(0, -1) : op.users
    const window: [number, number] = [Math.floor(op.effectiveAt / 1000), Math.floor(op.expiresAt / 1000)]
    for (const keys of users)
      for (const key of keys) {
        if (op.operationType === 'Update') members[key] = window
        else delete members[key]
      }
    perOperation.push(users.length)
  })
  const processed = records - (dropLast ? 1 : 0)
  touch(record, ctx.now)
  record._processing_until = ctx.now + rt.limits.audienceProcessingMs
  rt.state.audienceUploads.push({
    target,
    targetId: String(record.id),
    account: String(record._account),
    operationTypes: operations.map((op) => op.operationType),
    records,
    processed,
    bodySha256: createHash('sha256').update(ctx.body).digest('hex'),
    at: isoSeconds(ctx.now),
  })
  return { records, processed, perOperation }
}

/** Members whose effective time has come and whose expiry has not passed. */
export function activeMemberCount(record: AdsRecord, now: number): number {
  const seconds = now / 1000
  let count = 0
  for (const [effective, expires] of Object.values(membersOf(record)))
    if (effective <= seconds && seconds < expires) count += 1
  return count
}

/** targetable and reasons_not_targetable (spec values PROCESSING and TOO_SMALL). */
export function targetability(
  record: AdsRecord,
  activeMembers: number,
  now: number,
): { targetable: boolean; reasons_not_targetable: string[] } {
  const reasons: string[] = []
  if (typeof record._processing_until === 'number' && now < record._processing_until)
    reasons.push('PROCESSING')
  if (activeMembers < TARGETABLE_MIN_MEMBERS) reasons.push('TOO_SMALL')
  return { targetable: reasons.length === 0, reasons_not_targetable: reasons }
}

/** Test accessor view of a member table. */
export interface MemberSummary {
  /** Distinct identifiers stored (each identifier of a user object counts once). */
  count: number
  /** Distinct identifiers active now (effective and not expired). */
  active: number
  byType: Record<string, number>
  has(type: string, value: string): boolean
}

export function summarizeMembers(record: AdsRecord, now: number): MemberSummary {
  const members = membersOf(record)
  const byType: Record<string, number> = {}
  const keys = Object.keys(members)
  for (const key of keys) {
    const type = key.slice(0, key.indexOf(':'))
    byType[type] = (byType[type] ?? 0) + 1
  }
  return {
    count: keys.length,
    active: activeMemberCount(record, now),
    byType,
    has: (type, value) => Object.hasOwn(members, `${type}:${value}`),
  }
}
