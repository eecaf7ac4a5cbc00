import type { OAuth1Credentials } from '../api/oauth1'
import type { SecretStore } from './secretStore'

/**
 * The app's secrets, one keychain item per kind and profile: the keychain "service" names the
 * kind, the "account" is the profile id. Profile metadata (key, hosts, screen name) lives elsewhere.
 */
export const SECRET_KINDS = {
  consumerSecret: 'consumer-secret',
  accessToken: 'access-token',
  accessTokenSecret: 'access-token-secret',
  bearerToken: 'bearer-token',
} as const

export interface ProfileSecrets {
  consumerSecret: string | null
  accessToken: string | null
  accessTokenSecret: string | null
  bearerToken: string | null
}

export interface ProfileVault {
  saveConsumerSecret(profileId: string, consumerSecret: string): Promise<void>
  saveAccessToken(profileId: string, token: { accessToken: string; accessTokenSecret: string }): Promise<void>
  saveBearerToken(profileId: string, bearerToken: string): Promise<void>
  read(profileId: string): Promise<ProfileSecrets>
  /** Consumer secret plus access token, or null while the profile is not (or no longer) authorized. */
  userCredentials(profileId: string, consumerKey: string): Promise<Required<OAuth1Credentials> | null>
  deleteAccessToken(profileId: string): Promise<void>
  deleteBearerToken(profileId: string): Promise<void>
  /** Removes every secret of the profile. */
  deleteProfile(profileId: string): Promise<void>
}

function checkProfileId(profileId: string): string {
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(profileId))
    throw new Error('A profile id is 1 to 128 letters, digits, . _ or -')
  return profileId
}

function checkSecret(value: string, what: string): string {
  if (value.length === 0) throw new Error(`${what} is empty`)
  return value
}

export function createProfileVault(store: SecretStore): ProfileVault {
  // Async throughout so a bad id or empty secret rejects like a keychain failure would.
  const get = async (kind: keyof typeof SECRET_KINDS, profileId: string) =>
    store.get(SECRET_KINDS[kind], checkProfileId(profileId))
  const set = async (kind: keyof typeof SECRET_KINDS, profileId: string, value: string) =>
    store.set(SECRET_KINDS[kind], checkProfileId(profileId), checkSecret(value, kind))
  const remove = async (kind: keyof typeof SECRET_KINDS, profileId: string) => {
    await store.delete(SECRET_KINDS[kind], checkProfileId(profileId))
  }

  const vault: ProfileVault = {
    saveConsumerSecret: (profileId, consumerSecret) => set('consumerSecret', profileId, consumerSecret),
    async saveAccessToken(profileId, token) {
      await set('accessToken', profileId, token.accessToken)
      await set('accessTokenSecret', profileId, token.accessTokenSecret)
    },
    saveBearerToken: (profileId, bearerToken) => set('bearerToken', profileId, bearerToken),
    async read(profileId) {
      // Sequential: Secret Service prompts and D-Bus calls do not like being raced.
      return {
        consumerSecret: await get('consumerSecret', profileId),
        accessToken: await get('accessToken', profileId),
        accessTokenSecret: await get('accessTokenSecret', profileId),
        bearerToken: await get('bearerToken', profileId),
      }
    },
    async userCredentials(profileId, consumerKey) {
      const secrets = await vault.read(profileId)
      if (!secrets.consumerSecret || !secrets.accessToken || !secrets.accessTokenSecret) return null
      return {
        consumerKey,
        consumerSecret: secrets.consumerSecret,
        token: secrets.accessToken,
        tokenSecret: secrets.accessTokenSecret,
      }
    },
    async deleteAccessToken(profileId) {
      await remove('accessToken', profileId)
      await remove('accessTokenSecret', profileId)
    },
    deleteBearerToken: (profileId) => remove('bearerToken', profileId),
    async deleteProfile(profileId) {
      for (const kind of Object.keys(SECRET_KINDS) as (keyof typeof SECRET_KINDS)[])
        await remove(kind, profileId)
    },
  }
  return vault
}
