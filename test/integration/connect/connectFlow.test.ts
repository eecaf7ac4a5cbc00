import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { invalidateToken } from '../../../src/main/auth/pinFlow'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services } from '../../../src/main/services'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import type { SecretStore } from '../../../src/main/vault/secretStore'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import type { IpcResult } from '../../../src/shared/ipc/result'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { approveInBrowser } from '../../support/authorizePage'
import { readAllFiles } from '../../support/files'

const RENDERER = 'file:///app/out/renderer/index.html'

let sandbox: Sandbox
const keychainService = `Ads Studio connect test ${process.pid}`

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
})
afterAll(async () => {
  await sandbox?.close()
})

interface Recorded {
  channel: string
  request: unknown
  response: IpcResult<unknown>
}

/** The app as the renderer sees it: every call goes through the validating dispatcher and is recorded. */
function openApp(dataDir: string, secretStore: SecretStore) {
  const opened: string[] = []
  const services: Services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    secretStore,
    env: {},
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async (url) => void opened.push(url),
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
  const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
  const recorded: Recorded[] = []
  const call = async <T = unknown>(channel: string, request: unknown): Promise<T> => {
    const response = await dispatcher.dispatch(channel, { url: RENDERER, isMainFrame: true }, request)
    recorded.push({ channel, request, response })
    if (!response.ok) throw Object.assign(new Error(response.error.message), response.error)
    return response.value as T
  }
  return { services, call, recorded, opened }
}

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'ads-studio-connect-'))
  dirs.push(dir)
  return dir
}

