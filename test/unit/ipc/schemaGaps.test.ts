import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createIpcDispatcher, type HandlerMap } from '../../../src/main/ipc/dispatcher'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { CHANNELS } from '../../../src/shared/ipc/channels'

/**
 * Issue #10, defect 6: payloads that passed a contract schema and then broke their handler
 * ('internal'), found by auditing each schema against what its handler does with the value.
 */

const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }
const profileId = '6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f'

let dataDir: string
let services: Services
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-schema-gaps-'))
  services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
})
afterEach(async () => {
  await services.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

describe('settings.update', () => {
  it('refuses a key sent without a value instead of wiping what was saved', async () => {
    const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
    const saved = await dispatcher.dispatch('settings.update', sender, {
      postLengthLimits: { [`${profileId}/acc1`]: 4000 },
    })
    expect(saved.ok).toBe(true)
    for (const patch of [{ postLengthLimits: undefined }, { theme: undefined }]) {
      const result = await dispatcher.dispatch('settings.update', sender, patch)
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'invalid_request', field: Object.keys(patch)[0] },
      })
    }
    const after = await dispatcher.dispatch('settings.get', sender, {})
    expect(after).toMatchObject({
      ok: true,
      value: { theme: 'system', postLengthLimits: { [`${profileId}/acc1`]: 4000 } },
    })
    // The service itself also ignores a key with no value (defence in depth).
    expect(services.handlers['settings.update']({ theme: undefined } as never)).toMatchObject({
      theme: 'system',
    })
  })

  it('refuses keys that are not profile/user keys', async () => {
    const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
    for (const key of ['constructor', 'toString', '', 'a'.repeat(300), 'no-slash']) {
      const result = await dispatcher.dispatch('settings.update', sender, {
        postLengthLimits: { [key]: 280 },
      })
      expect(result, key).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    }
    // An own "__proto__" key (as JSON.parse makes one) is dropped by zod, never stored.
    await dispatcher.dispatch(
      'settings.update',
      sender,
      JSON.parse('{"postLengthLimits":{"__proto__":{"polluted":1}}}'),
    )
    const { postLengthLimits } = services.settings.get()
    expect(Object.getPrototypeOf(postLengthLimits)).toBe(Object.prototype)
    expect(Object.keys(postLengthLimits)).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('values main puts into URLs or signs are refused at the boundary, on their field', () => {
  // A handler that must never run: the schema should have refused the payload.
  const neverCalled = Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      () => {
        throw new Error(`${channel} ran with a payload its schema should have refused`)
      },
    ]),
  ) as unknown as HandlerMap
  const dispatcher = createIpcDispatcher(neverCalled, createSenderPolicy(RENDERER))
  const base = { profileId, accountId: '18ce54d4x5t' }
  const cases: [string, Record<string, unknown>, string][] = [
    ['accounts.features', { ...base, accountId: 'acc\ud800' }, 'accountId'],
    ['accounts.features', { ...base, accountId: '../../1.1/oauth/invalidate_token' }, 'accountId'],
    ['accounts.select', { profileId, accountId: 'a/b' }, 'accountId'],
    ['library.list', { ...base, accountId: '\udc00' }, 'accountId'],
    ['library.list', { ...base, q: 'half \ud83d' }, 'q'],
    ['library.thumbnail', { ...base, mediaKey: '3_1\ud800' }, 'mediaKey'],
    ['catalog.productImage', { profileId, url: 'https://cdn.example/\ud800.png' }, 'url'],
    ['library.cards', { ...base, kinds: ['poll'], cardTypes: ['IMAGE\ud800'] }, 'cardTypes.0'],
    ['library.deleteCard', { ...base, kind: 'poll', cardId: 'x\ud800' }, 'cardId'],
    ['posts.rename', { ...base, postId: '1', name: 'Name \ud83d' }, 'name'],
    [
      'connect.begin',
      {
        environment: 'production',
        hosts: PRODUCTION_HOSTS,
        consumerKey: 'key',
        consumerSecret: 'secret',
        accessLevel: 'write',
        forceLogin: false,
        screenName: '@me\ud800',
      },
      'screenName',
    ],
    [
      'connect.begin',
      {
        environment: 'production',
        hosts: PRODUCTION_HOSTS,
        consumerKey: 'k\udfff',
        consumerSecret: 's',
        accessLevel: 'write',
        forceLogin: false,
      },
      'consumerKey',
    ],
    ['devtools.deleteWebhook', { profileId, webhookId: '12\ud800' }, 'webhookId'],
  ]
  it.each(cases)('%s refuses %j on %s', async (channel, payload, field) => {
    const result = await dispatcher.dispatch(channel, sender, payload)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', field } })
  })
})
