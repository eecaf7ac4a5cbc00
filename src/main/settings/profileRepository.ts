import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { profileSummarySchema, type ProfileList, type ProfileSummary } from '../../shared/profiles'
import { readRegularFileSync } from '../files/regularFile'
import { MAX_SETTINGS_BYTES, type KeyValueStore } from './settingsStore'

const PROFILES_KEY = 'profiles'
const ACTIVE_KEY = 'activeProfileId'

/**
 * Profile metadata (never secrets) in the settings file. Each record is the summary the
 * renderer sees, so there is one shape to keep in step.
 */
export interface ProfileRepository {
  list(): ProfileList
  get(id: string): ProfileSummary | undefined
  put(profile: ProfileSummary): void
  remove(id: string): void
  setActive(id: string | null): void
}

export const PROFILES_BACKUP_FILE = 'profiles-backup.json'

const backupSchema = z.object({ version: z.literal(1), profiles: z.array(profileSummarySchema) })

/** The profiles the repository last wrote beside the settings, or none. */
export function readProfilesBackup(file: string): ProfileSummary[] {
  try {
    const parsed = backupSchema.safeParse(
      JSON.parse(readRegularFileSync(file, { maxBytes: MAX_SETTINGS_BYTES }).toString('utf8')),
    )
    return parsed.success ? parsed.data.profiles : []
  } catch {
    return []
  }
}

function profilesBackupText(profiles: readonly ProfileSummary[]): string {
  return JSON.stringify({ version: 1, profiles })
}

/**
 * `backupFile`: where a copy of the profiles is kept beside the settings, so a damaged settings
 * file does not lose them (settingsRecovery.ts offers them back).
 */
export function createProfileRepository(store: KeyValueStore, backupFile?: string): ProfileRepository {
  const writeBackup = (profiles: ProfileSummary[]) => {
    if (!backupFile) return
    // Best effort, and atomic: a failed copy costs the offer after a damage, never the profiles.
    const temporary = `${backupFile}.${process.pid}.tmp`
    try {
      writeFileSync(temporary, profilesBackupText(profiles))
      renameSync(temporary, backupFile)
    } catch {
      rmSync(temporary, { force: true })
    }
  }
  const write = (profiles: ProfileSummary[]) => {
    store.set(PROFILES_KEY, profiles)
    writeBackup(profiles)
  }
  const read = (): ProfileSummary[] => {
    const parsed = z.array(profileSummarySchema).safeParse(store.get(PROFILES_KEY) ?? [])
    return parsed.success ? parsed.data : []
  }
  const activeId = (profiles: ProfileSummary[]): string | null => {
    const id = store.get(ACTIVE_KEY)
    return typeof id === 'string' && profiles.some((profile) => profile.id === id) ? id : null
  }
  // Profiles saved before the copy existed get one now.
  if (backupFile && !existsSync(backupFile)) writeBackup(read())
  return {
    list() {
      const profiles = read()
      return { profiles, activeProfileId: activeId(profiles) }
    },
    get: (id) => read().find((profile) => profile.id === id),
    put(profile) {
      const profiles = read()
      const index = profiles.findIndex((existing) => existing.id === profile.id)
      if (index >= 0) profiles[index] = profile
      else profiles.push(profile)
      write(profiles)
    },
    remove(id) {
      write(read().filter((profile) => profile.id !== id))
      if (store.get(ACTIVE_KEY) === id) store.delete(ACTIVE_KEY)
    },
    setActive(id) {
      if (id === null) store.delete(ACTIVE_KEY)
      else store.set(ACTIVE_KEY, id)
    },
  }
}
