/**
 * Where secrets live: the OS keychain in the app, an in-memory map in tests. There is no
 * file-backed implementation on purpose — when the keychain is unavailable the app refuses.
 */
export type SecretStoreAvailability =
  { ok: true } | { ok: false; reason: KeychainUnavailableReason; message: string }

export type KeychainUnavailableReason = 'module_missing' | 'no_secret_service' | 'timeout'

export interface SecretStore {
  get(service: string, account: string): Promise<string | null>
  set(service: string, account: string, secret: string): Promise<void>
  /** True when something was deleted. */
  delete(service: string, account: string): Promise<boolean>
  isAvailable(): Promise<SecretStoreAvailability>
}

export const KEYCHAIN_UNAVAILABLE_MESSAGE =
  'The system keychain is not available — install and unlock a Secret Service such as gnome-keyring'

export const KEYCHAIN_MODULE_MISSING_MESSAGE =
  'The keychain module (keytar) could not be loaded — reinstall Ads Studio; on Linux also install libsecret'
