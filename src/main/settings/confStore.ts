import Conf from 'conf'
import { SETTINGS_FILE_NAME, type KeyValueStore } from './settingsStore'

/** conf-backed store for plain Node; same file format and location as the app's electron-store. */
export function createConfStore(dataDir: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: SETTINGS_FILE_NAME,
    projectName: 'ads-studio',
    clearInvalidConfig: false,
  })
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  }
}

/** A store that lives only in memory, for unit tests of services that need settings. */
export function createMemoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial))
  return {
    get: (key) => structuredClone(values.get(key)),
    set: (key, value) => void values.set(key, structuredClone(value)),
    delete: (key) => void values.delete(key),
  }
}
