import { describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { SECRET_KINDS, createProfileVault } from '../../../src/main/vault/profileVault'

describe('profile vault layout', () => {
  it('keeps one keychain item per secret kind, with the profile id as the account', async () => {
    const store = createMemorySecretStore()
    const vault = createProfileVault(store)
    await vault.saveConsumerSecret('work', 'cs')
    await vault.saveAccessToken('work', { accessToken: 'at', accessTokenSecret: 'ats' })
    await vault.saveBearerToken('home', 'bt')
    expect(store.size()).toBe(4)
    expect(await store.get(SECRET_KINDS.accessTokenSecret, 'work')).toBe('ats')
    expect(await store.get(SECRET_KINDS.bearerToken, 'home')).toBe('bt')
    expect((await vault.read('home')).consumerSecret).toBeNull()
    await vault.deleteProfile('work')
    expect(store.size()).toBe(1)
  })

  it('has no user credentials until both the consumer secret and the access token are stored', async () => {
    const vault = createProfileVault(createMemorySecretStore())
    await vault.saveAccessToken('p', { accessToken: 'at', accessTokenSecret: 'ats' })
    expect(await vault.userCredentials('p', 'ck')).toBeNull()
    await vault.saveConsumerSecret('p', 'cs')
    expect(await vault.userCredentials('p', 'ck')).toEqual({
      consumerKey: 'ck',
      consumerSecret: 'cs',
      token: 'at',
      tokenSecret: 'ats',
    })
  })

  it.each(['', 'a/b', 'x'.repeat(129), 'spa ce'])('rejects the profile id %j', async (profileId) => {
    const vault = createProfileVault(createMemorySecretStore())
    await expect(vault.saveConsumerSecret(profileId, 'cs')).rejects.toThrow('profile id')
  })

  it('refuses to store an empty secret', async () => {
    const vault = createProfileVault(createMemorySecretStore())
    await expect(vault.saveBearerToken('p', '')).rejects.toThrow('empty')
  })
})
