import { useEffect, useMemo } from 'react'
import { isPractice } from '../../../shared/environments'
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

/** Whether the profile is the practice profile (the sandbox inside Ads Studio); false when unknown. */
export function useIsPracticeProfile(profileId: string | null | undefined): boolean {
  return useConnectStore((state) =>
    state.list.profiles.some((profile) => profile.id === profileId && isPractice(profile.environment)),
  )
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

/**
 * The scope of every account-bound page: the connected profile and its ad account as one object
 * that keeps its identity while they stay the same; null while not connected. Loads the profiles.
 */
export function useAccountScope(): AccountScope | null {
  useProfilesLoaded()
  const connected = useConnectedAccount()
  const profileId = connected?.profile.id
  const accountId = connected?.accountId
  return useMemo(() => (profileId && accountId ? { profileId, accountId } : null), [profileId, accountId])
}
