import { authenticateUser, rateLimitExceeded } from '../auth'
import type { EndpointRateLimit, UserContext } from '../auth'
import type { RequestContext, Runtime } from '../context'
import { ReplyError, json } from '../http'
import type { Reply } from '../http'
import { rateLimitHeaders } from '../rateLimits'
import type { AdsRecord } from '../state'

export interface AdsIssue {
  code: string
  message: string
  parameter?: string
}

/** Everything the client sent, echoed in `request.params` (path parameters included). */
export function requestParams(ctx: RequestContext): Record<string, unknown> {
  const params: Record<string, unknown> = { ...ctx.params }
  for (const [name, value] of [...ctx.query, ...ctx.form])
    if (!name.startsWith('oauth_')) params[name] = value
  if (ctx.json && typeof ctx.json === 'object' && !Array.isArray(ctx.json)) Object.assign(params, ctx.json)
  return params
}

export function adsFailure(ctx: RequestContext, status: number, errors: AdsIssue[]): ReplyError {
  return new ReplyError(json(status, { errors, request: { params: requestParams(ctx) } }))
}

export function notFound(ctx: RequestContext, what: string): ReplyError {
  return adsFailure(ctx, 404, [{ code: 'NOT_FOUND', message: `${what} was not found` }])
}

export function single(ctx: RequestContext, data: unknown, extra: Record<string, unknown> = {}): Reply {
  return json(200, { request: { params: requestParams(ctx) }, data, ...extra })
}

type Raw = string | unknown

/**
 * Reads and checks request parameters, collecting every problem so the client can mark all
 * offending fields at once; `finish()` throws one 400 naming each parameter.
 */
export class AdsInput {
  readonly issues: AdsIssue[] = []
  private readonly values = new Map<string, Raw>()

  constructor(
    private readonly ctx: RequestContext,
    allowed: readonly string[],
    source: 'params' | 'json' = 'params',
  ) {
    if (source === 'json') {
      if (!ctx.json || typeof ctx.json !== 'object' || Array.isArray(ctx.json)) {
        this.issues.push({ code: 'INVALID_PARAMETER', message: 'The JSON body must be an object' })
      } else for (const [name, value] of Object.entries(ctx.json)) this.values.set(name, value)
      for (const [name, value] of ctx.query) if (!name.startsWith('oauth_')) this.values.set(name, value)
    } else {
      for (const [name, value] of [...ctx.query, ...ctx.form])
        if (!name.startsWith('oauth_')) this.values.set(name, value)
    }
    for (const name of this.values.keys()) {
      if (!allowed.includes(name))
        this.issue('UNKNOWN_PARAMETER', name, `${name} is not a parameter of this endpoint`)
    }
  }

  has(name: string): boolean {
    return this.values.has(name)
  }

  raw(name: string): Raw | undefined {
    return this.values.get(name)
  }

  issue(code: string, parameter: string, message: string): undefined {
    this.issues.push({ code, message, parameter })
    return undefined
  }

  invalid(parameter: string, message: string): undefined {
    return this.issue('INVALID_PARAMETER', parameter, message)
  }

  missing(parameter: string): undefined {
    return this.issue('MISSING_PARAMETER', parameter, `${parameter} is required`)
  }

  string(
    name: string,
    rules: { required?: boolean; max?: number; min?: number; nonEmpty?: boolean } = {},
  ): string | undefined {
    const value = this.values.get(name)
    if (value === undefined || value === null) return rules.required ? this.missing(name) : undefined
    if (typeof value !== 'string') return this.invalid(name, `${name} must be a string`)
    if (rules.required && value.trim() === '') return this.missing(name)
    const length = [...value].length
    if (rules.max !== undefined && length > rules.max) {
      return this.invalid(name, `${name} must be at most ${rules.max} characters (got ${length})`)
    }
    if (rules.min !== undefined && length < rules.min) {
      return this.invalid(name, `${name} must be at least ${rules.min} characters (got ${length})`)
    }
    return value
  }

