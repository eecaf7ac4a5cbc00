import { randomUUID } from 'node:crypto'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import { HOST_LABELS, sameHosts, type ApiHosts } from '../../shared/hosts'
import {
  usesAdsSandboxHost,
  type AccessLevel,
  type Environment,
  type ProfileList,
  type ProfileSummary,
} from '../../shared/profiles'
import { collectAll, paginate } from '../api/cursor'
import { listAccounts } from '../api/ads'
import { exchangePin, invalidateToken, requestToken } from '../auth/pinFlow'
import type { ProfileRepository } from '../settings/profileRepository'
import type { Session } from '../session/session'
import type { ProfileVault } from '../vault/profileVault'
import type { SecretStore } from '../vault/secretStore'
import { findWrongAdsHost, hostShapeProblem } from './hostCheck'

export interface BeginInput {
  profileId?: string
  label?: string
  environment: Environment
  hosts: ApiHosts
  consumerKey: string
  consumerSecret?: string
  accessLevel: AccessLevel
  forceLogin: boolean
  screenName?: string
}

export interface ConnectServiceDeps {
  profiles: ProfileRepository
  /** Profile lookup, hosts, the HTTP client and signed calls, shared with every feature. */
  session: Session
  vault: ProfileVault
  secretStore: SecretStore
  /** Opens the authorization page in the system browser (already restricted to API hosts). */
  openExternal: (url: string) => Promise<void>
  now?: () => Date
}

/**
 * Profiles and their authorization: the PIN flow, the ad account choice and sign-out with
 * revocation. Calls with a profile's credentials go through the session, which marks the
 * profile expired on a token_expired answer, so the UI can offer "authorize again".
 */
