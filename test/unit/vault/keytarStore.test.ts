import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'

/**
 * Runs against the real Secret Service. `npm test` starts vitest under dbus-run-session with an
 * unlocked gnome-keyring; without one this suite fails (never skips) and says what to install.
 */
const namespace = `ads-studio-test-${randomUUID()}`
const store = createKeytarSecretStore(namespace)

beforeAll(async () => {
  const availability = await store.isAvailable()
  if (!availability.ok) {
    throw new Error(
      `No usable Secret Service (${availability.reason}): ${availability.message}. ` +
        'Install gnome-keyring, dbus (dbus-run-session) and libsecret-1-dev, then run the tests through ' +
        '`npm test`, which starts an unlocked gnome-keyring under dbus-run-session.',
    )
  }
})

const profileId = `p-${randomUUID()}`
const vault = createProfileVault(store)

afterAll(async () => {
  await vault.deleteProfile(profileId).catch(() => undefined)
})

describe('keytar secret store on the real Secret Service', () => {
  it('stores, reads back and deletes a secret', async () => {
    const account = randomUUID()
    const secret = `s3cr3t-${randomUUID()}`
    expect(await store.get('round-trip', account)).toBeNull()
    await store.set('round-trip', account, secret)
    expect(await store.get('round-trip', account)).toBe(secret)
    expect(await store.delete('round-trip', account)).toBe(true)
    expect(await store.get('round-trip', account)).toBeNull()
    expect(await store.delete('round-trip', account)).toBe(false)
  })

  it('keeps services and namespaces apart', async () => {
    const account = randomUUID()
    const other = createKeytarSecretStore(`${namespace}-other`)
    await store.set('kind-a', account, 'value-a')
    try {
      expect(await store.get('kind-b', account)).toBeNull()
      expect(await other.get('kind-a', account)).toBeNull()
    } finally {
      await store.delete('kind-a', account)
    }
  })

  it('keeps every profile secret in the keychain and deletes them on sign-out', async () => {
    await vault.saveConsumerSecret(profileId, 'consumer-secret-value')
    await vault.saveAccessToken(profileId, {
      accessToken: '123-access',
      accessTokenSecret: 'access-secret-value',
    })
    await vault.saveBearerToken(profileId, 'AAAA%2Fbearer')

    // A second store instance stands in for a restarted app: the secrets come from the keychain.
    const reopened = createProfileVault(createKeytarSecretStore(namespace))
    expect(await reopened.userCredentials(profileId, 'ck')).toEqual({
      consumerKey: 'ck',
      consumerSecret: 'consumer-secret-value',
      token: '123-access',
      tokenSecret: 'access-secret-value',
    })
    expect((await reopened.read(profileId)).bearerToken).toBe('AAAA%2Fbearer')

    await reopened.deleteAccessToken(profileId)
    expect(await reopened.userCredentials(profileId, 'ck')).toBeNull()
    expect((await reopened.read(profileId)).consumerSecret).toBe('consumer-secret-value')

    await reopened.deleteProfile(profileId)
    expect(await reopened.read(profileId)).toEqual({
      consumerSecret: null,
      accessToken: null,
      accessTokenSecret: null,
      bearerToken: null,
    })
  })
})