  int(
    name: string,
    rules: { required?: boolean; min?: number; max?: number; fallback?: number } = {},
  ): number | undefined {
    const value = this.values.get(name)
    if (value === undefined || value === '') return rules.required ? this.missing(name) : rules.fallback
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text))
      return this.invalid(name, `${name} must be an integer`)
    const number = Number(text)
    if ((rules.min !== undefined && number < rules.min) || (rules.max !== undefined && number > rules.max)) {
      return this.invalid(
        name,
        `${name} must be between ${rules.min ?? '-∞'} and ${rules.max ?? '∞'} (got ${number})`,
      )
    }
    return number
  }

  /** 64-bit integers stay strings so no digit is lost. */
  long(name: string, rules: { required?: boolean; positive?: boolean } = {}): string | undefined {
    const value = this.values.get(name)
    if (value === undefined || value === '') return rules.required ? this.missing(name) : undefined
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string' || !/^-?\d{1,19}$/.test(text))
      return this.invalid(name, `${name} must be a whole number`)
    if (rules.positive && BigInt(text) <= 0n) return this.invalid(name, `${name} must be greater than zero`)
    return text
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.values.get(name)
    if (value === undefined) return fallback
    if (value === true || value === 'true') return true
    if (value === false || value === 'false') return false
    this.invalid(name, `${name} must be true or false`)
    return fallback
  }

  oneOf<T extends string>(
    name: string,
    options: readonly T[],
    rules: { required?: boolean } = {},
  ): T | undefined {
    const value = this.string(name, rules)
    if (value === undefined) return undefined
    if (!(options as readonly string[]).includes(value)) {
      return this.invalid(name, `${name} must be one of ${options.join(', ')} (got ${value})`)
    }
    return value as T
  }

  list(
    name: string,
    rules: { max?: number; options?: readonly string[]; required?: boolean } = {},
  ): string[] | undefined {
    const value = this.string(name, { required: rules.required ?? false })
    if (value === undefined) return undefined
    const items = value.split(',').map((item) => item.trim())
    if (items.some((item) => item === ''))
      return this.invalid(name, `${name} must be a comma-separated list without empty entries`)
    if (rules.max !== undefined && items.length > rules.max) {
      return this.invalid(name, `${name} accepts at most ${rules.max} entries (got ${items.length})`)
    }
    const unknown = rules.options ? items.filter((item) => !rules.options?.includes(item)) : []
    if (unknown.length > 0)
      return this.invalid(name, `${name} contains unknown values: ${unknown.join(', ')}`)
    return items
  }

  /** ISO 8601 date-time with an explicit zone (Z or ±hh:mm); returns epoch milliseconds. */
  time(name: string, rules: { required?: boolean; wholeHour?: boolean } = {}): number | undefined {
    const value = this.string(name, rules)
    if (value === undefined) return undefined
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/
    const ms = iso.test(value) ? Date.parse(value) : NaN
    if (Number.isNaN(ms)) return this.invalid(name, `${name} must be an ISO 8601 date-time with a time zone`)
    if (rules.wholeHour && ms % 3_600_000 !== 0) return this.invalid(name, `${name} must be a whole hour`)
    return ms
  }

  finish(): void {
    if (this.issues.length > 0) throw adsFailure(this.ctx, 400, this.issues)
  }
}

export interface AdsCaller extends UserContext {
  sandboxHost: boolean
  account?: AdsRecord
}

/**
 * Authenticates an ads call and resolves `:account_id`: the account must exist and be associated
 * with the authenticated user (part A, conventions).
 */
export function adsCaller(
  ctx: RequestContext,
  rt: Runtime,
  options: { allowDeletedAccount?: boolean; rateLimit?: EndpointRateLimit } = {},
): AdsCaller {
  const write = ctx.method !== 'GET'
  const user = authenticateUser(ctx, rt, {
    write,
    style: 'ads',
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  })
  const caller: AdsCaller = { ...user, sandboxHost: ctx.path.startsWith('/ads-sandbox/') }
  const accountId = ctx.params.account_id
  if (accountId !== undefined) {
    const account = rt.state.accounts.find((a) => a.id === accountId)
    if (!account || (account.deleted && !options.allowDeletedAccount))
      throw notFound(ctx, `Account ${accountId}`)
    if (account._owner !== user.user.id) {
      throw adsFailure(ctx, 403, [
        {
          code: 'UNAUTHORIZED_ACCESS',
          message: `Account ${accountId} is not associated with @${user.user.screenName}`,
          parameter: 'account_id',
        },
      ])
    }
    caller.account = account
  }
  return caller
}

export function requireSandboxHost(ctx: RequestContext, caller: AdsCaller): void {
  if (!caller.sandboxHost) {
    throw adsFailure(ctx, 404, [
      { code: 'ROUTE_NOT_FOUND', message: 'This operation exists only on the ads sandbox host' },
    ])
  }
}

export function accountIdOf(caller: AdsCaller): string {
  const id = caller.account?.id
  if (typeof id !== 'string') throw new Error('route has no :account_id')
  return id
}

export interface ListSpec {
  countDefault: number
  countMax: number
  withTotalCount?: boolean
  withDeleted?: boolean
  sortable?: readonly string[]
  /** Key that identifies a record uniquely; cursors resume after it. */
  idKey?: string
}

