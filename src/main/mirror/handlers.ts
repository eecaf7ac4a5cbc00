import type { mirrorContract } from '../../shared/ipc/contracts/mirror'
import type { HandlersOf } from '../ipc/dispatcher'
import type { MirrorService } from './mirrorService'

/** The account mirror: Get recent changes, and how old each kind's copy is. */
export function createMirrorHandlers(mirror: MirrorService): HandlersOf<typeof mirrorContract> {
  return {
    'mirror.refresh': async ({ profileId, accountId }) => ({
      kinds: await mirror.refresh(profileId, accountId),
    }),
    'mirror.status': async ({ profileId, accountId }) => ({
      kinds: await mirror.status(profileId, accountId),
    }),
  }
}
