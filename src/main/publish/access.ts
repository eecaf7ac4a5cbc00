import { ACCESS_REVOKED_MESSAGE, AppFailure, appError } from '../../shared/errors'
import { usesAdsSandboxHost } from '../../shared/profiles'
import type { AdsContext } from '../api/ads'
import { resolveHosts } from '../api/hosts'
import type { HttpClient } from '../api/http'
import type { ProfileRepository } from '../session/profileRepository'
import type { ProfileVault } from '../vault/profileVault'

/** What the outbox needs to know about profiles, and the only way it gets credentials. */
export interface PublishAccess {
  /** Whether jobs of this profile may run now. */
  status(profileId: string): 'connected' | 'expired' | 'missing'
  /** The signed-call context; throws token_expired when the profile is not authorized. */
  context(profileId: string): Promise<AdsContext>
  /** A 401/89 answer: the designer has to connect again. */
  markExpired(profileId: string): void
  /** The profile and ad account "Publish" uses. */
  active(): { profileId: string; accountId?: string; userId?: string; label: string } | undefined
}

export function createPublishAccess(deps: {
  profiles: ProfileRepository
  vault: ProfileVault
  http: HttpClient
  env: Record<string, string | undefined>
  now?: () => Date
}): PublishAccess {
  const now = deps.now ?? (() => new Date())
  const expired = () => new AppFailure(appError('token_expired', ACCESS_REVOKED_MESSAGE))
  return {
    status(profileId) {
      const profile = deps.profiles.get(profileId)
      if (!profile) return 'missing'
      return profile.status === 'connected' ? 'connected' : 'expired'
    },
    async context(profileId) {
      const profile = deps.profiles.get(profileId)
      if (!profile || profile.status !== 'connected') throw expired()
      const credentials = await deps.vault.userCredentials(profileId, profile.consumerKey)
      if (!credentials) throw expired()
      const hosts = resolveHosts(profile.hosts, deps.env)
      return {
        http: deps.http,
        hosts: usesAdsSandboxHost(profile.environment) ? { ...hosts, adsUrl: hosts.adsSandboxUrl } : hosts,
        credentials,
      }
    },
    markExpired(profileId) {
      const profile = deps.profiles.get(profileId)
      if (profile && profile.status !== 'expired') {
        deps.profiles.put({ ...profile, status: 'expired', updatedAt: now().toISOString() })
      }
    },
    active() {
      const list = deps.profiles.list()
      const profile = list.profiles.find((candidate) => candidate.id === list.activeProfileId)
      if (!profile) return undefined
      return {
        profileId: profile.id,
        label: profile.label,
        ...(profile.activeAccountId ? { accountId: profile.activeAccountId } : {}),
        ...(profile.userId ? { userId: profile.userId } : {}),
      }
    },
  }
}
