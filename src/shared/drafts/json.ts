export type JsonPrimitive = string | number | boolean | null
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue }

// Hand-written instead of a recursive zod schema: drafts are checked on every load and
// save, and a plain walk is an order of magnitude cheaper than z.lazy for 10,000 drafts.
// Depth is bounded so a hostile import cannot blow the stack.
const MAX_DEPTH = 64

export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  if (depth > MAX_DEPTH) return false
  if (value === null) return true
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value)
    case 'object': {
      if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1))
      const proto = Object.getPrototypeOf(value) as unknown
      if (proto !== Object.prototype && proto !== null) return false
      for (const key in value) {
        if (!isJsonValue((value as Record<string, unknown>)[key], depth + 1)) return false
      }
      return true
    }
    default:
      return false
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The one table of what a draft file may hold, applied alike when a draft is saved, loaded at
 * start, imported and restored from quarantine: what main acknowledges as saved, it loads again.
 * A draft is a few kilobytes (media are referenced, not embedded; a long-form post is 25,000
 * characters), but a designer may paste a long text while writing, and that must survive a
 * restart: the bounds are far above any real draft (texts of 320 kB are tested) and far below
 * what makes parsing or validating a file expensive (5 MB of tiny objects once took seconds and
 * gigabytes to import).
 */
export const DRAFT_LIMITS = {
  /** The file as written (indented JSON). */
  maxFileBytes: 4 * 1024 * 1024,
  /** Nesting of arrays and objects; the content model needs about 8. */
  maxDepth: MAX_DEPTH,
  /** Values (objects, arrays, strings, numbers, literals, keys included); the largest card has under 600. */
  maxEntries: 20_000,
  /** Characters of one string as written in the file (escapes count as written). */
  maxStringLength: 1_000_000,
} as const

/** Bounds of scanJsonText (DRAFT_LIMITS for drafts). */
export interface JsonLimits {
  maxDepth: number
  maxEntries: number
  maxStringLength: number
}

export type JsonScan = { ok: true } | { ok: false; reason: string }

/**
 * One pass over the text, without building anything: refuses JSON that is too deep, has too many
 * entries or too long a string before JSON.parse allocates it. Not a validator (JSON.parse still
 * decides whether it is JSON); it only bounds the work that follows, in time linear in the text.
 */
export function scanJsonText(text: string, limits: JsonLimits = DRAFT_LIMITS): JsonScan {
  let depth = 0
  let entries = 0
  let inScalar = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      inScalar = false
      const start = i
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === 0x5c /* \ */) i++
        else if (d === 0x22) break
      }
      if (i - start - 1 > limits.maxStringLength)
        return {
          ok: false,
          reason: `it holds a text of more than ${limits.maxStringLength.toLocaleString('en-US')} characters`,
        }
      if (++entries > limits.maxEntries)
        return {
          ok: false,
          reason: `it holds more than ${limits.maxEntries.toLocaleString('en-US')} entries`,
        }
      continue
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      inScalar = false
      if (++depth > limits.maxDepth)
        return { ok: false, reason: `it is nested more than ${limits.maxDepth} levels deep` }
      if (++entries > limits.maxEntries)
        return {
          ok: false,
          reason: `it holds more than ${limits.maxEntries.toLocaleString('en-US')} entries`,
        }
      continue
    }
    if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      inScalar = false
      depth = Math.max(0, depth - 1)
      continue
    }
    if (c === 0x2c /* , */ || c === 0x3a /* : */ || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      inScalar = false
      continue
    }
    if (!inScalar) {
      inScalar = true
      if (++entries > limits.maxEntries)
        return {
          ok: false,
          reason: `it holds more than ${limits.maxEntries.toLocaleString('en-US')} entries`,
        }
    }
  }
  return { ok: true }
}

/** A UTF-8 byte order mark some editors write; JSON.parse does not accept it. */
export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
