// The issue type every validator returns, and the helpers that phrase issues for designers.

/**
 * Where an issue is, as an array of keys into the payload that was validated, e.g.
 * ['components', 1, 'destination', 'url'] or ['slides', 2, 0, 'media_key'].
 * An empty path means the payload as a whole. Use pathKey() for a dotted string.
 */
export type IssuePath = readonly (string | number)[]

export type IssueSeverity = 'error' | 'warning'

export type IssueCode =
  /** a required field is missing or blank */
  | 'required'
  /** text longer than its limit (limit = the maximum) */
  | 'too_long'
  /** a number outside its range */
  | 'out_of_range'
  /** fewer items than the minimum (limit = the minimum) */
  | 'too_few'
  /** more items than the maximum (limit = the maximum) */
  | 'too_many'
  /** two fields or components that cannot be used together */
  | 'exclusive'
  /** a field that is only allowed together with another one that is missing */
  | 'needs'
  /** a field or component that is not allowed here */
  | 'not_allowed'
  /** a value outside its enum */
  | 'invalid_value'
  /** a string that does not have the required form (URL, hashtag, id, country code) */
  | 'invalid_format'
  /** a field of the wrong JSON type */
  | 'invalid_type'
  /** a medium of a type this use does not take */
  | 'media_type'
  /** an image narrower than required (limit = the minimum width in pixels) */
  | 'too_small'
  /** an aspect ratio other than the required one */
  | 'aspect_ratio'
  /** a local file larger than the platform accepts (limit = bytes) */
  | 'file_too_large'
  /** a medium's content the platform does not take: codec, duration, frame rate, audio, pixels */
  | 'media_content'
  /** keyframes further apart than the app advises (limit = seconds) */
  | 'keyframe_interval'
  /** a file whose name says one format and whose bytes another */
  | 'extension_mismatch'
  /** the account lacks a feature this field needs */
  | 'needs_feature'
  /** a local file not uploaded yet: the payload holds a placeholder media key */
  | 'pending_upload'
  /** a card draft not published yet: the payload holds a placeholder card_uri */
  | 'pending_card'
  /** a rule could not be checked because some information is not known yet */
  | 'unchecked'
  /** a rule of a team rule pack the account imported (rules/teamPacks), not the platform's */
  | 'team_rule'

export interface Issue {
  readonly path: IssuePath
  readonly code: IssueCode
  /** Written for a designer: says what is wrong and, where it helps, by how much. */
  readonly message: string
  readonly limit?: number
  readonly severity: IssueSeverity
}

export function error(path: IssuePath, code: IssueCode, message: string, limit?: number): Issue {
  return limit === undefined
    ? { path, code, message, severity: 'error' }
    : { path, code, message, limit, severity: 'error' }
}

export function warning(path: IssuePath, code: IssueCode, message: string, limit?: number): Issue {
  return limit === undefined
    ? { path, code, message, severity: 'warning' }
    : { path, code, message, limit, severity: 'warning' }
}

/** 'components.1.destination.url' */
export function pathKey(path: IssuePath): string {
  return path.join('.')
}

/** Issues whose path starts with `prefix` (all issues of one component, one slide, one field). */
export function issuesUnder(issues: readonly Issue[], prefix: IssuePath): Issue[] {
  return issues.filter((issue) => prefix.every((key, index) => issue.path[index] === key))
}

/** Issues exactly at `path`, for the inline message next to a field. */
export function issuesAt(issues: readonly Issue[], path: IssuePath): Issue[] {
  return issues.filter(
    (issue) => issue.path.length === path.length && issuesUnder([issue], path).length === 1,
  )
}

export function errorCount(issues: readonly Issue[]): number {
  return issues.filter((issue) => issue.severity === 'error').length
}

/**
 * Characters as the limits count them: Unicode code points, so an emoji or a CJK character
 * counts once. (Post text is different: it uses the weighted length, see postLength.ts.)
 */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}

// Rule P7 (bench/PERFORMANCE.md): one formatter, made once; toLocaleString('en-US') builds a new
// one per call, on every key the counter renders. Same output by definition.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US')

export function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(value)
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`
}

/** Ordinal words for numbered choices and options: 1 → 'first'. */
export const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'] as const
