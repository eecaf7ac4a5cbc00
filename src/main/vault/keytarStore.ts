import { randomUUID } from 'node:crypto'
import { AppFailure, appError } from '../../shared/errors'
import { KEYCHAIN_MODULE_MISSING_MESSAGE, KEYCHAIN_UNAVAILABLE_MESSAGE } from './secretStore'
import type { KeychainUnavailableReason, SecretStore, SecretStoreAvailability } from './secretStore'

/** The part of keytar we use; tests inject a failing one to exercise the refusal path. */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface KeytarStoreOptions {
  loadBackend?: () => Promise<KeychainBackend>
  /** A locked keyring can wait forever on an unlock prompt; give up after this long. */
  operationTimeoutMs?: number
}

type Unavailable = Extract<SecretStoreAvailability, { ok: false }>
type Outcome<T> = { ok: true; value: T } | Unavailable

class KeychainTimeout extends Error {}

async function loadKeytar(): Promise<KeychainBackend> {
  // Dynamic so that a missing native module (or libsecret) is a clear refusal, not a crash at startup.
  const loaded = (await import('keytar')) as unknown as KeychainBackend & { default?: KeychainBackend }
  const backend = loaded.default ?? loaded
  if (typeof backend.getPassword !== 'function') throw new Error('keytar has no getPassword')
  return backend
}

function unavailable(reason: KeychainUnavailableReason): Unavailable {
  return {
    ok: false,
    reason,
    message: reason === 'module_missing' ? KEYCHAIN_MODULE_MISSING_MESSAGE : KEYCHAIN_UNAVAILABLE_MESSAGE,
  }
}

/**
 * Secrets in the OS keychain through keytar. Items are stored under the keychain service
 * "<serviceName>/<service>" so one app (or one test run) never touches another's entries.
 * Every failure is a keychain_unavailable refusal; nothing is ever written anywhere else.
 */
export function createKeytarSecretStore(serviceName: string, options: KeytarStoreOptions = {}): SecretStore {
  const load = options.loadBackend ?? loadKeytar
  const timeoutMs = options.operationTimeoutMs ?? 10_000
  let backendPromise: Promise<KeychainBackend> | undefined

  async function withinTimeout<T>(operation: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new KeychainTimeout()), timeoutMs)
    })
    operation.catch(() => undefined)
    try {
      return await Promise.race([operation, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Keychain errors carry D-Bus details, never our secret; the person only needs what to do. */
  async function attempt<T>(operation: (keychain: KeychainBackend) => Promise<T>): Promise<Outcome<T>> {
    let keychain: KeychainBackend
    try {
      backendPromise ??= load()
      keychain = await backendPromise
    } catch {
      backendPromise = undefined
      return unavailable('module_missing')
    }
    try {
      return { ok: true, value: await withinTimeout(operation(keychain)) }
    } catch (error) {
      return unavailable(error instanceof KeychainTimeout ? 'timeout' : 'no_secret_service')
    }
  }

  async function run<T>(operation: (keychain: KeychainBackend) => Promise<T>): Promise<T> {
    const outcome = await attempt(operation)
    if (!outcome.ok) throw new AppFailure(appError('keychain_unavailable', outcome.message))
    return outcome.value
  }

  const itemService = (service: string) => `${serviceName}/${service}`

  return {
    get: (service, account) => run((keychain) => keychain.getPassword(itemService(service), account)),
    set: (service, account, secret) =>
      run((keychain) => keychain.setPassword(itemService(service), account, secret)),
    delete: (service, account) => run((keychain) => keychain.deletePassword(itemService(service), account)),

    async isAvailable() {
      // A write-read-delete round trip: reading alone can succeed on a locked keyring.
      const probeService = itemService('availability-check')
      const probeAccount = randomUUID()
      const outcome = await attempt(async (keychain) => {
        await keychain.setPassword(probeService, probeAccount, probeAccount)
        const readBack = await keychain.getPassword(probeService, probeAccount)
        await keychain.deletePassword(probeService, probeAccount)
        if (readBack !== probeAccount) throw new Error('keychain did not return what was stored')
      })
      return outcome.ok ? { ok: true } : outcome
    },
  }
}
