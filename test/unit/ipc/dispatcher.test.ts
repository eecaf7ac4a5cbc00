import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createIpcDispatcher, type HandlerMap } from '../../../src/main/ipc/dispatcher'
import { AppFailure, appError } from '../../../src/shared/errors'
import { createSenderPolicy, type IpcSender } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { CHANNELS } from '../../../src/shared/ipc/channels'
import { contract } from '../../../src/shared/ipc/contract'

const RENDERER = 'file:///opt/Ads%20Studio/resources/app.asar/out/renderer/index.html'
const ownFrame: IpcSender = { url: `${RENDERER}#/drafts`, isMainFrame: true }
const forgedSenders: Record<string, IpcSender> = {
  'another site': { url: 'https://evil.example/index.html', isMainFrame: true },
  'another local file': { url: 'file:///tmp/evil.html', isMainFrame: true },
  // Issue 39, D21: the same path on another host is a network share (\\evil-host\...), not our file.
  'our file on another host': { url: RENDERER.replace('file:///', 'file://evil-host/'), isMainFrame: true },
  'an iframe of our page': { url: RENDERER, isMainFrame: false },
  'a frame with no url': { url: undefined, isMainFrame: true },
}

let dataDir: string
let services: Services

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-ipc-'))
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

/** Wraps every real handler in a spy so a test can prove a refused call never reached it. */
function spiedDispatcher() {
  const spies = Object.fromEntries(
    CHANNELS.map((channel) => [channel, vi.fn(services.handlers[channel] as (r: unknown) => unknown)]),
  ) as unknown as HandlerMap & Record<string, ReturnType<typeof vi.fn>>
  return { spies, dispatcher: createIpcDispatcher(spies, createSenderPolicy(RENDERER)) }
}

describe('the IPC contract', () => {
  it('gives every channel a handler, and no handler lacks a channel', () => {
    expect(Object.keys(services.handlers).sort()).toEqual([...CHANNELS].sort())
    expect(Object.keys(contract).sort()).toEqual([...CHANNELS].sort())
    for (const channel of CHANNELS) expect(typeof services.handlers[channel]).toBe('function')
  })

  it.each(CHANNELS)('%s refuses forged senders before running the handler', async (channel) => {
    const { spies, dispatcher } = spiedDispatcher()
    for (const [label, sender] of Object.entries(forgedSenders)) {
      const result = await dispatcher.dispatch(channel, sender, {})
      expect(result, label).toEqual({
        ok: false,
        error: { code: 'forbidden_sender', message: expect.any(String) },
      })
    }
    expect(spies[channel]).not.toHaveBeenCalled()
  })

  it.each(CHANNELS)('%s refuses malformed payloads before running the handler', async (channel) => {
    const { spies, dispatcher } = spiedDispatcher()
    for (const payload of [42, 'text', null, [], { unexpectedField: true }]) {
      const result = await dispatcher.dispatch(channel, ownFrame, payload)
      expect(result.ok, JSON.stringify(payload)).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('invalid_request')
    }
    expect(spies[channel]).not.toHaveBeenCalled()
  })

  it('refuses a channel that is not in the contract', async () => {
    const { dispatcher } = spiedDispatcher()
    expect(await dispatcher.dispatch('fs.readFile', ownFrame, {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    })
  })

  it('runs the handler for a valid call from our own window', async () => {
    const { spies, dispatcher } = spiedDispatcher()
    expect(await dispatcher.dispatch('settings.update', ownFrame, { theme: 'dark' })).toEqual({
      ok: true,
      value: { theme: 'dark', postLengthLimits: {}, draftBackupsKept: 10 },
    })
    expect(spies['settings.update']).toHaveBeenCalledOnce()
    expect(await dispatcher.dispatch('settings.get', ownFrame, {})).toEqual({
      ok: true,
      value: { theme: 'dark', postLengthLimits: {}, draftBackupsKept: 10 },
    })
  })

  it('names the offending field of a malformed payload', async () => {
    const { dispatcher } = spiedDispatcher()
    expect(await dispatcher.dispatch('settings.update', ownFrame, { theme: 'purple' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'theme' },
    })
  })

  it('sends person-facing errors across, and hides everything else', async () => {
    const failing = {
      ...services.handlers,
      'app.info': () => {
        throw new AppFailure(
          appError('token_expired', 'Your access was revoked — authorize again', { field: 'pin' }),
        )
      },
      'settings.get': () => {
        throw Object.assign(new Error('ENOENT: no such file /home/designer/secret-path'), { code: 'ENOENT' })
      },
    } as HandlerMap
    const unexpected = vi.fn()
    const dispatcher = createIpcDispatcher(failing, createSenderPolicy(RENDERER), unexpected)
    expect(await dispatcher.dispatch('app.info', ownFrame, {})).toEqual({
      ok: false,
      error: { code: 'token_expired', message: 'Your access was revoked — authorize again', field: 'pin' },
    })
    const hidden = await dispatcher.dispatch('settings.get', ownFrame, {})
    expect(hidden).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(hidden)).not.toContain('secret-path')
    expect(unexpected).toHaveBeenCalledOnce()
  })

  it('strips fields a handler returns that the contract does not declare', async () => {
    const leaky = {
      ...services.handlers,
      'app.info': () => ({ name: 'Ads Studio', version: '1', consumerSecret: 'kd94hf93k423kf44' }),
    } as HandlerMap
    const dispatcher = createIpcDispatcher(leaky, createSenderPolicy(RENDERER))
    const result = await dispatcher.dispatch('app.info', ownFrame, {})
    expect(result).toEqual({ ok: true, value: { name: 'Ads Studio', version: '1' } })
  })
})

describe('the sender policy', () => {
  it('trusts only the dev server origin in development', () => {
    const policy = createSenderPolicy('http://localhost:5173')
    expect(policy({ url: 'http://localhost:5173/#/cards', isMainFrame: true })).toBe(true)
    expect(policy({ url: 'http://localhost:5174/', isMainFrame: true })).toBe(false)
    expect(policy({ url: 'not a url', isMainFrame: true })).toBe(false)
  })
})

describe('refusals name the field', () => {
  it('names an unknown key, __proto__ included, as the field', async () => {
    const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
    const extra = await dispatcher.dispatch('app.info', ownFrame, { extra: 1 })
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'extra' } })
    const proto = await dispatcher.dispatch(
      'app.info',
      ownFrame,
      JSON.parse('{"__proto__": {"isAdmin": true}}'),
    )
    expect(proto).toMatchObject({ ok: false, error: { code: 'invalid_request', field: '__proto__' } })
  })
})
