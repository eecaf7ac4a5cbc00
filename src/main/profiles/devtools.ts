import { AppFailure, appError } from '../../shared/errors'
import { createBearerToken, invalidateBearerToken } from '../auth/bearer'
import { deleteWebhook, type Problem } from '../auth/webhooks'
import type { Session } from '../session/session'
import type { ProfileVault } from '../vault/profileVault'

export interface BearerStatus {
  present: boolean
  masked?: string
}

/** Enough of the token to recognise it, never enough to use it. */
export function maskToken(token: string): string {
  return token.length <= 10 ? '••••••' : `${token.slice(0, 4)}••••••${token.slice(-4)}`
}

/**
 * The developer tools of a profile: the app-only bearer token (created, shown masked, revoked)
 * and webhook deletion, which uses it. The token stays in the keychain; only its mask leaves.
 */
export function createDevtoolsService(deps: { session: Session; vault: ProfileVault }) {
  const { session, vault } = deps

  async function bearerStatus(profileId: string): Promise<BearerStatus> {
    session.requireProfile(profileId)
    const { bearerToken } = await vault.read(profileId)
    return bearerToken ? { present: true, masked: maskToken(bearerToken) } : { present: false }
  }

  /** The platform returns the same token until it is revoked, so a cached one is reused. */
  async function bearerCreate(profileId: string): Promise<BearerStatus> {
    const profile = session.requireProfile(profileId)
    const secrets = await vault.read(profileId)
    if (secrets.bearerToken) return { present: true, masked: maskToken(secrets.bearerToken) }
    if (!secrets.consumerSecret)
      throw new AppFailure(
        appError('keychain_unavailable', 'The app secret is missing from the keychain — connect again'),
      )
    const { bearerToken } = await createBearerToken({
      hosts: await session.hostsOf(profile),
      consumerKey: profile.consumerKey,
      consumerSecret: secrets.consumerSecret,
      http: session.http,
    })
    await vault.saveBearerToken(profileId, bearerToken)
    return { present: true, masked: maskToken(bearerToken) }
  }

  async function bearerRevoke(profileId: string): Promise<BearerStatus> {
    await session.withAdsContext(profileId, async (ctx) => {
      const { bearerToken } = await vault.read(profileId)
      if (!bearerToken) return
      await invalidateBearerToken({
        hosts: ctx.hosts,
        consumerKey: ctx.credentials.consumerKey,
        consumerSecret: ctx.credentials.consumerSecret,
        accessToken: ctx.credentials.token!,
        accessTokenSecret: ctx.credentials.tokenSecret!,
        bearerToken,
        http: ctx.http,
      })
      await vault.deleteBearerToken(profileId)
    })
    return { present: false }
  }

  async function removeWebhook(
    profileId: string,
    webhookId: string,
  ): Promise<{ deleted: boolean; problem?: Problem }> {
    const profile = session.requireProfile(profileId)
    await bearerCreate(profileId)
    const { bearerToken } = await vault.read(profileId)
    const result = await deleteWebhook({
      hosts: await session.hostsOf(profile),
      bearerToken: bearerToken!,
      webhookId,
      http: session.http,
    })
    return result.ok ? { deleted: result.deleted } : { deleted: false, problem: result.problem }
  }

  return { bearerStatus, bearerCreate, bearerRevoke, deleteWebhook: removeWebhook }
}

export type DevtoolsService = ReturnType<typeof createDevtoolsService>
