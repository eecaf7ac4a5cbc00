/**
 * Two versions of a draft side by side, field by field, in words: each leaf of the content that
 * differs becomes one row (its place as words, the old value, the new value). Client ids (`id`)
 * are the editor's bookkeeping, not the designer's words, and are left out.
 */
import { humanised } from '../../shared/platformWords'
import { sameValue, type FieldMap } from './versionDelta'

export interface FieldChangeRow {
  field: string
  before: string
  after: string
}

const NONE = '(none)'
const EMPTY = '(empty)'

/** `thankYouText` or `thank_you_text` → "Thank you text". */
export function fieldWords(key: string): string {
  return humanised(key.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))
}

/** A top-level field's words: `name` is the draft's name, `content.x` the content's field. */
export function topFieldWords(field: string): string {
  if (field === 'name') return 'Draft name'
  return fieldWords(field.startsWith('content.') ? field.slice('content.'.length) : field)
}

function valueWords(value: unknown): string {
  if (value === undefined || value === null) return NONE
  if (typeof value === 'string') return value === '' ? EMPTY : value
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : `${value.length} items`
  return JSON.stringify(value)
}

function leaves(value: unknown, path: string[], into: Map<string, unknown>): void {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, index) => leaves(item, [...path, `${index + 1}`], into))
    return
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value).filter((key) => key !== 'id')
    if (keys.length === 0) into.set(path.join('\u0000'), value)
    for (const key of keys) leaves((value as Record<string, unknown>)[key], [...path, key], into)
    return
  }
  into.set(path.join('\u0000'), value)
}

function placeWords(key: string): string {
  const [top = '', ...rest] = key.split('\u0000')
  const words = [
    topFieldWords(top),
    ...rest.map((part) => (/^\d+$/.test(part) ? `#${part}` : fieldWords(part))),
  ]
  return words.join(' · ')
}

/** What changed from `before` to `after`, one row per changed leaf, in the fields' order. */
export function compareFields(before: FieldMap, after: FieldMap): FieldChangeRow[] {
  const old = new Map<string, unknown>()
  const next = new Map<string, unknown>()
  for (const [field, value] of Object.entries(before)) leaves(value, [field], old)
  for (const [field, value] of Object.entries(after)) leaves(value, [field], next)
  const keys = [...new Set([...next.keys(), ...old.keys()])]
  return keys.flatMap((key) =>
    sameValue(old.get(key), next.get(key))
      ? []
      : [{ field: placeWords(key), before: valueWords(old.get(key)), after: valueWords(next.get(key)) }],
  )
}