export function createConnectService(deps: ConnectServiceDeps) {
  const now = deps.now ?? (() => new Date())
  const { session } = deps
  const http = session.http
  const requireProfile = (profileId: string) => session.requireProfile(profileId)
  const effectiveHosts = (profile: ProfileSummary) => session.hostsOf(profile)
  const pending = new Map<string, { oauthToken: string; oauthTokenSecret: string; authorizeUrl: string }>()

  async function requireKeychain(): Promise<void> {
    const availability = await deps.secretStore.isAvailable()
    if (!availability.ok) throw new AppFailure(appError('keychain_unavailable', availability.message))
  }

  /**
   * A profile's hosts, environment (which picks the ads host) and API key are its identity: the
   * stored secrets were authorized for exactly those, and are sent nowhere else.
   */
  function sameIdentity(profile: ProfileSummary, input: BeginInput): boolean {
    return (
      profile.consumerKey === input.consumerKey &&
      profile.environment === input.environment &&
      sameHosts(profile.hosts, input.hosts)
    )
  }

  async function consumerSecretFor(input: BeginInput, existing: ProfileSummary | undefined): Promise<string> {
    if (input.consumerSecret) return input.consumerSecret
    if (existing && !sameIdentity(existing, input)) {
      throw new AppFailure(
        appError(
          'invalid_input',
          'You changed the hosts, environment or API key: enter the API key secret again. Ads Studio sends a saved secret only to the hosts it was authorized for.',
          { field: 'consumerSecret' },
        ),
      )
    }
    const stored = existing ? (await deps.vault.read(existing.id)).consumerSecret : null
    if (!stored) {
      throw new AppFailure(
        appError('invalid_input', 'Enter the app’s API key secret', { field: 'consumerSecret' }),
      )
    }
    return stored
  }

  /**
   * Revokes the profile's access token at the hosts that issued it; best effort, it is dropped
   * either way. The bearer token is the app's, shared by every profile with this key, so it is
   * only forgotten here, as sign-out always did.
   */
  async function revokeHeldTokens(profile: ProfileSummary): Promise<boolean> {
    const credentials = await deps.vault.userCredentials(profile.id, profile.consumerKey)
    if (!credentials) return false
    try {
      await invalidateToken({
        hosts: await effectiveHosts(profile),
        consumerKey: credentials.consumerKey,
        consumerSecret: credentials.consumerSecret,
        accessToken: credentials.token,
        accessTokenSecret: credentials.tokenSecret,
        http,
      })
      return true
    } catch (error) {
      // An already-revoked token is as good as revoked; anything else means we could not tell the platform.
      return isAppFailure(error) && error.code === 'token_expired'
    }
  }

  /** The platform URL is the first host a new key meets: a failure there names it. */
  function blameApiHost(error: unknown, hosts: ApiHosts): never {
    if (!isAppFailure(error) || error.field) throw error
    if (error.code === 'bad_credentials')
      throw new AppFailure({ ...error.toAppError(), field: 'consumerSecret' })
    if (
      error.code === 'not_found' ||
      error.code === 'unexpected_response' ||
      error.code === 'invalid_request'
    ) {
      throw new AppFailure(
        appError(
          'invalid_input',
          `The ${HOST_LABELS.apiUrl} (${hosts.apiUrl}) does not answer like the platform's sign-in service (${error.message}). Check it and try again.`,
          { field: 'hosts.apiUrl' },
        ),
      )
    }
    if (error.code === 'offline' || error.code === 'timeout' || error.code === 'outcome_unknown') {
      throw new AppFailure({ ...error.toAppError(), field: 'hosts.apiUrl' })
    }
    throw error
  }

  return {
    list: (): ProfileList => deps.profiles.list(),
    /** The authorization pages main opened and still waits on a PIN for: the browser may open them again. */
    authorizeUrls: (): string[] => [...pending.values()].map((request) => request.authorizeUrl),

    activate(profileId: string): ProfileList {
      requireProfile(profileId)
      deps.profiles.setActive(profileId)
      return deps.profiles.list()
    },

    async begin(input: BeginInput): Promise<{ profileId: string; authorizeUrl: string }> {
      await requireKeychain()
      const existing = input.profileId ? requireProfile(input.profileId) : undefined
      const startsOver = existing !== undefined && !sameIdentity(existing, input)
      const shapeProblem = hostShapeProblem(input.hosts)
      if (shapeProblem) throw shapeProblem
      const consumerSecret = await consumerSecretFor(input, existing)
      const profileId = existing?.id ?? randomUUID()
      // A new identity keeps nothing of the old one's authorization: no user, account or tokens.
      const kept = existing && !startsOver ? existing : undefined
      const profile: ProfileSummary = {
        id: profileId,
        label: input.label?.trim() || existing?.label || defaultLabel(input.environment),
        environment: input.environment,
        hosts: input.hosts,
        consumerKey: input.consumerKey,
        accessLevel: input.accessLevel,
        status: kept?.status === 'connected' ? 'connected' : (kept?.status ?? 'authorizing'),
        ...(kept?.screenName ? { screenName: kept.screenName } : {}),
        ...(kept?.userId ? { userId: kept.userId } : {}),
        ...(kept?.activeAccountId ? { activeAccountId: kept.activeAccountId } : {}),
        updatedAt: now().toISOString(),
      }
      const hosts = await effectiveHosts(profile)
      const token = await requestToken({
        hosts,
        consumerKey: input.consumerKey,
        consumerSecret,
        accessType: input.accessLevel,
        forceLogin: input.forceLogin,
        ...(input.screenName ? { screenName: input.screenName } : {}),
        http,
      }).catch((error: unknown) => blameApiHost(error, hosts))
      if (existing && startsOver) {
        // The old tokens are revoked where they were issued, then every old secret is removed
        // before the profile names the new hosts: a crash in between leaves no secret that
        // could follow the profile to them.
        await revokeHeldTokens(existing)
        pending.delete(profileId)
        await deps.vault.deleteProfile(profileId)
      }
      deps.profiles.put(profile)
      // Only a key/secret pair the platform accepted is worth keeping.
      await deps.vault.saveConsumerSecret(profileId, consumerSecret)
      pending.set(profileId, {
        oauthToken: token.oauthToken,
        oauthTokenSecret: token.oauthTokenSecret,
        authorizeUrl: token.authorizeUrl,
      })
      await deps.openExternal(token.authorizeUrl)
      return { profileId, authorizeUrl: token.authorizeUrl }
    },

    async complete(profileId: string, pin: string): Promise<ProfileSummary> {
      const profile = requireProfile(profileId)
      const request = pending.get(profileId)
      if (!request) {
        throw new AppFailure(
          appError(
            'invalid_input',
            'This PIN belongs to an authorization that was not started here — open the authorization page again',
            {
              field: 'pin',
            },
          ),
        )
      }
      const { consumerSecret } = await deps.vault.read(profileId)
      if (!consumerSecret)
        throw new AppFailure(
          appError('keychain_unavailable', 'The app secret is missing from the keychain — enter it again'),
        )
      const access = await exchangePin({
        hosts: await effectiveHosts(profile),
        consumerKey: profile.consumerKey,
        consumerSecret,
        oauthToken: request.oauthToken,
        oauthTokenSecret: request.oauthTokenSecret,
        pin,
        http,
      }).catch((error: unknown) => {
        if (
          isAppFailure(error) &&
          !error.field &&
          (error.code === 'token_expired' || error.code === 'invalid_request')
        ) {
          throw new AppFailure(
            appError(
              error.code,
              'That PIN was not accepted — check it, or open the authorization page again',
              { field: 'pin' },
            ),
          )
        }
        throw error
      })
      pending.delete(profileId)
      const hosts = await effectiveHosts(profile)
      const fresh = {
        consumerKey: profile.consumerKey,
        consumerSecret,
        token: access.accessToken,
        tokenSecret: access.accessTokenSecret,
      }
      const wrongHost = await findWrongAdsHost(
        { http, hosts, credentials: fresh },
        {
          adsUrl: usesAdsSandboxHost(profile.environment) ? 'adsSandboxUrl' : 'adsUrl',
          adsSandboxUrl: 'adsSandboxUrl',
        },
      )
      if (wrongHost) {
        // Not "connected" with a host that cannot work: the fresh token is handed back unused.
        await invalidateToken({
          hosts,
          consumerKey: fresh.consumerKey,
          consumerSecret,
          accessToken: fresh.token,
          accessTokenSecret: fresh.tokenSecret,
          http,
        }).catch(() => undefined)
        throw wrongHost
      }
      await deps.vault.saveAccessToken(profileId, {
        accessToken: access.accessToken,
        accessTokenSecret: access.accessTokenSecret,
      })
      const connected: ProfileSummary = {
        ...profile,
        status: 'connected',
        screenName: access.screenName,
        userId: access.userId,
        updatedAt: now().toISOString(),
      }
      deps.profiles.put(connected)
      deps.profiles.setActive(profileId)
      // Start with the first ad account; the designer can switch. Offline is fine: pick later.
      const firstAccount = await this.listAccounts(profileId).then(
        (accounts) => accounts[0]?.id,
        () => undefined,
      )
      if (!firstAccount || connected.activeAccountId) return connected
      const withAccount = { ...connected, activeAccountId: firstAccount }
      deps.profiles.put(withAccount)
      return withAccount
    },

    async selectAccount(profileId: string, accountId: string): Promise<ProfileSummary> {
      const accounts = await this.listAccounts(profileId)
      if (!accounts.some((account) => account.id === accountId)) {
        throw new AppFailure(
          appError('not_found', 'That ad account is not available to this profile', { field: 'accountId' }),
        )
      }
      const updated = {
        ...requireProfile(profileId),
        activeAccountId: accountId,
        updatedAt: now().toISOString(),
      }
      deps.profiles.put(updated)
      return updated
    },

    async signOut(
      profileId: string,
    ): Promise<{ list: ProfileList; revokedOnServer: boolean; notice: string }> {
      const profile = requireProfile(profileId)
      const held = (await deps.vault.userCredentials(profileId, profile.consumerKey)) !== null
      const revokedOnServer = held && (await revokeHeldTokens(profile))
      let notice = `Signed out of ${profile.label}. Its secrets were removed from this computer.`
      if (revokedOnServer) {
        notice = `Signed out of ${profile.label}: the access token was revoked and removed from this computer.`
      } else if (held) {
        notice =
          'Ads Studio could not reach the platform to revoke the access token, so it is still valid there. ' +
          'It was removed from this computer; revoke it from the developer portal if this machine is not yours.'
      }
      pending.delete(profileId)
      await deps.vault.deleteProfile(profileId)
      deps.profiles.remove(profileId)
      return { list: deps.profiles.list(), revokedOnServer, notice }
    },

    listAccounts(profileId: string): Promise<{ id: string; name: string }[]> {
      return session.withAdsContext(profileId, async (ctx) => {
        const accounts = await collectAll(paginate((cursor) => listAccounts(ctx, cursor ? { cursor } : {})))
        return accounts.map((account) => ({ id: account.id, name: account.name ?? account.id }))
      })
    },
  }
}

export type ConnectService = ReturnType<typeof createConnectService>

function defaultLabel(environment: Environment): string {
  return {
    production: 'Production',
    ads_sandbox: 'Ads sandbox',
    local_sandbox: 'Local sandbox',
    custom: 'Custom hosts',
    practice: 'Practice',
  }[environment]
}
