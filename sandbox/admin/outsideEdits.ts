import type { Runtime } from '../context'
import type { AdsRecord } from '../state'
import { touch } from '../state'
import { KINDS, OUTSIDE_KINDS, ruleProblem } from './outsideKinds'
import type { KindSpec, OutsideKind } from './outsideKinds'

/**
 * The rest of the world: someone else edits or deletes objects behind the app's back, on request
 * (POST /__admin/outside-edits) or on a schedule (--outside-edits). Each change moves the
 * object's updated_at on, by the platform's clock (touch), as any change does.
 */

export const OUTSIDE_ACTIONS = ['edit', 'delete'] as const
export type OutsideAction = (typeof OUTSIDE_ACTIONS)[number]

export interface OutsideChangeRequest {
  kind: OutsideKind
  action: OutsideAction
  /** The object's id (media_key for media library objects); absent: one picked at random. */
  id?: string
  /** Narrows the pick to objects of this ad account (kinds that belong to one). */
  accountId?: string
  /** New values by field; absent: the world picks new values for one field or more. */
  fields?: Record<string, unknown>
}

export interface OutsideChange {
  seq: number
  /** When it happened, ISO 8601 with milliseconds. */
  at: string
  source: 'request' | 'schedule'
  kind: OutsideKind
  id: string
  action: OutsideAction
  /** For edits: each changed field with its value before and after. */
  changes: Record<string, { from: unknown; to: unknown }>
  /** The object's updated_at after the change; null for objects that went for good. */
  updated_at: string | null
}

/** A refused outside change, with the HTTP status the admin route answers it with. */
export class OutsideChangeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function editableFields(spec: KindSpec, record: AdsRecord): string[] {
  return Object.entries(spec.fields)
    .filter(([, field]) => field.applies?.(record) ?? true)
    .map(([name]) => name)
}

function candidates(rt: Runtime, spec: KindSpec, request: OutsideChangeRequest): AdsRecord[] {
  const idKey = spec.idKey ?? 'id'
  return rt.state[spec.collection].filter(
    (record) =>
      !record.deleted &&
      (request.id === undefined || String(record[idKey]) === request.id) &&
      (request.accountId === undefined ||
        (request.kind === 'accounts' ? record.id : record._account) === request.accountId) &&
      (request.action === 'delete' || editableFields(spec, record).length > 0),
  )
}

/** Applies one outside change and returns what happened (without seq and source). */
export function applyOutsideChange(
  rt: Runtime,
  request: OutsideChangeRequest,
  random: () => number,
  counter: number,
  now: number,
): Omit<OutsideChange, 'seq' | 'source'> {
  const spec = KINDS[request.kind]
  if (request.action === 'edit' && spec.notEditable) throw new OutsideChangeError(400, spec.notEditable)
  if (request.action === 'delete' && spec.notDeletable) throw new OutsideChangeError(400, spec.notDeletable)
  const pool = candidates(rt, spec, request)
  const record = pool[Math.floor(random() * pool.length)]
  if (!record) {
    const what = request.id === undefined ? `no ${request.kind}` : `no ${request.kind} object ${request.id}`
    throw new OutsideChangeError(404, `There is ${what} that can be ${request.action}ed`)
  }
  const id = String(record[spec.idKey ?? 'id'])
  const base = { at: new Date(now).toISOString(), kind: request.kind, id, action: request.action }
  if (request.action === 'delete') {
    if (spec.remove) {
      spec.remove(rt, record, now)
      spec.after?.(rt, record, 'delete', null, now)
      return { ...base, changes: {}, updated_at: null }
    }
    record.deleted = true
    touch(record, now)
    spec.after?.(rt, record, 'delete', null, now)
    return { ...base, changes: {}, updated_at: record.updated_at }
  }
  const allowed = editableFields(spec, record)
  let values: Record<string, unknown>
  if (request.fields) {
    const problems: string[] = []
    for (const [name, value] of Object.entries(request.fields)) {
      const field = allowed.includes(name) ? spec.fields[name] : undefined
      if (!field)
        problems.push(
          `${name} is not a field the world can change on this ${request.kind} object (${allowed.join(', ')})`,
        )
      else {
        const problem = ruleProblem(field.rule, value, rt, record)
        if (problem) problems.push(`${name} ${problem}`)
      }
    }
    if (problems.length > 0 || Object.keys(request.fields).length === 0)
      throw new OutsideChangeError(400, problems.join('; ') || 'fields names no field to change')
    values = request.fields
  } else {
    const name = allowed[Math.floor(random() * allowed.length)] as string
    values = { [name]: spec.fields[name]?.next(record, counter, rt) }
  }
  const changes: OutsideChange['changes'] = {}
  for (const [name, value] of Object.entries(values)) {
    if (record[name] === value) continue
    changes[name] = { from: record[name] ?? null, to: value }
    record[name] = value
  }
  touch(record, now)
  spec.after?.(
    rt,
    record,
    'edit',
    Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to])),
    now,
  )
  return { ...base, changes, updated_at: record.updated_at }
}

