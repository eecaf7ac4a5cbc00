import { DEFAULT_POST_LENGTH_LIMIT, type PostLengthLimit } from '../../../shared/rules/limits'
import { useSettingsStore } from '../../state/settings/settingsStore'

// The post length tier depends on the ad account (standard 4,000 or long-form 25,000), which the
// API does not report. The designer picks it once per account (or the opt-in Classic 280
// guideline, standard tier); it is kept with the other settings in main, where the publish gate
// reads the same choice (see postLengthPreference in shared/rules/limits).

/** One key per ad account of a profile; without an account yet, per profile. */
export function postLengthKey(profileId: string | null, accountId: string | undefined): string {
  return `${profileId ?? 'no-profile'}/${accountId ?? 'no-account'}`
}

export function usePostLengthLimit(key: string): [PostLengthLimit, (limit: PostLengthLimit) => void] {
  const limit =
    useSettingsStore((state) => state.settings?.postLengthLimits[key]) ?? DEFAULT_POST_LENGTH_LIMIT
  const update = useSettingsStore((state) => state.update)
  const setLimit = (next: PostLengthLimit) => {
    const current = useSettingsStore.getState().settings?.postLengthLimits ?? {}
    void update({ postLengthLimits: { ...current, [key]: next } })
  }
  return [limit, setLimit]
}
