import { useEffect, useState } from 'react'
import type { ProfileSummary } from '../../../shared/profiles'
import { studio, unwrap } from '../../lib/ipc'

export type ConnectedUser =
  | { state: 'loading' }
  | { state: 'none' }
  | {
      state: 'known'
      profileId: string
      accountId: string | undefined
      userId: string | undefined
      screenName: string | undefined
      label: string
      /** The platform revoked the profile's access (or it expired): only authorizing again helps. */
      accessRevoked: boolean
    }

function fromProfile(profile: ProfileSummary): ConnectedUser {
  return {
    state: 'known',
    profileId: profile.id,
    accountId: profile.activeAccountId,
    userId: profile.status === 'connected' ? profile.userId : undefined,
    screenName: profile.screenName,
    label: profile.label,
    accessRevoked: profile.status === 'expired',
  }
}

/** The active profile's user: the default advertiser, and the only one who may post organically. */
export function useConnectedUser(): ConnectedUser {
  const [user, setUser] = useState<ConnectedUser>({ state: 'loading' })
  useEffect(() => {
    let current = true
    unwrap(studio().profiles.list({}))
      .then(({ profiles, activeProfileId }) => {
        if (!current) return
        const active = profiles.find((profile) => profile.id === activeProfileId)
        setUser(active ? fromProfile(active) : { state: 'none' })
      })
      .catch(() => current && setUser({ state: 'none' }))
    return () => {
      current = false
    }
  }, [])
  return user
}
