// Opens createServices against the sandbox and connects one profile through the PIN flow,
// the way test/integration/connect/connectFlow.test.ts does; every call goes through the
// validating dispatcher, as the renderer's would.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHttpClient } from '../../../src/main/api/http'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services, type ServicesConfig } from '../../../src/main/services'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import type { Environment, ProfileSummary } from '../../../src/shared/profiles'
import type { Sandbox } from '../../../sandbox/index'
import { approveInBrowser } from '../../support/authorizePage'

const RENDERER = 'file:///app/out/renderer/index.html'

export interface ConnectedApp {
  services: Services
  profile: ProfileSummary
  call<T = unknown>(channel: string, request: unknown): Promise<T>
  /** The profile's own credentials, for setting up fixtures through src/main/api/ads.ts. */
  adsContext(): Promise<AdsContext>
  close(): Promise<void>
}

export async function openConnectedApp(
  sandbox: Sandbox,
  options: { environment?: Environment; keychainService: string; config?: Partial<ServicesConfig> },
): Promise<ConnectedApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-library-'))
  const secretStore = createKeytarSecretStore(options.keychainService)
  const services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    secretStore,
    env: {},
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
    ...options.config,
  })
  const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
  const call = async <T = unknown>(channel: string, request: unknown): Promise<T> => {
    const response = await dispatcher.dispatch(channel, { url: RENDERER, isMainFrame: true }, request)
    if (!response.ok) throw Object.assign(new Error(response.error.message), response.error)
    return response.value as T
  }
  const hosts = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }
  const started = await call<{ profileId: string; authorizeUrl: string }>('connect.begin', {
    environment: options.environment ?? 'local_sandbox',
    hosts,
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret: sandbox.demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
  })
  const pin = await approveInBrowser(started.authorizeUrl)
  const profile = await call<ProfileSummary>('connect.complete', { profileId: started.profileId, pin })
  const vault = createProfileVault(secretStore)
  return {
    services,
    profile,
    call,
    async adsContext() {
      const credentials = await vault.userCredentials(profile.id, profile.consumerKey)
      if (!credentials) throw new Error('the profile has no credentials')
      return { http: createHttpClient(), hosts, credentials }
    },
    async close() {
      await call('profiles.signOut', { profileId: profile.id }).catch(() => undefined)
      await services.dispose()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
