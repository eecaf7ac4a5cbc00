import type { mirrorContract } from '../../shared/ipc/contracts/mirror'
import type { ProfileSummary } from '../../shared/profiles'
import type { HandlerMap, HandlersOf } from '../ipc/dispatcher'
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

/**
 * Gets recent changes, in the background, whenever an ad account becomes the one in use: after
 * connecting and after choosing another account. A walk that fails (offline) keeps what it saved
 * and is taken up by the next refresh; nothing waits for it.
 */
export function refreshingOnConnect(handlers: HandlerMap, mirror: MirrorService): HandlerMap {
  const start = (profile: ProfileSummary): void => {
    if (profile.status !== 'connected' || !profile.activeAccountId) return
    void mirror.refresh(profile.id, profile.activeAccountId).catch(() => undefined)
  }
  const complete = handlers['connect.complete']
  const select = handlers['accounts.select']
  return {
    ...handlers,
    'connect.complete': async (request) => {
      const profile = await complete(request)
      start(profile)
      return profile
    },
    'accounts.select': async (request) => {
      const profile = await select(request)
      start(profile)
      return profile
    },
  }
}