export interface OutsideSchedule {
  everyMs: number
  kinds: OutsideKind[]
  actions: OutsideAction[]
}

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m)$/

export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim())
  if (!match) return undefined
  const factor = { ms: 1, s: 1000, m: 60_000 }[match[2] as 'ms' | 's' | 'm']
  return Math.round(Number(match[1]) * factor)
}

/**
 * `every=5s,kinds=cards,posts,actions=edit,delete`: a bare word continues the list of the key
 * before it. kinds=all names every kind; actions default to edit.
 */
export function parseSchedule(text: string): OutsideSchedule {
  const lists = new Map<string, string[]>()
  let key: string | undefined
  for (const token of text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const eq = token.indexOf('=')
    if (eq !== -1) {
      key = token.slice(0, eq)
      lists.set(key, [token.slice(eq + 1)])
    } else if (key) lists.get(key)?.push(token)
    else throw new Error(`--outside-edits: "${token}" needs a key, e.g. kinds=${token}`)
  }
  for (const name of lists.keys())
    if (!['every', 'kinds', 'actions'].includes(name))
      throw new Error(`--outside-edits: unknown key ${name}; use every, kinds and actions`)
  return checkSchedule({
    every: lists.get('every')?.join(','),
    kinds: lists.get('kinds'),
    actions: lists.get('actions'),
  })
}

/** Checks a schedule given as loose values (CLI text or an admin request's JSON). */
export function checkSchedule(input: {
  every?: unknown
  kinds?: unknown
  actions?: unknown
}): OutsideSchedule {
  const everyMs =
    typeof input.every === 'number'
      ? input.every
      : typeof input.every === 'string'
        ? parseDuration(input.every)
        : undefined
  if (everyMs === undefined || !(everyMs >= 10))
    throw new Error('every must be a duration of at least 10ms, such as 500ms, 5s or 2m')
  const kindList = Array.isArray(input.kinds) ? input.kinds.map(String) : []
  const kinds = kindList.includes('all') ? [...OUTSIDE_KINDS] : kindList
  const unknown = kinds.filter((k) => !(OUTSIDE_KINDS as readonly string[]).includes(k))
  if (kinds.length === 0 || unknown.length > 0)
    throw new Error(
      `kinds must name one or more of ${OUTSIDE_KINDS.join(', ')} (or all)${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}`,
    )
  const actions = Array.isArray(input.actions) ? input.actions.map(String) : ['edit']
  if (actions.length === 0 || actions.some((a) => !(OUTSIDE_ACTIONS as readonly string[]).includes(a)))
    throw new Error('actions must be edit, delete or both')
  return { everyMs, kinds: kinds as OutsideKind[], actions: actions as OutsideAction[] }
}
