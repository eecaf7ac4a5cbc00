import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import { createBearerToken, invalidateBearerToken } from '../auth/bearer'
import { deleteWebhook, replayWebhook, type Problem } from '../auth/webhooks'
import {
  endStreamConnections,
  listStreamConnections,
  type BearerCall,
  type EndConnectionsTarget,
} from '../api/streamConnections'
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
 * and what uses it: webhook deletion and replay, and the app's streaming connections. The token stays in the keychain; only its mask leaves.
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

  /**
   * A call with the app-only bearer token, created first if there is none yet. A token the
   * platform no longer knows (89: revoked elsewhere) is dropped and replaced once; a refused call
   * did nothing, so sending it again is safe.
   */
  async function withBearer<T>(profileId: string, work: (call: BearerCall) => Promise<T>): Promise<T> {
    const profile = session.requireProfile(profileId)
    const attempt = async () => {
      await bearerCreate(profileId)
      const { bearerToken } = await vault.read(profileId)
      return work({ hosts: await session.hostsOf(profile), bearerToken: bearerToken!, http: session.http })
    }
    try {
      return await attempt()
    } catch (error) {
      if (!isAppFailure(error) || error.code !== 'token_expired') throw error
      await vault.deleteBearerToken(profileId)
      return attempt()
    }
  }

  return {
    bearerStatus,
    bearerCreate,
    bearerRevoke,
    deleteWebhook: removeWebhook,
    connections: (profileId: string, status: 'active' | 'inactive' | 'all') =>
      withBearer(profileId, (call) => listStreamConnections({ ...call, status })),
    endConnections: (profileId: string, target: EndConnectionsTarget) =>
      withBearer(profileId, (call) => endStreamConnections({ ...call, target })),
    replayWebhook: (profileId: string, webhookId: string, span: { from: number; to: number }) =>
      withBearer(profileId, (call) => replayWebhook({ ...call, webhookId, ...span })),
  }
}

export type DevtoolsService = ReturnType<typeof createDevtoolsService>
