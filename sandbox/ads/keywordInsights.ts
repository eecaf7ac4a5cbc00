import type { Route } from '../context'
import { seededRandom } from '../faults'
import { AdsInput, adsCaller, single } from './core'
import { locationByValue } from './locations'

/**
 * Keyword insights (spec part A): GET /12/insights/keywords/search.
 *
 * The sandbox makes the numbers up, deterministically: every keyword has an hourly volume that
 * depends only on the keyword, the country and the hour, so the same query always answers the
 * same and overlapping windows agree. A DAY datapoint is the sum of its 24 hours. Keywords are
 * OR-ed, so the series of several keywords is their sum less a small overlap; each negative
 * keyword takes a fixed share away. `post_volume` is one series for the whole query ("covering
 * input keywords only"), one datapoint per unit from start_time.
 *
 * Choices where the spec is silent:
 * - `location` is a country-level targeting value from the locations look-up (locations.ts);
 *   a region, city or other finer value is refused, since results cover a single country.
 *   Without it the series is for the US. An ISO country code is refused, with the look-up named;
 * - start_time must not be in the future, nor end_time more than five minutes ahead of now
 *   (clock skew); the window must be positive and at most 7 days.
 */

export const KEYWORDS_TOTAL_MAX = 10
export const RANGE_MAX_MS = 7 * 86_400_000
const HOUR_MS = 3_600_000
const UNIT_MS = { DAY: 86_400_000, HOUR: HOUR_MS } as const
const FUTURE_TOLERANCE_MS = 5 * 60_000
const RELATED_COUNT = 30

const PREFIXES = [
  'best',
  'cheap',
  'buy',
  'new',
  'top',
  'vintage',
  'organic',
  'custom',
  'luxury',
  'handmade',
  'eco',
  'smart',
  'mini',
  'classic',
  'premium',
]
const SUFFIXES = [
  'near me',
  'sale',
  'deals',
  'online',
  'reviews',
  'ideas',
  'shop',
  'price',
  'gift',
  'for kids',
  'for men',
  'for women',
  'delivery',
  'brands',
  'store',
  'outlet',
  'discount',
  'tips',
  'trends',
  'app',
  'coupon',
  'set',
  'kit',
  'accessories',
  'subscription',
  'alternatives',
  'guide',
  'bundle',
  'collection',
  'drop',
  'restock',
  'haul',
  'unboxing',
  'review video',
  'size guide',
]

/** FNV-1a: a stable 32-bit hash of text. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

const normalise = (keyword: string): string => keyword.trim().replace(/\s+/g, ' ').toLowerCase()

/** Posts per hour for one keyword: a base level, a day-night curve and seeded noise. */
function hourlyVolume(keyword: string, location: string, hourIndex: number): number {
  const base = 20 + (hash(`${keyword}|${location}`) % 1500)
  const hourOfDay = ((hourIndex % 24) + 24) % 24
  const daylight = 0.35 + 0.65 * ((Math.sin(((hourOfDay - 9) / 24) * 2 * Math.PI) + 1) / 2)
  const noise = 0.75 + 0.5 * seededRandom(hash(`${keyword}|${location}|${hourIndex}`))()
  return Math.round(base * daylight * noise)
}

function seriesFor(
  keywords: string[],
  negatives: string[],
  location: string,
  start: number,
  points: number,
  unit: number,
): number[] {
  const overlap = keywords.length > 1 ? 0.93 : 1
  const kept = negatives.reduce((share, negative) => share * (0.9 + 0.08 * seededRandom(hash(negative))()), 1)
  const firstHour = Math.floor(start / HOUR_MS)
  const hoursPerUnit = unit / HOUR_MS
  return Array.from({ length: points }, (_, point) => {
    let total = 0
    for (let h = 0; h < hoursPerUnit; h++) {
      const hour = firstHour + point * hoursPerUnit + h
      for (const keyword of keywords) total += hourlyVolume(keyword, location, hour)
    }
    return Math.round(total * overlap * kept)
  })
}

function relatedKeywords(keywords: string[], negatives: string[], location: string): string[] {
  const candidates = keywords.flatMap((keyword) => [
    ...PREFIXES.map((prefix) => `${prefix} ${keyword}`),
    ...SUFFIXES.map((suffix) => `${keyword} ${suffix}`),
  ])
  const random = seededRandom(hash(`${[...keywords].sort().join(',')}|${location}`))
  // Fisher–Yates with the seeded generator: a stable order for a given query.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[candidates[i], candidates[j]] = [candidates[j] as string, candidates[i] as string]
  }
  const inputs = new Set(keywords)
  const related: string[] = []
  for (const candidate of candidates) {
    if (related.length === RELATED_COUNT) break
    if (inputs.has(candidate) || related.includes(candidate)) continue
    if (negatives.some((negative) => candidate.includes(negative))) continue
    related.push(candidate)
  }
  return related
}

/** The country a `location` names: a country-level targeting value from the look-up. */
function readLocation(input: AdsInput): string | undefined {
  const value = input.string('location')
  if (value === undefined) return undefined
  const place = locationByValue(value)
  if (!place)
    return input.invalid(
      'location',
      `${value} is not a targeting value from the locations look-up (GET targeting_criteria/locations)`,
    )
  if (place.location_type !== 'COUNTRIES')
    return input.invalid(
      'location',
      `location must be country-level: ${place.name} is a ${place.location_type} location; use its country ${place.country_code}`,
    )
  return place.country_code
}

export const keywordInsightRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/insights/keywords/search',
    handler: (ctx, rt) => {
      adsCaller(ctx, rt)
      const input = new AdsInput(ctx, [
        'granularity',
        'keywords',
        'start_time',
        'end_time',
        'location',
        'negative_keywords',
      ])
      const granularity = input.oneOf('granularity', ['DAY', 'HOUR'], { required: true })
      const keywords = input.list('keywords', { required: true })?.map(normalise)
      const negatives = input.list('negative_keywords')?.map(normalise) ?? []
      const start = input.time('start_time', { required: true })
      const endGiven = input.time('end_time')
      const countryOf = readLocation(input)
      if (keywords && keywords.length + negatives.length > KEYWORDS_TOTAL_MAX) {
        input.invalid(
          'keywords',
          `keywords and negative_keywords hold at most ${KEYWORDS_TOTAL_MAX} together (got ${keywords.length + negatives.length})`,
        )
      }
      const both = keywords?.filter((keyword) => negatives.includes(keyword)) ?? []
      if (both.length > 0)
        input.invalid('negative_keywords', `${both.join(', ')} cannot be a keyword and a negative keyword`)
      const end = endGiven ?? ctx.now
      if (start !== undefined) {
        if (start > ctx.now) input.invalid('start_time', 'start_time must not be in the future')
        else if (end <= start) input.invalid('end_time', 'end_time must be after start_time')
        else if (end - start > RANGE_MAX_MS)
          input.invalid('end_time', 'end_time minus start_time must be at most 7 days')
      }
      if (endGiven !== undefined && endGiven > ctx.now + FUTURE_TOLERANCE_MS)
        input.invalid('end_time', 'end_time must not be in the future')
      input.finish()
      const unit = UNIT_MS[granularity as keyof typeof UNIT_MS]
      const from = start as number
      const points = Math.ceil((end - from) / unit)
      const country = countryOf ?? 'US'
      const words = keywords as string[]
      return single(ctx, {
        related_keywords: relatedKeywords(words, negatives, country),
        post_volume: seriesFor(words, negatives, country, from, points, unit),
      })
    },
  },
]
