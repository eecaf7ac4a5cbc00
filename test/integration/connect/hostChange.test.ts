import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAccounts } from '../../../src/main/api/ads'
import { createHttpClient } from '../../../src/main/api/http'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import type { ProfileSummary } from '../../../src/shared/profiles'
import { acceptEverything, startRecordingServer, type RecordingServer } from '../../support/recordingServer'
import { secretLeaks } from '../../support/secretLeaks'
import { connectProfile } from '../publish/harness'
import { useSandboxApps } from '../../support/sandboxApps'

/**
 * Issue #10, defect 1: a profile's hosts are part of its identity. A renderer (possibly
 * compromised) that points an existing profile at another host must never get the stored
 * consumer secret, access token or bearer token sent there.
 */

const apps = useSandboxApps('host change')
let elsewhere: RecordingServer

beforeAll(async () => {
  elsewhere = await startRecordingServer(acceptEverything)
})
afterAll(async () => {
  await elsewhere?.close()
})

describe('changing the hosts of an existing profile', () => {
  it('never sends a stored secret to the new host, drops the tokens and revokes them where they were issued', async () => {
    const secretStore = createKeytarSecretStore(apps.keychainService)
    const app = apps.open('app')
    const realHosts = {
      apiUrl: apps.sandbox.apiUrl,
      adsUrl: apps.sandbox.adsUrl,
      adsSandboxUrl: apps.sandbox.adsSandboxUrl,
    }
    const connected = await connectProfile(app, realHosts, apps.sandbox.demo)
    expect(await app.call('devtools.bearerCreate', { profileId: connected.id })).toMatchObject({
      present: true,
    })
    const vault = createProfileVault(secretStore)
    const real = await vault.read(connected.id)
    expect(real.accessToken && real.accessTokenSecret && real.bearerToken && real.consumerSecret).toBeTruthy()

    const otherHosts = {
      apiUrl: elsewhere.url,
      adsUrl: `${elsewhere.url}/ads`,
      adsSandboxUrl: `${elsewhere.url}/ads-sandbox`,
    }
    const moveTo = (extra: Record<string, unknown>) =>
      app.call('connect.begin', {
        profileId: connected.id,
        environment: 'custom',
        hosts: otherHosts,
        consumerKey: apps.sandbox.demo.consumerKey,
        accessLevel: 'write',
        forceLogin: false,
        ...extra,
      })

    // Without the secret: refused on the secret field, and nothing changed.
    await expect(moveTo({})).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'consumerSecret',
      message: expect.stringMatching(/secret/i),
    })
    const unchanged = await app.call<{ profiles: ProfileSummary[] }>('profiles.list')
    expect(unchanged.profiles[0]).toMatchObject({ status: 'connected', hosts: realHosts })
    expect(elsewhere.requests).toEqual([])

    // With a secret typed again the authorization starts over on the new hosts.
    await moveTo({ consumerSecret: 'a-secret-typed-for-the-new-host' })
    const moved = (await app.call<{ profiles: ProfileSummary[] }>('profiles.list')).profiles[0]!
    expect(moved).toMatchObject({ status: 'authorizing', hosts: otherHosts })
    expect(moved.screenName).toBeUndefined()
    expect(moved.activeAccountId).toBeUndefined()
    expect(await vault.read(connected.id)).toMatchObject({
      accessToken: null,
      accessTokenSecret: null,
      bearerToken: null,
    })

    // Everything a page could ask for next: none of it carries an old secret anywhere.
    await app.call('devtools.bearerStatus', { profileId: connected.id })
    await app.call('devtools.bearerCreate', { profileId: connected.id }).catch(() => undefined)
    await app.call('devtools.bearerRevoke', { profileId: connected.id }).catch(() => undefined)
    await app.call('accounts.list', { profileId: connected.id }).catch(() => undefined)
    const signedOut = await app.call<{ revokedOnServer: boolean }>('profiles.signOut', {
      profileId: connected.id,
    })
    expect(signedOut.revokedOnServer).toBe(false)

    const leaks = elsewhere.requests.flatMap((request) =>
      secretLeaks(request, {
        consumerSecret: real.consumerSecret!,
        accessToken: real.accessToken,
        accessTokenSecret: real.accessTokenSecret,
        bearerToken: real.bearerToken,
      }),
    )
    expect(leaks).toEqual([])
    expect(elsewhere.requests.length).toBeGreaterThan(0) // the new host did get the new secret's requests

    // The dropped access token no longer works where it was issued.
    await expect(
      listAccounts({
        http: createHttpClient(),
        hosts: realHosts,
        credentials: {
          consumerKey: apps.sandbox.demo.consumerKey,
          consumerSecret: real.consumerSecret!,
          token: real.accessToken!,
          tokenSecret: real.accessTokenSecret!,
        },
      }),
    ).rejects.toMatchObject({ code: 'token_expired' })
    await apps.close(app)
  })

  it('asks for the secret again when only the environment or the API key changes', async () => {
    const app = apps.open('env')
    const realHosts = {
      apiUrl: apps.sandbox.apiUrl,
      adsUrl: apps.sandbox.adsUrl,
      adsSandboxUrl: apps.sandbox.adsSandboxUrl,
    }
    const connected = await connectProfile(app, realHosts, apps.sandbox.demo)
    const base = {
      profileId: connected.id,
      environment: 'local_sandbox',
      hosts: realHosts,
      consumerKey: apps.sandbox.demo.consumerKey,
      accessLevel: 'write',
      forceLogin: false,
    }
    // ads_sandbox sends ads calls to the sandbox host: another host.
    await expect(app.call('connect.begin', { ...base, environment: 'ads_sandbox' })).rejects.toMatchObject({
      field: 'consumerSecret',
    })
    await expect(app.call('connect.begin', { ...base, consumerKey: 'another-app' })).rejects.toMatchObject({
      field: 'consumerSecret',
    })
    // The same identity re-authorizes with the secret from the keychain.
    await expect(app.call('connect.begin', base)).resolves.toMatchObject({ profileId: connected.id })
    await app.call('profiles.signOut', { profileId: connected.id })
    await apps.close(app)
  })

  it('refuses plain http to anything but loopback, and credentials in a host URL', async () => {
    const app = apps.open('http')
    const begin = (hosts: Record<string, string>) =>
      app.call('connect.begin', {
        environment: 'custom',
        hosts: {
          apiUrl: 'https://api.example.com',
          adsUrl: 'https://ads.example.com',
          adsSandboxUrl: 'https://sb.example.com',
          ...hosts,
        },
        consumerKey: 'key',
        consumerSecret: 'secret',
        accessLevel: 'write',
        forceLogin: false,
      })
    await expect(begin({ apiUrl: 'http://api.example.com' })).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'hosts.apiUrl',
      message: expect.stringMatching(/https/),
    })
    await expect(begin({ adsUrl: 'http://10.0.0.5:4010/ads' })).rejects.toMatchObject({
      field: 'hosts.adsUrl',
    })
    await expect(begin({ adsSandboxUrl: 'https://user:pw@sb.example.com' })).rejects.toMatchObject({
      field: 'hosts.adsSandboxUrl',
    })
    await expect(begin({ apiUrl: 'ftp://api.example.com' })).rejects.toMatchObject({ field: 'hosts.apiUrl' })
    await apps.close(app)
  })
})
