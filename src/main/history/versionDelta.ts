/**
 * A version's state, flattened to its top-level fields: `name` and each key of the content
 * (`content.title`, …). Versions are kept as the fields that changed from the version before;
 * a text field that changed in one place is kept as that splice, so typing costs a few bytes.
 */
export type FieldMap = Record<string, unknown>

export interface VersionState {
  name: string
  content: unknown
}

/** A changed field: its whole new value, or a splice of the old text. */
export type FieldChange = { v: unknown } | { p: number; s: number; t: string }

export interface Delta {
  /** Fields set (new or changed). */
  set?: Record<string, FieldChange>
  /** Fields gone. */
  del?: string[]
}

const CONTENT = 'content.'
/** Content that is not an object (never for today's kinds) is kept whole under this key. */
const WHOLE = 'content'

export function flatten(state: VersionState): FieldMap {
  const fields: FieldMap = { name: state.name }
  const content = state.content
  if (typeof content === 'object' && content !== null && !Array.isArray(content)) {
    for (const [key, value] of Object.entries(content)) fields[CONTENT + key] = value
  } else fields[WHOLE] = content
  return fields
}

export function unflatten(fields: FieldMap): VersionState {
  if (Object.hasOwn(fields, WHOLE)) return { name: String(fields.name ?? ''), content: fields[WHOLE] }
  const content: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields))
    if (key.startsWith(CONTENT)) content[key.slice(CONTENT.length)] = value
  return { name: String(fields.name ?? ''), content }
}

/** Field values compare as JSON: contents are plain JSON, and keys keep their order per kind. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

function change(before: unknown, after: unknown): FieldChange {
  if (typeof before !== 'string' || typeof after !== 'string') return { v: after }
  let prefix = 0
  const shortest = Math.min(before.length, after.length)
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++
  let suffix = 0
  while (
    suffix < shortest - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++
  const middle = after.slice(prefix, after.length - suffix)
  // A splice only pays when it is shorter than the text itself.
  return middle.length + 12 < after.length ? { p: prefix, s: suffix, t: middle } : { v: after }
}

/** What turns `before` into `after`; empty when nothing changed. */
export function diff(before: FieldMap, after: FieldMap): Delta {
  const delta: Delta = {}
  for (const [key, value] of Object.entries(after)) {
    if (Object.hasOwn(before, key) && sameValue(before[key], value)) continue
    ;(delta.set ??= {})[key] = Object.hasOwn(before, key) ? change(before[key], value) : { v: value }
  }
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) (delta.del ??= []).push(key)
  return delta
}

export function isEmptyDelta(delta: Delta): boolean {
  return !delta.set && !delta.del
}

/** A new map: `before` with `delta` applied. */
export function apply(before: FieldMap, delta: Delta): FieldMap {
  const after: FieldMap = { ...before }
  for (const key of delta.del ?? []) delete after[key]
  for (const [key, item] of Object.entries(delta.set ?? {})) {
    if ('v' in item) after[key] = item.v
    else {
      const old = typeof before[key] === 'string' ? before[key] : ''
      after[key] = old.slice(0, item.p) + item.t + old.slice(old.length - item.s)
    }
  }
  return after
}

/** The fields a delta touches, in the draft's order (name first). */
export function touchedFields(delta: Delta): string[] {
  return [...Object.keys(delta.set ?? {}), ...(delta.del ?? [])]
}
