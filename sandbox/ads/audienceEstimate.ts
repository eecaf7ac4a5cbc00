import type { RequestContext, Route } from '../context'
import { activeMemberCount } from './audienceUploads'
import { AdsInput, accountIdOf, adsCaller, adsFailure, single } from './core'
import type { AdsIssue } from './core'
import { audienceAccess } from './customAudiences'
import { LOCATIONS, locationByValue } from './locations'

/**
 * POST /accounts/:account_id/audience_estimate (part B line 164): "body is an array of JSON
 * objects"; the rest is not shown. As on the real platform, each object is a targeting criterion
 * {targeting_type, targeting_value, operator_type?} and the answer is
 * `data.audience_size: {min, max}`. Choices where the spec is silent:
 * - targeting types are the platform's public ones; LOCATION values must come from the locations
 *   look-up and CUSTOM_AUDIENCE values must be audiences the account owns or has shared with it;
 *   other values are taken as given;
 * - operator_type is EQ (default) or NE; criteria of one type are OR-ed, types are AND-ed;
 * - the estimate is deterministic: the platform's reach times the share of the locations (all of
 *   them when none is given), narrowed by each other targeting type by a share derived from its
 *   values; custom audiences start from their active members instead. The range is ±15%.
 */

export const TARGETING_TYPES = [
  'AGE',
  'APP_STORE_CATEGORY',
  'BEHAVIOR',
  'BROAD_KEYWORD',
  'CONVERSATION',
  'CUSTOM_AUDIENCE',
  'CUSTOM_AUDIENCE_EXPANDED',
  'DEVICE',
  'EVENT',
  'EXACT_KEYWORD',
  'FOLLOWER_LOOKALIKES',
  'GENDER',
  'INTEREST',
  'LANGUAGE',
  'LOCATION',
  'NEGATIVE_EXACT_KEYWORD',
  'NEGATIVE_PHRASE_KEYWORD',
  'NEGATIVE_UNORDERED_KEYWORD',
  'NETWORK_OPERATOR',
  'PHRASE_KEYWORD',
  'PLATFORM',
  'PLATFORM_VERSION',
  'SIMILAR_TO_FOLLOWERS_OF_USER',
  'TV_SHOW',
  'UNORDERED_KEYWORD',
  'WIFI_ONLY',
] as const

const PLATFORM_REACH = 400_000_000
const CRITERION_FIELDS = ['targeting_type', 'targeting_value', 'operator_type']

interface Criterion {
  /** Position in the request body. */
  index: number
  type: string
  value: string
  negated: boolean
}

/** FNV-1a, so a value always narrows the audience by the same share. */
function share(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return 0.05 + (h % 1000) / 2000
}

function readCriteria(ctx: RequestContext): { criteria: Criterion[]; issues: AdsIssue[] } {
  const issues: AdsIssue[] = []
  const criteria: Criterion[] = []
  const body = ctx.json
  if (ctx.contentType !== 'application/json' || !Array.isArray(body) || body.length === 0) {
    issues.push({
      code: 'INVALID_PARAMETER',
      message: 'The body must be a non-empty JSON array of targeting criteria, sent as application/json',
    })
    return { criteria, issues }
  }
  body.forEach((item: unknown, index) => {
    const at = `[${index}]`
    const problem = (code: string, parameter: string, message: string): void => {
      issues.push({ code, parameter: `${at}.${parameter}`, message: `Item ${index}: ${message}` })
    }
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      issues.push({ code: 'INVALID_PARAMETER', parameter: at, message: `Item ${index} is not a JSON object` })
      return
    }
    const fields = item as Record<string, unknown>
    for (const name of Object.keys(fields))
      if (!CRITERION_FIELDS.includes(name))
        problem('UNKNOWN_PARAMETER', name, `${name} is not a field of a targeting criterion`)
    const { targeting_type: type, targeting_value: value, operator_type: operator } = fields
    if (type === undefined) problem('MISSING_PARAMETER', 'targeting_type', 'targeting_type is required')
    else if (typeof type !== 'string' || !(TARGETING_TYPES as readonly string[]).includes(type))
      problem(
        'INVALID_PARAMETER',
        'targeting_type',
        `targeting_type must be one of ${TARGETING_TYPES.join(', ')}`,
      )
    if (typeof value !== 'string' || value.trim() === '')
      problem('MISSING_PARAMETER', 'targeting_value', 'targeting_value is required')
    if (operator !== undefined && operator !== 'EQ' && operator !== 'NE')
      problem('INVALID_PARAMETER', 'operator_type', 'operator_type must be EQ or NE')
    if (
      typeof type === 'string' &&
      (TARGETING_TYPES as readonly string[]).includes(type) &&
      typeof value === 'string' &&
      value.trim() !== ''
    )
      criteria.push({ index, type, value, negated: operator === 'NE' })
  })
  return { criteria, issues }
}

