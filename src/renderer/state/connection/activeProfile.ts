import { useEffect } from 'react'
import type { ProfileSummary } from '../../../shared/profiles'
import { useConnectStore } from './connectStore'

/** The profile and ad account a call to the platform is for. */
export interface AccountScope {
  profileId: string
  accountId: string
}

/** The active profile, whatever its status; null when none is chosen. */
export function useActiveProfile(): ProfileSummary | null {
  const list = useConnectStore((state) => state.list)
  return list.profiles.find((profile) => profile.id === list.activeProfileId) ?? null
}

/** The profile and ad account every account-bound screen works with, or null when not connected. */
export function useConnectedAccount(): { profile: ProfileSummary; accountId: string } | null {
  const profile = useActiveProfile()
  if (!profile || profile.status !== 'connected' || !profile.activeAccountId) return null
  return { profile, accountId: profile.activeAccountId }
}

/** Loads the profile list once for screens that may be the first to need it. */
export function useProfilesLoaded(): void {
  useEffect(() => {
    void useConnectStore.getState().load()
  }, [])
}
