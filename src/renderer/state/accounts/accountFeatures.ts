import { useEffect } from 'react'
import { studio, unwrap } from '../../lib/ipc'
import { useAccountFeatures } from './accountFeaturesStore'
import { useConnectedAccount } from '../connection/activeProfile'

/**
 * `useAccountFeatures((state) => state.features)`: the active account's feature keys
 * (GET accounts/:id/features), or undefined while unknown or offline. The poll editor gates
 * media on PROMOTED_MEDIA_POLLS with it. The store lives in the editor kit, which the editors
 * already read; this module is what fills it.
 */
export { useAccountFeatures }

/** Whether the active account has a feature; undefined while that is not known. */
export function useAccountHasFeature(feature: string): boolean | undefined {
  const features = useAccountFeatures((state) => state.features)
  return features === undefined ? undefined : features.includes(feature)
}

/** Keeps the features store in step with the active profile and account. Mounted once, by the account switcher. */
export function useAccountFeaturesSync(): void {
  const connected = useConnectedAccount()
  const profileId = connected?.profile.id
  const accountId = connected?.accountId
  useEffect(() => {
    const { setFeatures } = useAccountFeatures.getState()
    setFeatures(undefined)
    if (!profileId || !accountId) return
    let current = true
    unwrap(studio().accounts.features({ profileId, accountId })).then(
      ({ features }) => {
        if (current) setFeatures(features)
      },
      // Unknown stays unknown: editors then treat a gated option as unavailable, not as an error.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [profileId, accountId])
}
