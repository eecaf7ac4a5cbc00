import { settingsSchema, type Settings } from '../../shared/ipc/contract'
import type { KeyValueStore } from './settingsStore'

/** Backups kept per draft unless the designer chose another number. */
export const DEFAULT_DRAFT_BACKUPS_KEPT = 10

const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  postLengthLimits: {},
  draftBackupsKept: DEFAULT_DRAFT_BACKUPS_KEPT,
}
const KEY = 'preferences'

export interface SettingsService {
  get(): Settings
  update(patch: Partial<Settings>): Settings
}

export function createSettingsService(store: KeyValueStore): SettingsService {
  const read = (): Settings => {
    const parsed = settingsSchema.partial().safeParse(store.get(KEY) ?? {})
    // A hand-edited or older file should not stop the app: fall back per field.
    return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) }
  }
  return {
    get: read,
    update(patch) {
      // Only what the patch sets: a key present with no value changes nothing.
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
      const next = { ...read(), ...defined }
      store.set(KEY, next)
      return next
    },
  }
}
