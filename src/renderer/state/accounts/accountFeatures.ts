import { create } from 'zustand'
import { studio, unwrap } from '../../lib/ipc'
import { useActiveAccountValue } from './accountValue'

/**
 * The active account's feature keys (GET accounts/:id/features), or undefined while unknown or
 * offline. The editors gate options on them (poll media on PROMOTED_MEDIA_POLLS); the account
 * switcher keeps them in step with the active account (useAccountFeaturesSync).
 */
export const useAccountFeatures = create<{
  features: readonly string[] | undefined
  setFeatures(features: readonly string[] | undefined): void
}>((set) => ({
  features: undefined,
  setFeatures: (features) => set({ features }),
}))

/** Whether the active account has a feature; undefined while that is not known. */
export function useAccountHasFeature(feature: string): boolean | undefined {
  const features = useAccountFeatures((state) => state.features)
  return features === undefined ? undefined : features.includes(feature)
}

const readFeatures = (account: { profileId: string; accountId: string }) =>
  unwrap(studio().accounts.features(account)).then(({ features }) => features)
// Unknown stays unknown: editors then treat a gated option as unavailable, not as an error.
const showFeatures = (features: readonly string[] | undefined) =>
  useAccountFeatures.getState().setFeatures(features)

/** Keeps the features store in step with the active profile and account. Mounted once, by the account switcher. */
export function useAccountFeaturesSync(): void {
  useActiveAccountValue(readFeatures, showFeatures)
}
