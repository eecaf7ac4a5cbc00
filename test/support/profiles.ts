import { PRODUCTION_HOSTS } from '../../src/shared/hosts'
import type { ProfileSummary } from '../../src/shared/profiles'

/** A connected profile's metadata as the settings keep it (never its secrets), for seeding a store. */
export function aProfile(id: string, overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id,
    label: 'Profile',
    environment: 'production',
    hosts: PRODUCTION_HOSTS,
    consumerKey: 'key',
    accessLevel: 'write',
    status: 'connected',
    updatedAt: new Date(0).toISOString(),
    ...overrides,
  }
}
