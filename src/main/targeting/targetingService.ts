import type {
  AudienceEstimateView,
  LocationChoice,
  TargetingChoice,
} from '../../shared/ipc/contracts/targeting'
import { estimateAudience, searchLocations, type LocationType } from '../api/targeting'
import type { WithAdsContext } from '../session/session'

/**
 * The locations look-up and the audience estimate, each answer kept for a while: a designer
 * who adds a location and takes it away again asks for the same estimate twice, and the
 * platform's figure does not move within minutes.
 */

/** The look-up's places change rarely (new postal codes, renamed metros). */
const LOCATIONS_KEPT_MS = 60 * 60_000
const ESTIMATE_KEPT_MS = 10 * 60_000
const LOCATIONS_LISTED = 50
const ENTRIES_KEPT = 200

/** A small map whose entries expire; the oldest go first when it is full. */
function expiringCache<T>(keptMs: number, now: () => number) {
  const entries = new Map<string, { at: number; value: T }>()
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (now() - entry.at < keptMs) return entry.value
      entries.delete(key)
      return undefined
    },
    set(key: string, value: T): void {
      entries.delete(key)
      entries.set(key, { at: now(), value })
      if (entries.size > ENTRIES_KEPT) entries.delete(entries.keys().next().value as string)
    },
  }
}

/** One key per targeting, whatever order the criteria were chosen in. */
export function estimateKey(
  profileId: string,
  accountId: string,
  criteria: readonly TargetingChoice[],
): string {
  const unique = [...new Set(criteria.map((c) => `${c.type}:${c.value}`))].sort()
  return JSON.stringify([profileId, accountId, unique])
}

export function createTargetingService(deps: { withAdsContext: WithAdsContext; now?: () => number }) {
  const now = deps.now ?? Date.now
  const locations = expiringCache<LocationChoice[]>(LOCATIONS_KEPT_MS, now)
  const estimates = expiringCache<AudienceEstimateView>(ESTIMATE_KEPT_MS, now)

  return {
    async locations(
      profileId: string,
      query: string,
      locationType?: LocationType,
    ): Promise<LocationChoice[]> {
      const q = query.trim()
      const key = JSON.stringify([profileId, locationType ?? '', q.toLowerCase()])
      const kept = locations.get(key)
      if (kept) return kept
      const found = await deps.withAdsContext(profileId, (ctx) =>
        searchLocations(ctx, {
          ...(q ? { q } : {}),
          ...(locationType ? { locationType } : {}),
          count: LOCATIONS_LISTED,
        }),
      )
      const choices = found.data.map((place): LocationChoice => ({
        name: place.name,
        ...(place.country_code ? { countryCode: place.country_code } : {}),
        locationType: place.location_type,
        targetingValue: place.targeting_value,
      }))
      locations.set(key, choices)
      return choices
    },

    async estimate(
      profileId: string,
      accountId: string,
      criteria: readonly TargetingChoice[],
    ): Promise<AudienceEstimateView> {
      const key = estimateKey(profileId, accountId, criteria)
      const kept = estimates.get(key)
      if (kept) return kept
      const answer = await deps.withAdsContext(profileId, (ctx) =>
        estimateAudience(
          ctx,
          accountId,
          criteria.map((c) => ({ targeting_type: c.type, targeting_value: c.value })),
        ),
      )
      const view = {
        min: answer.audience_size.min,
        max: answer.audience_size.max,
        estimatedAt: new Date(now()).toISOString(),
      }
      estimates.set(key, view)
      return view
    },
  }
}
