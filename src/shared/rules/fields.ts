// Small readers for untrusted payloads (an imported draft can hold anything): each one
// reports a wrong JSON type as an issue and hands back the value only when it is usable.

import type { MediaInfo, ValidationContext } from './context'
import type { EnumLimit, LengthLimit } from './limits'
import type { Issue, IssuePath } from './issues'
import { characterCount, error, formatNumber, plural, warning } from './issues'
import { checkMediaFile } from './mediaContent'
import { isLocalMediaPlaceholder } from './placeholders'

export type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isPresent(object: JsonObject, key: string): boolean {
  return object[key] !== undefined && object[key] !== null
}

/**
 * Reads the string at `key`, reporting on `path` what is wrong with it under the name `label`;
 * gives the string only when it is usable.
 */
export type StringReader = (
  issues: Issue[],
  object: JsonObject,
  key: string,
  path: IssuePath,
  label: string,
) => string | undefined

/** A string field; undefined when absent. A non-string is reported. */
export const readString: StringReader = (issues, object, key, path, label) => {
  const value = object[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  issues.push(error(path, 'invalid_type', `${label} must be text`))
  return undefined
}

/** A string field that must be present and not blank. */
export const requireString: StringReader = (issues, object, key, path, label) => {
  const value = readString(issues, object, key, path, label)
  if (value !== undefined && value.trim() !== '') return value
  if (value !== undefined || !isPresent(object, key))
    issues.push(error(path, 'required', `${label} is required`))
  return undefined
}

/** An optional string field that, when present, must not be blank. */
export const optionalString: StringReader = (issues, object, key, path, label) => {
  const value = readString(issues, object, key, path, label)
  if (value === undefined) return undefined
  if (value.trim() === '') {
    issues.push(error(path, 'required', `${label} is empty; fill it in or remove it`))
    return undefined
  }
  return value
}

export function tooLongMessage(label: string, length: number, max: number): string {
  return `${label} is ${plural(length - max, 'character')} over the ${formatNumber(max)}-character limit`
}

export function checkLength(
  issues: Issue[],
  value: string | undefined,
  path: IssuePath,
  label: string,
  limit: LengthLimit,
  countedLength: (text: string) => number = characterCount,
): void {
  if (value === undefined) return
  const length = countedLength(value)
  if (length > limit.max)
    issues.push(error(path, 'too_long', tooLongMessage(label, length, limit.max), limit.max))
}

export function checkEnum<T extends string>(
  issues: Issue[],
  value: string | undefined,
  path: IssuePath,
  label: string,
  limit: EnumLimit<T>,
): value is T {
  if (value === undefined) return false
  if ((limit.values as readonly string[]).includes(value)) return true
  issues.push(
    error(path, 'invalid_value', `${label} must be one of ${limit.values.join(', ')}; '${value}' is not`),
  )
  return false
}

export function readBoolean(
  issues: Issue[],
  object: JsonObject,
  key: string,
  path: IssuePath,
  label: string,
) {
  const value = object[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'boolean') return value
  issues.push(error(path, 'invalid_type', `${label} must be true or false`))
  return undefined
}

/**
 * A media key as a payload carries it: placeholders are reported as pending uploads, and
 * the medium's facts are returned (when the context knows them) for use-specific checks.
 */
export function inspectMediaKey(
  issues: Issue[],
  mediaKey: string,
  path: IssuePath,
  label: string,
  context: ValidationContext,
): MediaInfo | undefined {
  if (isLocalMediaPlaceholder(mediaKey)) {
    issues.push(
      warning(path, 'pending_upload', `${label} is a local file; it will be uploaded when you publish`),
    )
  }
  const info = context.media?.[mediaKey]
  if (info) issues.push(...checkMediaFile(path, info))
  return info
}

const WEB_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i

export function checkWebUrl(
  issues: Issue[],
  value: string | undefined,
  path: IssuePath,
  label: string,
): void {
  if (value === undefined || WEB_URL.test(value)) return
  issues.push(
    error(path, 'invalid_format', `${label} must be a web address starting with https:// or http://`),
  )
}