export function listParameterNames(spec: ListSpec): string[] {
  return [
    'count',
    'cursor',
    ...(spec.sortable ? ['sort_by'] : []),
    ...(spec.withDeleted !== false ? ['with_deleted'] : []),
    ...(spec.withTotalCount ? ['with_total_count'] : []),
  ]
}

interface CursorState {
  sort: string
  value: unknown
  id: string
}

export interface ListRequest {
  count: number
  sortField: string
  descending: boolean
  after?: CursorState
  withDeleted: boolean
  withTotalCount: boolean
}

export function readList(input: AdsInput, spec: ListSpec): ListRequest {
  const count =
    input.int('count', { min: 1, max: spec.countMax, fallback: spec.countDefault }) ?? spec.countDefault
  const withDeleted = spec.withDeleted !== false ? input.bool('with_deleted', false) : false
  const withTotalCount = spec.withTotalCount ? input.bool('with_total_count', false) : false
  let sortField = 'created_at'
  let descending = false
  const sortBy = spec.sortable ? input.string('sort_by') : undefined
  if (sortBy !== undefined) {
    const match = /^([a-z_]+)-(asc|desc)$/.exec(sortBy)
    if (!match || !spec.sortable?.includes(match[1] ?? '')) {
      input.invalid(
        'sort_by',
        `sort_by must be <field>-asc or <field>-desc with field one of ${spec.sortable?.join(', ')}`,
      )
    } else {
      sortField = match[1] ?? sortField
      descending = match[2] === 'desc'
    }
  }
  const sortSpec = `${sortField}-${descending ? 'desc' : 'asc'}`
  const rawCursor = input.string('cursor')
  let after: CursorState | undefined
  if (rawCursor !== undefined) {
    if (withTotalCount) {
      input.issue(
        'EXCLUSIVE_PARAMETERS',
        'with_total_count',
        'with_total_count cannot be combined with cursor',
      )
    }
    try {
      const decoded = JSON.parse(Buffer.from(rawCursor, 'base64url').toString('utf8')) as CursorState
      if (typeof decoded.id !== 'string' || typeof decoded.sort !== 'string') throw new Error('shape')
      if (decoded.sort !== sortSpec) input.invalid('cursor', 'cursor was issued for a different sort_by')
      else after = decoded
    } catch {
      input.invalid('cursor', 'cursor is not a cursor this server issued')
    }
  }
  return { count, sortField, descending, withDeleted, withTotalCount, ...(after ? { after } : {}) }
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * One page of records in a stable order (sort field, then id), with a keyset cursor so records
 * created or deleted between pages never shift later pages.
 */
export function listReply(
  ctx: RequestContext,
  rt: Runtime,
  caller: AdsCaller,
  records: readonly AdsRecord[],
  list: ListRequest,
  idKey = 'id',
  /** How a stored record is shown; defaults to the record itself (internal `_` fields are dropped on output). */
  present: (record: AdsRecord) => unknown = (record) => record,
): Reply {
  if (list.withTotalCount) {
    const status = rt.counters.take(
      `with_total_count\n${caller.token.token}`,
      rt.limits.totalCountPerWindow,
      rt.limits.windowMs,
      ctx.now,
    )
    Object.assign(ctx.responseHeaders, rateLimitHeaders(status))
    if (!status.allowed) throw rateLimitExceeded('ads')
  }
  const visible = records.filter((r) => list.withDeleted || !r.deleted)
  const idOf = (r: AdsRecord): string => String(r[idKey])
  const direction = list.descending ? -1 : 1
  const compare = (a: AdsRecord, b: AdsRecord): number =>
    direction * (compareValues(a[list.sortField], b[list.sortField]) || compareValues(idOf(a), idOf(b)))
  const sorted = [...visible].sort(compare)
  const after = list.after
  const start = after
    ? sorted.findIndex(
        (r) =>
          direction * (compareValues(r[list.sortField], after.value) || compareValues(idOf(r), after.id)) > 0,
      )
    : 0
  const remaining = start === -1 ? [] : sorted.slice(start)
  const page = remaining.slice(0, list.count)
  const last = page.at(-1)
  const nextCursor =
    remaining.length > list.count && last
      ? Buffer.from(
          JSON.stringify({
            sort: `${list.sortField}-${list.descending ? 'desc' : 'asc'}`,
            value: last[list.sortField] ?? null,
            id: idOf(last),
          }),
        ).toString('base64url')
      : null
  return json(200, {
    request: { params: requestParams(ctx) },
    data: page.map(present),
    next_cursor: nextCursor,
    ...(list.withTotalCount ? { total_count: visible.length } : {}),
  })
}