export const audienceEstimateRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/accounts/:account_id/audience_estimate',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      // Query parameters are not part of this operation; the body carries everything.
      new AdsInput(ctx, []).finish()
      const { criteria, issues } = readCriteria(ctx)
      const audienceSizes: number[] = []
      for (const criterion of criteria) {
        const index = criterion.index
        if (criterion.type === 'LOCATION' && !locationByValue(criterion.value)) {
          issues.push({
            code: 'INVALID_PARAMETER',
            parameter: `[${index}].targeting_value`,
            message: `Item ${index}: ${criterion.value} is not a targeting value from the locations look-up`,
          })
        }
        if (criterion.type.startsWith('CUSTOM_AUDIENCE')) {
          const audience = rt.state.customAudiences.find((a) => a.id === criterion.value && !a.deleted)
          if (!audience || !audienceAccess(rt, accountId, audience)) {
            issues.push({
              code: 'INVALID_PARAMETER',
              parameter: `[${index}].targeting_value`,
              message: `Item ${index}: ${criterion.value} is not a custom audience of account ${accountId}`,
            })
          } else if (!criterion.negated) audienceSizes.push(activeMemberCount(audience, ctx.now))
        }
      }
      if (issues.length > 0) throw adsFailure(ctx, 400, issues)
      return single(ctx, { audience_size: estimate(criteria, audienceSizes) })
    },
  },
]

function estimate(criteria: Criterion[], audienceSizes: number[]): { min: number; max: number } {
  const places = criteria
    .filter((c) => c.type === 'LOCATION')
    .map((c) => ({ ...c, place: locationByValue(c.value) }))
  const included = places.filter((p) => !p.negated)
  const excluded = places.filter((p) => p.negated).reduce((sum, p) => sum + (p.place?.share ?? 0), 0)
  const world = LOCATIONS.filter((l) => l.location_type === 'COUNTRIES').reduce((sum, l) => sum + l.share, 0)
  const where = included.length > 0 ? included.reduce((sum, p) => sum + (p.place?.share ?? 0), 0) : world
  let size =
    audienceSizes.length > 0
      ? audienceSizes.reduce((sum, n) => sum + n, 0) * Math.min(1, where / world)
      : PLATFORM_REACH * Math.min(world, where)
  size *= Math.max(0, 1 - excluded / world)
  const narrowing = new Map<string, number>()
  for (const c of criteria) {
    if (c.type === 'LOCATION' || c.type.startsWith('CUSTOM_AUDIENCE')) continue
    const part = c.negated ? -share(c.value) / 2 : share(c.value)
    narrowing.set(c.type, (narrowing.get(c.type) ?? 0) + part)
  }
  for (const part of narrowing.values()) size *= part > 0 ? Math.min(1, part) : Math.max(0, 1 + part)
  return { min: Math.floor(size * 0.85), max: Math.ceil(size * 1.15) }
}
