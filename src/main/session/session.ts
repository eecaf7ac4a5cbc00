// The request session: the one place main turns a profile into a signed request context.
// Every feature's calls, and the outbox's, go through it, with one HTTP client between them.

import { ACCESS_REVOKED_MESSAGE, AppFailure, appError, invalidInput, isAppFailure } from '../../shared/errors'
import type { ApiHosts } from '../../shared/hosts'
import type { ProfileSummary } from '../../shared/profiles'
import type { AdsContext } from '../api/adsRequest'
import { profileHosts } from '../api/hosts'
import type { HttpClient } from '../api/http'
import type { ProfileRepository } from '../settings/profileRepository'
import type { ProfileVault } from '../vault/profileVault'

/** A signed request context together with the profile it acts for. Never leaves main. */
export type ProfileContext = AdsContext & { readonly profile: ProfileSummary }

/** Runs ads calls with a profile's credentials; a token_expired answer marks the profile expired. */
export type WithAdsContext = <T>(profileId: string, work: (ctx: ProfileContext) => Promise<T>) => Promise<T>

/** Whether calls of a profile may run: `expired` covers a profile still being authorized too. */
export type AccessStatus = 'connected' | 'expired' | 'missing'

/** The profile and ad account that "Publish" and the account pages use. */
export interface ActiveProfile {
  profileId: string
  accountId?: string
  userId?: string
  label: string
}

export interface SessionDeps {
  profiles: ProfileRepository
  /** The keychain: the only place the consumer secret and access tokens are read from. */
  vault: ProfileVault
  /** The one HTTP client of the process. */
  http: HttpClient
  /** Host overrides (ADS_STUDIO_API_URL …), set by whoever runs the app. */
  env: Record<string, string | undefined>
  /**
   * Where a profile's calls go, when something besides the profile decides it: the practice
   * gate (src/main/practice) moves a practice profile to its sandbox and refuses any other
   * profile on the sandbox's address. Without it, hostsOf's default below.
   */
  hostsOf?: (profile: ProfileSummary) => Promise<ApiHosts>
  now?: () => Date
}

/**
 * Turns a profile into a signed request context, for every feature of main: connect, publish,
 * library, catalog, keyword insights, audiences and campaign. One HTTP client serves them all,
 * so a clock-skew correction learnt by any call (code 135) signs every later one. Credentials
 * come from the keychain at each call and go only into that call's signature: the context is
 * never stored, logged, serialized or sent over IPC.
 */
export interface Session {
  readonly http: HttpClient
  /** Throws not_found when the profile was removed. */
  requireProfile(profileId: string): ProfileSummary
  /**
   * The ad account the profile works with. Without one, refuses with "Choose an ad account
   * first: " and what it is `neededFor`, on `field` when given.
   */
  activeAccountOf(profileId: string, neededFor: string, field?: string): string
  /**
   * The hosts a profile's secrets may go to: its own, each replaced by its environment override,
   * with the ads sandbox host as the ads host for sandbox environments. Every signed call asks.
   */
  hostsOf(profile: ProfileSummary): Promise<ApiHosts>
  /** Whether calls of this profile may run now. */
  status(profileId: string): AccessStatus
  /** Throws not_found for a removed profile, token_expired for one that is not authorized. */
  context(profileId: string): Promise<ProfileContext>
  withAdsContext: WithAdsContext
  /** A 401/89 answer: the designer has to authorize again. */
  markExpired(profileId: string): void
  active(): ActiveProfile | undefined
}

export function createSession(deps: SessionDeps): Session {
  const now = deps.now ?? (() => new Date())
  const expired = () => new AppFailure(appError('token_expired', ACCESS_REVOKED_MESSAGE))

  const session: Session = {
    http: deps.http,

    requireProfile(profileId) {
      const profile = deps.profiles.get(profileId)
      if (!profile)
        throw new AppFailure(
          appError('not_found', 'That profile no longer exists — pick another or connect again'),
        )
      return profile
    },

    activeAccountOf(profileId, neededFor, field) {
      const { activeAccountId } = session.requireProfile(profileId)
      if (activeAccountId) return activeAccountId
      throw invalidInput(`Choose an ad account first: ${neededFor}`, field)
    },

    async hostsOf(profile) {
      return deps.hostsOf ? deps.hostsOf(profile) : profileHosts(profile, deps.env)
    },

    status(profileId) {
      const profile = deps.profiles.get(profileId)
      if (!profile) return 'missing'
      return profile.status === 'connected' ? 'connected' : 'expired'
    },

    async context(profileId) {
      const profile = session.requireProfile(profileId)
      if (profile.status !== 'connected') throw expired()
      const credentials = await deps.vault.userCredentials(profileId, profile.consumerKey)
      if (!credentials) throw expired()
      return { profile, http: deps.http, hosts: await session.hostsOf(profile), credentials }
    },

    async withAdsContext(profileId, work) {
      const ctx = await session.context(profileId)
      try {
        return await work(ctx)
      } catch (error) {
        if (isAppFailure(error) && error.code === 'token_expired') session.markExpired(profileId)
        throw error
      }
    },

    markExpired(profileId) {
      const profile = deps.profiles.get(profileId)
      if (profile && profile.status !== 'expired')
        deps.profiles.put({ ...profile, status: 'expired', updatedAt: now().toISOString() })
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
  return session
}
