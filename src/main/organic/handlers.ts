import type { organicContract } from '../../shared/ipc/contracts/organic'
import type { HandlersOf } from '../ipc/dispatcher'
import { createOrganicService } from './organicService'

/** Organic posts through POST /2/posts (contracts/organic.ts). */
export function createOrganicHandlers(
  deps: Parameters<typeof createOrganicService>[0],
): HandlersOf<typeof organicContract> {
  const organic = createOrganicService(deps)
  return {
    'organic.editable': async ({ profileId, postId }) => ({
      post: await organic.editable(profileId, postId),
    }),
    'organic.publish': async (request) => ({ job: await organic.publish(request) }),
  }
}