describe('connecting through the PIN flow, against the sandbox and the real keychain', () => {
  it('authorizes, calls the ads API, survives a restart, expires on revocation and signs out leaving no secret behind', async () => {
    const dataDir = await tempDir()
    const secretStore = createKeytarSecretStore(keychainService)
    const logs: string[] = []
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void logs.push(args.map(String).join(' ')),
      )
    }
    const app = openApp(dataDir, secretStore)
    const hosts = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }

    const started = await app.call<{ profileId: string; authorizeUrl: string }>('connect.begin', {
      environment: 'local_sandbox',
      hosts,
      consumerKey: sandbox.demo.consumerKey,
      consumerSecret: sandbox.demo.consumerSecret,
      accessLevel: 'write',
      forceLogin: false,
      label: 'Sandbox',
    })
    expect(app.opened).toEqual([started.authorizeUrl])
    expect(started.authorizeUrl.startsWith(`${sandbox.apiUrl}/oauth/authorize?oauth_token=`)).toBe(true)

    const pin = await approveInBrowser(started.authorizeUrl)
    const profile = await app.call<{ status: string; screenName: string; userId: string }>(
      'connect.complete',
      {
        profileId: started.profileId,
        pin: ` ${pin} `,
      },
    )
    expect(profile).toMatchObject({
      status: 'connected',
      screenName: sandbox.demo.screenName,
      userId: sandbox.demo.userId,
    })

    const { accounts } = await app.call<{ accounts: { id: string }[] }>('accounts.list', {
      profileId: started.profileId,
    })
    expect(accounts.map((account) => account.id).sort()).toEqual([...sandbox.demo.accountIds].sort())
    // A first ad account is chosen on connect; switching is checked against the profile's accounts.
    expect(sandbox.demo.accountIds).toContain((profile as { activeAccountId?: string }).activeAccountId)
    const second = sandbox.demo.accountIds.find(
      (id) => id !== (profile as { activeAccountId?: string }).activeAccountId,
    )!
    expect(
      await app.call('accounts.select', { profileId: started.profileId, accountId: second }),
    ).toMatchObject({
      activeAccountId: second,
    })
    await expect(
      app.call('accounts.select', { profileId: started.profileId, accountId: 'not-mine' }),
    ).rejects.toMatchObject({
      code: 'not_found',
      field: 'accountId',
    })

    // Restart: new services on the same data directory are still connected, from the keychain alone.
    await app.services.dispose()
    const restarted = openApp(dataDir, createKeytarSecretStore(keychainService))
    const afterRestart = await restarted.call<{
      profiles: { id: string; status: string }[]
      activeProfileId: string
    }>('profiles.list', {})
    expect(afterRestart.activeProfileId).toBe(started.profileId)
    expect(afterRestart.profiles[0]?.status).toBe('connected')
    expect(
      (await restarted.call<{ accounts: unknown[] }>('accounts.list', { profileId: started.profileId }))
        .accounts,
    ).toHaveLength(2)

    const vault = createProfileVault(secretStore)
    const secrets = await vault.read(started.profileId)
    const secretValues = [secrets.consumerSecret, secrets.accessToken, secrets.accessTokenSecret]
    expect(secretValues.every((value) => typeof value === 'string' && value.length > 0)).toBe(true)

    // Revoked elsewhere (e.g. on the developer portal): the next call gets 89 and the profile shows expired.
    await invalidateToken({
      hosts,
      consumerKey: sandbox.demo.consumerKey,
      consumerSecret: secrets.consumerSecret!,
      accessToken: secrets.accessToken!,
      accessTokenSecret: secrets.accessTokenSecret!,
    })
    await expect(restarted.call('accounts.list', { profileId: started.profileId })).rejects.toMatchObject({
      code: 'token_expired',
      message: expect.stringMatching(/authorize again/i),
    })
    const expired = await restarted.call<{ profiles: { status: string }[] }>('profiles.list', {})
    expect(expired.profiles[0]?.status).toBe('expired')

    const signedOut = await restarted.call<{ revokedOnServer: boolean; list: { profiles: unknown[] } }>(
      'profiles.signOut',
      {
        profileId: started.profileId,
      },
    )
    expect(signedOut.list.profiles).toEqual([])
    expect(await vault.read(started.profileId)).toEqual({
      consumerSecret: null,
      accessToken: null,
      accessTokenSecret: null,
      bearerToken: null,
    })
    await restarted.services.dispose()

    // No secret in any file, log line or IPC answer; the consumer secret appears in exactly one
    // request (renderer → main, on its way into the keychain), the tokens in none.
    const files = await readAllFiles(dataDir)
    expect(files.length).toBeGreaterThan(0)
    const everyIpc = [...app.recorded, ...restarted.recorded]
    for (const secret of secretValues as string[]) {
      for (const file of files) expect(file.text.includes(secret), `${file.path} holds a secret`).toBe(false)
      for (const line of logs) expect(line.includes(secret), 'a log line holds a secret').toBe(false)
      for (const { channel, response } of everyIpc) {
        expect(JSON.stringify(response).includes(secret), `${channel} answered with a secret`).toBe(false)
      }
    }
    const requestsWithSecret = everyIpc.filter(({ request }) =>
      JSON.stringify(request).includes(secrets.consumerSecret!),
    )
    expect(requestsWithSecret.map(({ channel }) => channel)).toEqual(['connect.begin'])
    for (const token of [secrets.accessToken!, secrets.accessTokenSecret!]) {
      expect(everyIpc.some(({ request }) => JSON.stringify(request).includes(token))).toBe(false)
    }
    vi.restoreAllMocks()
  })

  it('refuses to connect without a keychain and writes nothing anywhere', async () => {
    const dataDir = await tempDir()
    const noKeychain = createKeytarSecretStore(keychainService, {
      loadBackend: async () => {
        throw new Error('libsecret is not installed')
      },
    })
    const app = openApp(dataDir, noKeychain)
    await expect(
      app.call('connect.begin', {
        environment: 'local_sandbox',
        hosts: { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
        consumerKey: sandbox.demo.consumerKey,
        consumerSecret: sandbox.demo.consumerSecret,
        accessLevel: 'write',
        forceLogin: false,
      }),
    ).rejects.toMatchObject({ code: 'keychain_unavailable', message: expect.stringMatching(/keychain/i) })
    expect(await app.call<{ profiles: unknown[] }>('profiles.list', {})).toEqual({
      profiles: [],
      activeProfileId: null,
    })
    expect(app.opened).toEqual([])
    for (const file of await readAllFiles(dataDir))
      expect(file.text).not.toContain(sandbox.demo.consumerSecret)
    await app.services.dispose()
  })
})
