import { z } from 'zod'
import { profileSummarySchema, type ProfileList, type ProfileSummary } from '../../shared/profiles'
import type { KeyValueStore } from '../settings/settingsStore'

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

export function createProfileRepository(store: KeyValueStore): ProfileRepository {
  const read = (): ProfileSummary[] => {
    const parsed = z.array(profileSummarySchema).safeParse(store.get(PROFILES_KEY) ?? [])
    return parsed.success ? parsed.data : []
  }
  const activeId = (profiles: ProfileSummary[]): string | null => {
    const id = store.get(ACTIVE_KEY)
    return typeof id === 'string' && profiles.some((profile) => profile.id === id) ? id : null
  }
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
      store.set(PROFILES_KEY, profiles)
    },
    remove(id) {
      store.set(
        PROFILES_KEY,
        read().filter((profile) => profile.id !== id),
      )
      if (store.get(ACTIVE_KEY) === id) store.delete(ACTIVE_KEY)
    },
    setActive(id) {
      if (id === null) store.delete(ACTIVE_KEY)
      else store.set(ACTIVE_KEY, id)
    },
  }
}
