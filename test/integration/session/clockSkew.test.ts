import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import type { ProfileSummary } from '../../../src/shared/profiles'

const RENDERER = 'file:///app/out/renderer/index.html'
/** The platform's clock runs two hours ahead of this computer's. */
const SKEW_MS = 2 * 60 * 60 * 1000
const TOLERANCE_S = 300

interface Seen {
  method: string
  path: string
  refusedForTime: boolean
}

/** An ads API whose clock is off: a signature outside its window gets code 135 and its Date. */
function skewedPlatform(seen: Seen[]) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const serverNow = Date.now() + SKEW_MS
    const timestamp = /oauth_timestamp="(\d+)"/.exec(request.headers.authorization ?? '')?.[1]
    const inWindow = timestamp !== undefined && Math.abs(Number(timestamp) - serverNow / 1000) <= TOLERANCE_S
    const path = new URL(request.url ?? '/', 'http://platform').pathname
    seen.push({ method: request.method ?? '', path, refusedForTime: !inWindow })
    request.resume()
    request.on('end', () => {
      response.setHeader('date', new Date(serverNow).toUTCString())
      response.setHeader('content-type', 'application/json')
      if (!inWindow) {
        response.statusCode = 401
        response.end(JSON.stringify({ errors: [{ code: 135, message: 'Timestamp out of bounds.' }] }))
        return
      }
      const data =
        path.endsWith('/accounts') && request.method === 'GET'
          ? [{ id: 'acc1', name: 'Main account' }]
          : { id: 'acc1', name: 'Renamed account' }
      response.end(JSON.stringify({ data, request: { params: {} }, next_cursor: null }))
    })
  }
}

let server: Server
let baseUrl: string
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer(skewedPlatform(seen))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('the request session', () => {
  it('learns the clock skew once: the outbox signs with the correction an account page learnt', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-skew-'))
    const settingsStore = createMemoryStore()
    const secretStore = createMemorySecretStore()
    const profile: ProfileSummary = {
      id: randomUUID(),
      label: 'Skewed',
      environment: 'custom',
      hosts: { apiUrl: baseUrl, adsUrl: `${baseUrl}/ads`, adsSandboxUrl: `${baseUrl}/ads-sandbox` },
      consumerKey: 'key',
      accessLevel: 'write',
      status: 'connected',
      userId: '42',
      activeAccountId: 'acc1',
      updatedAt: new Date().toISOString(),
    }
    settingsStore.set('profiles', [profile])
    settingsStore.set('activeProfileId', profile.id)
    const vault = createProfileVault(secretStore)
    await vault.saveConsumerSecret(profile.id, 'consumer-secret')
    await vault.saveAccessToken(profile.id, { accessToken: 'token', accessTokenSecret: 'token-secret' })
    // No `http` in the config: the app's own wiring decides which clients exist.
    const services = createServices({
      dataDir,
      hosts: PRODUCTION_HOSTS,
      settingsStore,
      secretStore,
      env: {},
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
      openExternal: async () => {},
      appInfo: { name: 'Ads Studio', version: 'test' },
      outbox: { backoffBaseMs: 1, backoffMaxMs: 1 },
    })
    const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
    const call = async (channel: string, request: unknown) => {
      const response = await dispatcher.dispatch(channel, { url: RENDERER, isMainFrame: true }, request)
      if (!response.ok) throw Object.assign(new Error(response.error.message), response.error)
      return response.value
    }
    try {
      expect(await call('accounts.list', { profileId: profile.id })).toEqual({
        accounts: [{ id: 'acc1', name: 'Main account' }],
      })
      expect(seen.filter((request) => request.refusedForTime)).toHaveLength(1)

      await call('accounts.update', { profileId: profile.id, accountId: 'acc1', name: 'Renamed account' })
      await services.outbox.idle()
      const update = seen.filter((request) => request.method === 'PUT')
      expect(update.length).toBeGreaterThan(0)
      // The outbox's first request is already signed with the server's time.
      expect(update.every((request) => !request.refusedForTime)).toBe(true)
      expect(seen.filter((request) => request.refusedForTime)).toHaveLength(1)
    } finally {
      await services.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
