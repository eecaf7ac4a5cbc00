import type { targetingContract } from '../../shared/ipc/contracts/targeting'
import type { HandlersOf } from '../ipc/dispatcher'
import { createTargetingService } from './targetingService'

/** The locations look-up and the audience estimate (contracts/targeting.ts). */
export function createTargetingHandlers(
  deps: Parameters<typeof createTargetingService>[0],
): HandlersOf<typeof targetingContract> {
  const targeting = createTargetingService(deps)
  return {
    'targeting.locations': async ({ profileId, query, locationType }) => ({
      locations: await targeting.locations(profileId, query, locationType),
    }),
    'targeting.estimate': async ({ profileId, accountId, criteria }) => ({
      estimate: await targeting.estimate(profileId, accountId, criteria),
    }),
  }
}
