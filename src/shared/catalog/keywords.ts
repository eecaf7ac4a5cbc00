// Keyword insights queries (spec part A, "Keyword insights"): the rules the form shows live and
// main checks again before asking the platform.

import { LIMITS } from '../rules/limits'
import { error, plural, type Issue } from '../rules/issues'

export type Granularity = (typeof LIMITS.keywordInsights.granularity.values)[number]

export interface KeywordQuery {
  keywords: string[]
  negativeKeywords: string[]
  /** ISO 8601 with a zone. */
  start: string
  end: string
  granularity: Granularity
  /**
   * "country-level targeting value from the locations look-up" (part A line 130), with the
   * place's name to show; without it the platform answers for its default country.
   */
  location?: KeywordLocation
}

export interface KeywordLocation {
  targetingValue: string
  name: string
}

/** A look-up's targeting value: letters, digits, '_' and '-' (the platform's are hex). */
const TARGETING_VALUE = /^[A-Za-z0-9_-]{1,64}$/

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS
export const UNIT_MS: Record<Granularity, number> = { DAY: DAY_MS, HOUR: HOUR_MS }
export const MAX_RANGE_MS = LIMITS.keywordInsights.rangeDays.value * DAY_MS

export function normaliseKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ')
}

/** How many keywords the query holds toward the limit of 10 (keywords and negative keywords together). */
export function keywordCount(query: Pick<KeywordQuery, 'keywords' | 'negativeKeywords'>): number {
  return query.keywords.length + query.negativeKeywords.length
}

/** Datapoints the platform answers with: one per unit from start, the last one partial. */
export function pointCount(query: Pick<KeywordQuery, 'start' | 'end' | 'granularity'>): number {
  const span = Date.parse(query.end) - Date.parse(query.start)
  return span > 0 ? Math.ceil(span / UNIT_MS[query.granularity]) : 0
}

export function validateKeywordQuery(query: KeywordQuery, now: number): Issue[] {
  const issues: Issue[] = []
  const max = LIMITS.keywordInsights.keywordsTotal.value
  if (query.keywords.length === 0) issues.push(error(['keywords'], 'required', 'Add at least one keyword'))
  const all = [...query.keywords, ...query.negativeKeywords]
  if (all.some((keyword) => normaliseKeyword(keyword) === '' || keyword.includes(',')))
    issues.push(error(['keywords'], 'invalid_format', 'Keywords cannot be empty or contain commas'))
  const count = keywordCount(query)
  if (count > max)
    issues.push(
      error(
        ['keywords'],
        'too_many',
        `${plural(count, 'keyword')} in all: the limit is ${max}, negative keywords included`,
        max,
      ),
    )
  const lower = new Set(query.keywords.map((keyword) => normaliseKeyword(keyword).toLowerCase()))
  const clash = query.negativeKeywords.filter((keyword) => lower.has(normaliseKeyword(keyword).toLowerCase()))
  if (clash.length > 0)
    issues.push(
      error(
        ['negativeKeywords'],
        'exclusive',
        `“${clash[0]}” cannot be a keyword and a negative keyword at once`,
      ),
    )
  const start = Date.parse(query.start)
  const end = Date.parse(query.end)
  if (!Number.isFinite(start)) issues.push(error(['start'], 'invalid_format', 'Choose when the range starts'))
  if (!Number.isFinite(end)) issues.push(error(['end'], 'invalid_format', 'Choose when the range ends'))
  if (Number.isFinite(start) && Number.isFinite(end)) {
    if (start > now) issues.push(error(['start'], 'out_of_range', 'The range cannot start in the future'))
    else if (end <= start) issues.push(error(['end'], 'out_of_range', 'The range must end after it starts'))
    else if (end - start > MAX_RANGE_MS)
      issues.push(
        error(
          ['end'],
          'out_of_range',
          `The range is at most ${LIMITS.keywordInsights.rangeDays.value} days`,
          LIMITS.keywordInsights.rangeDays.value,
        ),
      )
  }
  if (!(LIMITS.keywordInsights.granularity.values as readonly string[]).includes(query.granularity))
    issues.push(error(['granularity'], 'invalid_value', 'Choose days or hours'))
  if (query.location !== undefined && !TARGETING_VALUE.test(query.location.targetingValue))
    issues.push(error(['location'], 'invalid_value', 'Choose a country from the look-up'))
  return issues
}
