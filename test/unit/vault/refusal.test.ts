import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { AppFailure } from '../../../src/shared/errors'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import type { KeychainBackend } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import {
  KEYCHAIN_MODULE_MISSING_MESSAGE,
  KEYCHAIN_UNAVAILABLE_MESSAGE,
} from '../../../src/main/vault/secretStore'

const run = promisify(execFile)
const childScript = join(import.meta.dirname, 'fixtures', 'noKeychainChild.ts')
// The child runs from an empty temp dir, so the TypeScript loader is named by absolute URL.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const tempDirs: string[] = []

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

async function expectRefusal(promise: Promise<unknown>, message: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppFailure)
  expect((error as AppFailure).toAppError()).toEqual({ code: 'keychain_unavailable', message })
}

describe('no keychain: refuse, never fall back', () => {
  it('refuses in a process without a Secret Service and writes nothing to disk', async () => {
    const home = await mkdtemp(join(tmpdir(), 'ads-studio-nokeychain-'))
    tempDirs.push(home)
    const runtimeDir = join(home, 'run')
    await mkdir(runtimeDir, { mode: 0o700 })
    const secret = `never-on-disk-${randomUUID()}`

    const { stdout, stderr } = await run(process.execPath, ['--import', tsxLoader, childScript], {
      cwd: home,
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        NODE_PATH: process.env.NODE_PATH,
        HOME: home,
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_CACHE_HOME: join(home, 'cache'),
        // An empty runtime dir and no bus address or display: libsecret can find no Secret Service.
        XDG_RUNTIME_DIR: runtimeDir,
        CHILD_SECRET: secret,
      },
    })
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      availability: { ok: boolean; reason?: string; message?: string }
      setError: { code?: string; message?: string } | null
    }
    expect(report.availability).toEqual({
      ok: false,
      reason: 'no_secret_service',
      message: KEYCHAIN_UNAVAILABLE_MESSAGE,
    })
    expect(report.setError).toEqual({ code: 'keychain_unavailable', message: KEYCHAIN_UNAVAILABLE_MESSAGE })
    expect(stdout + stderr).not.toContain(secret)

    for (const file of await filesUnder(home)) {
      expect(await readFile(file, 'utf8'), file).not.toContain(secret)
    }
  })

  it('reports a missing native module clearly', async () => {
    const store = createKeytarSecretStore('ads-studio-test', {
      loadBackend: () => Promise.reject(new Error("Cannot find module 'keytar'")),
    })
    expect(await store.isAvailable()).toEqual({
      ok: false,
      reason: 'module_missing',
      message: KEYCHAIN_MODULE_MISSING_MESSAGE,
    })
    await expectRefusal(store.set('consumer-secret', 'p1', 'x'), KEYCHAIN_MODULE_MISSING_MESSAGE)
  })

  it('turns every backend failure into the keychain message, without the backend details', async () => {
    const calls: string[] = []
    const failing: KeychainBackend = {
      getPassword: async () => {
        calls.push('get')
        throw new Error('org.freedesktop.Secret.Error.IsLocked: Cannot create an item in a locked collection')
      },
      setPassword: async () => {
        calls.push('set')
        throw new Error('org.freedesktop.Secret.Error.IsLocked')
      },
      deletePassword: async () => {
        calls.push('delete')
        throw new Error('org.freedesktop.Secret.Error.IsLocked')
      },
    }
    const store = createKeytarSecretStore('ads-studio-test', { loadBackend: async () => failing })
    const vault = createProfileVault(store)
    expect(await store.isAvailable()).toEqual({
      ok: false,
      reason: 'no_secret_service',
      message: KEYCHAIN_UNAVAILABLE_MESSAGE,
    })
    await expectRefusal(vault.saveConsumerSecret('p1', 'secret'), KEYCHAIN_UNAVAILABLE_MESSAGE)
    await expectRefusal(vault.read('p1'), KEYCHAIN_UNAVAILABLE_MESSAGE)
    await expectRefusal(vault.deleteProfile('p1'), KEYCHAIN_UNAVAILABLE_MESSAGE)
    expect(calls).toEqual(['set', 'set', 'get', 'delete'])
  })

  it('gives up on a keychain that never answers (a locked keyring waiting on a prompt)', async () => {
    const hanging: KeychainBackend = {
      getPassword: () => new Promise(() => undefined),
      setPassword: () => new Promise(() => undefined),
      deletePassword: () => new Promise(() => undefined),
    }
    const store = createKeytarSecretStore('ads-studio-test', {
      loadBackend: async () => hanging,
      operationTimeoutMs: 50,
    })
    expect(await store.isAvailable()).toMatchObject({ ok: false, reason: 'timeout' })
    await expectRefusal(store.get('consumer-secret', 'p1'), KEYCHAIN_UNAVAILABLE_MESSAGE)
  })
})
