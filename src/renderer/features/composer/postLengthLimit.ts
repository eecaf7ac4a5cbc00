import { create } from 'zustand'
import { DEFAULT_POST_LENGTH_LIMIT, POST_LENGTH_LIMITS, type PostLengthLimit } from '../../../shared/rules/limits'

// The post length limit depends on the account (standard, extended or long-form posts), which
// the API does not report. The designer picks it once per connection profile; it is kept in
// the renderer's local storage because neither the draft content nor the settings channel has
// a place for it yet. It decides only what the counter and the rules show, never what is sent.
const STORAGE_PREFIX = 'ads-studio.post-length-limit.'

function storageKey(profileId: string | null): string {
  return `${STORAGE_PREFIX}${profileId ?? 'no-profile'}`
}

function isLimit(value: number): value is PostLengthLimit {
  return (POST_LENGTH_LIMITS as readonly number[]).includes(value)
}

export function readPostLengthLimit(profileId: string | null): PostLengthLimit {
  try {
    const stored = Number(window.localStorage.getItem(storageKey(profileId)))
    return isLimit(stored) ? stored : DEFAULT_POST_LENGTH_LIMIT
  } catch {
    return DEFAULT_POST_LENGTH_LIMIT
  }
}

export const usePostLengthLimit = create<{
  limits: Record<string, PostLengthLimit>
  limitFor(profileId: string | null): PostLengthLimit
  setLimit(profileId: string | null, limit: PostLengthLimit): void
}>((set, get) => ({
  limits: {},
  limitFor: (profileId) => get().limits[storageKey(profileId)] ?? readPostLengthLimit(profileId),
  setLimit(profileId, limit) {
    try {
      window.localStorage.setItem(storageKey(profileId), String(limit))
    } catch {
      // Storage can be unavailable; the choice then lasts until the window closes.
    }
    set((state) => ({ limits: { ...state.limits, [storageKey(profileId)]: limit } }))
  },
}))
