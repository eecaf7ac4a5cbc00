import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import type { ProfileSummary } from '../../../src/shared/profiles'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { approveInBrowser } from '../../support/authorizePage'
import { openApp } from '../publish/harness'

/**
 * Issue #9 (clearer failure causes): each URL given on the connect form is checked, and a wrong
 * one is named on its field before the profile says "Connected".
 */

const keychainService = `Ads Studio wrong hosts ${process.pid}`
let sandbox: Sandbox
let workDir: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-wrong-hosts-'))
  sandbox = await startSandbox({ port: 0 })
})
afterAll(async () => {
  await sandbox?.close()
  await rm(workDir, { recursive: true, force: true })
})

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
    apiUrl: sandbox.apiUrl,
    adsUrl: sandbox.adsUrl,
    adsSandboxUrl: sandbox.adsSandboxUrl,
  })
  const form = (overrides: Record<string, string>) => ({
    environment: 'local_sandbox',
    hosts: { ...hosts(), ...overrides },
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret: sandbox.demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
  })

  it('refuses an Ads URL that carries the version, before the PIN is spent', async () => {
    const app = openApp(join(workDir, 'version'), createKeytarSecretStore(keychainService))
    await expect(app.call('connect.begin', form({ adsUrl: `${sandbox.adsUrl}/12` }))).rejects.toMatchObject({
      field: 'hosts.adsUrl',
      message: expect.stringMatching(/\/12/),
    })
    await expect(
      app.call('connect.begin', form({ adsSandboxUrl: `${sandbox.adsSandboxUrl}/12/` })),
    ).rejects.toMatchObject({
      field: 'hosts.adsSandboxUrl',
    })
    expect((await app.call<{ profiles: unknown[] }>('profiles.list')).profiles).toEqual([])
    await app.services.dispose()
  })

  it.each([
    ['adsUrl', 'Ads URL'],
    ['adsSandboxUrl', 'Ads sandbox URL'],
  ] as const)(
    'checks the %s with a signed read and does not connect when it is not the ads API',
    async (key, label) => {
      const secretStore = createKeytarSecretStore(keychainService)
      const app = openApp(join(workDir, key), secretStore)
      const wrong = `${sandbox.apiUrl}/not-the-ads-api`
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
      await app.services.dispose()
    },
  )

  it('names the Platform URL when it is not the sign-in service, and the host that did not answer', async () => {
    const app = openApp(join(workDir, 'api'), createKeytarSecretStore(keychainService))
    await expect(app.call('connect.begin', form({ apiUrl: sandbox.adsUrl }))).rejects.toMatchObject({
      field: 'hosts.apiUrl',
      message: expect.stringContaining(sandbox.adsUrl),
    })
    const port = await closedPort()
    const notRunning = app.call('connect.begin', form({ apiUrl: `http://127.0.0.1:${port}` }))
    await expect(notRunning).rejects.toMatchObject({ code: 'offline', field: 'hosts.apiUrl' })
    const message = await notRunning.catch((error: Error) => error.message)
    expect(message).toContain(`127.0.0.1:${port}`)
    expect(message).not.toMatch(/internet connection/i)
    await app.services.dispose()
  })
})
