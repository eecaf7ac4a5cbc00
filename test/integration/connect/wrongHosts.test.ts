import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import type { ProfileSummary } from '../../../src/shared/profiles'
import { approveInBrowser } from '../../support/authorizePage'
import { useSandboxApps } from '../../support/sandboxApps'

/**
 * Issue #9 (clearer failure causes): each URL given on the connect form is checked, and a wrong
 * one is named on its field before the profile says "Connected".
 */

const apps = useSandboxApps('wrong hosts')

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('connect names the URL that is wrong', () => {
  const hosts = () => ({
    apiUrl: apps.sandbox.apiUrl,
    adsUrl: apps.sandbox.adsUrl,
    adsSandboxUrl: apps.sandbox.adsSandboxUrl,
  })
  const form = (overrides: Record<string, string>) => ({
    environment: 'local_sandbox',
    hosts: { ...hosts(), ...overrides },
    consumerKey: apps.sandbox.demo.consumerKey,
    consumerSecret: apps.sandbox.demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
  })

  it('refuses an Ads URL that carries the version, before the PIN is spent', async () => {
    const app = apps.open('version')
    await expect(
      app.call('connect.begin', form({ adsUrl: `${apps.sandbox.adsUrl}/12` })),
    ).rejects.toMatchObject({
      field: 'hosts.adsUrl',
      message: expect.stringMatching(/\/12/),
    })
    await expect(
      app.call('connect.begin', form({ adsSandboxUrl: `${apps.sandbox.adsSandboxUrl}/12/` })),
    ).rejects.toMatchObject({
      field: 'hosts.adsSandboxUrl',
    })
    expect((await app.call<{ profiles: unknown[] }>('profiles.list')).profiles).toEqual([])
    await apps.close(app)
  })

  it.each([
    ['adsUrl', 'Ads URL'],
    ['adsSandboxUrl', 'Ads sandbox URL'],
  ] as const)(
    'checks the %s with a signed read and does not connect when it is not the ads API',
    async (key, label) => {
      const secretStore = createKeytarSecretStore(apps.keychainService)
      const app = apps.open(key)
      const wrong = `${apps.sandbox.apiUrl}/not-the-ads-api`
      const started = await app.call<{ profileId: string; authorizeUrl: string }>(
        'connect.begin',
        form({ [key]: wrong }),
      )
      const pin = await approveInBrowser(started.authorizeUrl)
      const refused = app.call('connect.complete', { profileId: started.profileId, pin })
      await expect(refused).rejects.toMatchObject({ code: 'invalid_input', field: `hosts.${key}` })
      const message = await refused.catch((error: Error) => error.message)
      expect(message).toContain(label)
      expect(message).toContain(wrong)
      const profile = (await app.call<{ profiles: ProfileSummary[] }>('profiles.list')).profiles[0]
      expect(profile?.status).toBe('authorizing')
      expect((await createProfileVault(secretStore).read(started.profileId)).accessToken).toBeNull()
      await app.call('profiles.signOut', { profileId: started.profileId })
      await apps.close(app)
    },
  )

  it('names the Platform URL when it is not the sign-in service, and the host that did not answer', async () => {
    const app = apps.open('api')
    await expect(app.call('connect.begin', form({ apiUrl: apps.sandbox.adsUrl }))).rejects.toMatchObject({
      field: 'hosts.apiUrl',
      message: expect.stringContaining(apps.sandbox.adsUrl),
    })
    const port = await closedPort()
    const notRunning = app.call('connect.begin', form({ apiUrl: `http://127.0.0.1:${port}` }))
    await expect(notRunning).rejects.toMatchObject({ code: 'offline', field: 'hosts.apiUrl' })
    const message = await notRunning.catch((error: Error) => error.message)
    expect(message).toContain(`127.0.0.1:${port}`)
    expect(message).not.toMatch(/internet connection/i)
    await apps.close(app)
  })
})
