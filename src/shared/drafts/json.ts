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
