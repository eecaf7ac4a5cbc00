import type { AdsContext } from '../api/adsRequest'

/**
 * What the outbox needs to know about profiles, and the only way it gets credentials. The
 * request session (src/main/session) is what services.ts hands it: the same profile lookup,
 * expiry and HTTP client as every other feature's calls.
 */
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
