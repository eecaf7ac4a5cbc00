import { describe, expect, it } from 'vitest'
import type { HttpClient } from '../../../src/main/api/http'
import { createProfileRepository } from '../../../src/main/settings/profileRepository'
import { createSession } from '../../../src/main/session/session'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import { AppFailure, appError } from '../../../src/shared/errors'
import type { Environment, ProfileSummary } from '../../../src/shared/profiles'

const PROFILE_ID = '0b9d8f5e-5d0c-4d59-9a39-3f0f0b6f2c11'
const hosts = {
  apiUrl: 'https://api.example.test',
  adsUrl: 'https://ads.example.test',
  adsSandboxUrl: 'https://ads-sandbox.example.test',
}

async function sessionWith(
  profile: Partial<ProfileSummary> & { environment?: Environment },
  options: { secrets?: boolean; env?: Record<string, string> } = {},
) {
  const profiles = createProfileRepository(createMemoryStore())
  profiles.put({
    id: PROFILE_ID,
    label: 'Test',
    environment: 'production',
    hosts,
    consumerKey: 'key',
    accessLevel: 'write',
    status: 'connected',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...profile,
  })
  const vault = createProfileVault(createMemorySecretStore())
  if (options.secrets !== false) {
    await vault.saveConsumerSecret(PROFILE_ID, 'consumer-secret')
    await vault.saveAccessToken(PROFILE_ID, { accessToken: 'token', accessTokenSecret: 'token-secret' })
  }
  const http = {} as HttpClient
  const session = createSession({ profiles, vault, http, env: options.env ?? {} })
  return { session, profiles, http }
}

describe('createSession', () => {
  it('gives a connected profile its keychain credentials, its hosts and the one HTTP client', async () => {
    const { session, http } = await sessionWith({})
    const ctx = await session.context(PROFILE_ID)
    expect(ctx.http).toBe(http)
    expect(ctx.hosts).toEqual(hosts)
    expect(ctx.credentials).toEqual({
      consumerKey: 'key',
      consumerSecret: 'consumer-secret',
      token: 'token',
      tokenSecret: 'token-secret',
    })
    expect(ctx.profile.id).toBe(PROFILE_ID)
  })

  it('sends a sandbox profile’s ads calls to the ads sandbox host, and honours host overrides', async () => {
    const sandbox = await sessionWith({ environment: 'ads_sandbox' })
    expect((await sandbox.session.context(PROFILE_ID)).hosts.adsUrl).toBe(hosts.adsSandboxUrl)
    const overridden = await sessionWith({}, { env: { ADS_STUDIO_ADS_URL: 'https://proxy.example.test/' } })
    expect((await overridden.session.context(PROFILE_ID)).hosts.adsUrl).toBe('https://proxy.example.test')
  })

  it('refuses a removed profile, and one that is expired or lost its tokens, before anything is signed', async () => {
    const { session } = await sessionWith({})
    await expect(session.context('another-profile')).rejects.toMatchObject({ code: 'not_found' })
    expect(session.status('another-profile')).toBe('missing')
    const expired = await sessionWith({ status: 'expired' })
    await expect(expired.session.context(PROFILE_ID)).rejects.toMatchObject({
      code: 'token_expired',
      message: 'Your access was revoked — authorize again',
    })
    const noTokens = await sessionWith({}, { secrets: false })
    await expect(noTokens.session.context(PROFILE_ID)).rejects.toMatchObject({ code: 'token_expired' })
  })

  it('marks the profile expired when a call answers token_expired, and only then', async () => {
    const { session, profiles } = await sessionWith({})
    await expect(
      session.withAdsContext(PROFILE_ID, async () => {
        throw new AppFailure(appError('rate_limited', 'Wait a minute'))
      }),
    ).rejects.toMatchObject({ code: 'rate_limited' })
    expect(session.status(PROFILE_ID)).toBe('connected')
    await expect(
      session.withAdsContext(PROFILE_ID, async () => {
        throw new AppFailure(appError('token_expired', 'Your access was revoked — authorize again'))
      }),
    ).rejects.toMatchObject({ code: 'token_expired' })
    expect(session.status(PROFILE_ID)).toBe('expired')
    expect(profiles.get(PROFILE_ID)?.status).toBe('expired')
  })

  it('names the active profile and ad account for publishing', async () => {
    const { session, profiles } = await sessionWith({ activeAccountId: 'acc1', userId: '42' })
    expect(session.active()).toBeUndefined()
    profiles.setActive(PROFILE_ID)
    expect(session.active()).toEqual({
      profileId: PROFILE_ID,
      label: 'Test',
      accountId: 'acc1',
      userId: '42',
    })
  })
})
