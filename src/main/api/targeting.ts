import { z } from 'zod'
import type { AdsContext } from './adsRequest'
import { accountUrl, adsUrl, callData, getList } from './adsRequest'
import type { Envelope } from './envelope'

/**
 * Targeting: the locations look-up and the audience estimate.
 *
 * The locations look-up gives the `location` targeting values keyword insights take (part A line
 * 130: "country-level targeting value from the locations look-up"). The spec names the look-up
 * without its path or shape; this follows the platform's public v12 reference
 * (developer.x.com/en/docs/x-ads-api/campaign-management/api-reference/targeting-options):
 * GET targeting_criteria/locations with `q`, `location_type`, `country_code`, `count`, `cursor`.
 *
 * The audience estimate (part B line 164): "body is an array of JSON objects"; each object a
 * targeting criterion {targeting_type, targeting_value}, as in the same public reference, and
 * the answer `audience_size: {min, max}`.
 */

export const LOCATION_TYPES = ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'] as const
export type LocationType = (typeof LOCATION_TYPES)[number]

export const locationSchema = z
  .object({
    name: z.string(),
    country_code: z.string().nullish(),
    location_type: z.string(),
    targeting_value: z.string(),
  })
  .loose()
export type RemoteLocation = z.infer<typeof locationSchema>

export interface LocationSearch {
  q?: string
  locationType?: LocationType
  countryCode?: string
  count?: number
}

export function searchLocations(
  ctx: AdsContext,
  search: LocationSearch,
): Promise<Envelope<RemoteLocation[]>> {
  return getList(ctx, adsUrl(ctx.hosts.adsUrl, '/targeting_criteria/locations'), locationSchema, {
    q: search.q,
    location_type: search.locationType,
    country_code: search.countryCode,
    count: search.count,
  })
}

export interface TargetingCriterion {
  targeting_type: string
  targeting_value: string
}

const estimateSchema = z.object({
  audience_size: z.object({ min: z.number(), max: z.number() }).loose(),
})
export type AudienceEstimate = z.infer<typeof estimateSchema>

export function estimateAudience(
  ctx: AdsContext,
  accountId: string,
  criteria: readonly TargetingCriterion[],
): Promise<AudienceEstimate> {
  return callData(ctx, 'POST', accountUrl(ctx, accountId, '/audience_estimate'), estimateSchema, {
    body: { kind: 'json', value: criteria },
  })
}
