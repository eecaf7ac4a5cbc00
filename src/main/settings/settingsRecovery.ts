import { renameSync } from 'node:fs'
import { basename, join } from 'node:path'
import { z } from 'zod'
import { profileSummarySchema, type ProfileSummary } from '../../shared/profiles'
import { damagedPath } from '../files/storeFile'
import { isMissing, readRegularFileSync, UnsafeFileError } from '../files/regularFile'
import type { ProfileRepository } from './profileRepository'
import type { ProfileVault } from '../vault/profileVault'
import { MAX_SETTINGS_BYTES, SETTINGS_FILE_NAME, type KeyValueStore } from './settingsStore'

/**
 * A settings file that cannot be read must not stop the app. The settings store (conf,
 * electron-store) throws on a damaged file and waits forever on a FIFO, before a single IPC
 * handler exists: the window then shows with nothing behind it. So the file is checked first, as
 * a damaged draft is: anything but a JSON object in a regular file is moved aside, kept, and the
 * app starts with its default settings and says so. Profiles are metadata in that file (their
 * secrets are in the keychain), so the repository keeps a copy of them beside it
 * (profileRepository.ts); those whose secrets are still in the keychain are offered back.
 */

const RECOVERY_KEY = 'settingsRecovery'

export interface SettingsRecovery {
  /** The damaged file's new name, beside the new one; absent when it could not be moved. */
  movedTo?: string
  /** Completes "it …": what was wrong with it. */
  why: string
}

function damage(path: string): string | undefined {
  let text: string
  try {
    // A link to a settings file kept elsewhere is fine; what it leads to is held to the same rules.
    text = readRegularFileSync(path, { maxBytes: MAX_SETTINGS_BYTES, followLinks: true }).toString('utf8')
  } catch (error) {
    if (isMissing(error)) return undefined
    if (error instanceof UnsafeFileError) return `is ${error.message}`
    return `could not be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`
  }
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined
    return 'does not hold settings'
  } catch {
    return text.length === 0 ? 'is empty' : 'is damaged (not valid JSON)'
  }
}

/**
 * Checks `<dataDir>/settings.json` before any store opens it; a damaged one is moved aside.
 * Synchronous: it runs before the services, which read the settings as they are built.
 */
export function checkSettingsFile(
  dataDir: string,
  now: () => Date = () => new Date(),
): SettingsRecovery | undefined {
  const path = join(dataDir, `${SETTINGS_FILE_NAME}.json`)
  const why = damage(path)
  if (why === undefined) return undefined
  const target = damagedPath(path, now)
  try {
    renameSync(path, target)
    return { movedTo: basename(target), why }
  } catch {
    return { why }
  }
}

const recordSchema = z.object({ message: z.string(), profiles: z.array(profileSummarySchema) })

export interface RecoveredProfiles {
  message: string
  /** Profiles that were in the damaged settings and whose secrets are still in the keychain. */
  profiles: ProfileSummary[]
}

/**
 * What the app says after it set a damaged settings file aside, kept in the new settings until
 * the designer restores the profiles offered or dismisses the offer.
 */
export function createSettingsRecovery(deps: {
  store: KeyValueStore
  profiles: ProfileRepository
  vault: ProfileVault
}) {
  const recorded = () => {
    const parsed = recordSchema.safeParse(deps.store.get(RECOVERY_KEY))
    return parsed.success ? parsed.data : undefined
  }

  /** Offered: not already back, and the keychain still holds the profile's app secret. */
  async function offered(candidates: readonly ProfileSummary[]): Promise<ProfileSummary[]> {
    const present = new Set(deps.profiles.list().profiles.map((profile) => profile.id))
    const offer: ProfileSummary[] = []
    for (const profile of candidates) {
      if (present.has(profile.id)) continue
      const secrets = await deps.vault.read(profile.id).catch(() => undefined)
      if (secrets?.consumerSecret) offer.push(profile)
    }
    return offer
  }

  return {
    /** Notes a recovery made at this start, with the profiles the backup beside it held. */
    record(recovery: SettingsRecovery, backup: readonly ProfileSummary[]): void {
      const kept = recovery.movedTo
        ? `set it aside as ${recovery.movedTo}`
        : 'could not set it aside (it is still there, and will be replaced)'
      deps.store.set(RECOVERY_KEY, {
        message: `Your settings file ${recovery.why}, so Ads Studio ${kept} and started with its default settings.`,
        profiles: backup,
      })
    },
    /** The notice and the profiles offered back, while a recovery is pending. */
    async pending(): Promise<RecoveredProfiles | undefined> {
      const record = recorded()
      if (!record) return undefined
      return { message: record.message, profiles: await offered(record.profiles) }
    },
    /** Puts back the offered profiles named (none: a dismissal), and ends the offer. */
    async restore(profileIds: readonly string[]): Promise<void> {
      const record = recorded()
      if (!record) return
      const wanted = new Set(profileIds)
      for (const profile of await offered(record.profiles)) {
        if (!wanted.has(profile.id)) continue
        // Without its access token the profile is back but must be authorized again.
        const credentials = await deps.vault
          .userCredentials(profile.id, profile.consumerKey)
          .catch(() => null)
        deps.profiles.put(
          credentials || profile.status !== 'connected' ? profile : { ...profile, status: 'expired' },
        )
      }
      deps.store.delete(RECOVERY_KEY)
    },
  }
}

export type SettingsRecoveryService = ReturnType<typeof createSettingsRecovery>
