import { DEFAULT_POST_LENGTH_LIMIT, postLengthKey, type PostLengthLimit } from '../../../shared/rules/limits'
import { useSettingsStore } from '../../state/settings/settingsStore'

// The post length tier belongs to the user a post is made for (standard 4,000 or long-form
// 25,000), which the API does not report. The designer answers once per profile and user (or
// opts into the Classic 280 guideline, standard tier); main keeps it with the settings, reads the
// same answer at the publish gate, and corrects it when the platform refuses a longer post
// (postLengthLearning in main).

/** The settings key of the posting user; without a profile or a user yet, a stand-in no one answers. */
export function composerLengthKey(profileId: string | null, userId: string): string {
  return profileId && userId.trim() ? postLengthKey(profileId, userId.trim()) : 'no-profile/no-user'
}

export interface PostLengthBelief {
  limit: PostLengthLimit
  /** The designer (or a refusal) has answered for this user; otherwise standard is a guess. */
  known: boolean
  /** When the platform refused a longer post for this user, so the app corrected its belief. */
  refusedAt: string | undefined
  setLimit(limit: PostLengthLimit): void
}

export function usePostLengthLimit(key: string): PostLengthBelief {
  const saved = useSettingsStore((state) => state.settings?.postLengthLimits[key])
  const refusedAt = useSettingsStore((state) => state.settings?.postLengthRefusals?.[key])
  const update = useSettingsStore((state) => state.update)
  const setLimit = (next: PostLengthLimit) => {
    const current = useSettingsStore.getState().settings?.postLengthLimits ?? {}
    void update({ postLengthLimits: { ...current, [key]: next } })
  }
  return { limit: saved ?? DEFAULT_POST_LENGTH_LIMIT, known: saved !== undefined, refusedAt, setLimit }
}
