/**
 * The small persistence interface for non-secret settings and profile metadata. In the app it
 * is backed by electron-store; in plain Node (tests, the E2E bridge) by conf, which is
 * electron-store's base and writes the same JSON file.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** Store names, so the app and Node open the same file: <dataDir>/settings.json. */
export const SETTINGS_FILE_NAME = 'settings'

/** Settings are a few kilobytes; a file this large is not one Ads Studio wrote. */
export const MAX_SETTINGS_BYTES = 16 * 1024 * 1024
