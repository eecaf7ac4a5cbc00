import { create } from 'zustand'

/** The feature a gated option linked to: Settings → Features scrolls to it and marks it. */
export const useFeatureFocus = create<{ feature: string | null; focus(feature: string | null): void }>(
  (set) => ({
    feature: null,
    focus: (feature) => set({ feature }),
  }),
)

/** What each feature the editors name unlocks, for people. Keys the platform names without saying. */
export const FEATURE_WORDS: Record<string, string> = {
  PROMOTED_MEDIA_POLLS: 'Poll cards with an image or a video (beta)',
  CONVERSATION_CARD: 'Conversation cards',
  CONVERSATION_CARD_FOUR_OPTIONS: 'Conversation cards with three or four options',
  CONVERSATION_CARD_UNLOCK: 'Instant unlock media on conversation cards',
  REACH_AND_FREQUENCY_ANALYTICS: 'Reach and frequency analytics',
  REACH_FREQUENCY_CAP: 'Reach frequency caps',
  WEBSITE_CLICKS_CPM_BILLING: 'Pay per impression for website clicks',
  VIDEO_APP_DOWNLOAD_CARD: 'Video app download cards',
  PREROLL_VIEWS_OBJECTIVE: 'The pre-roll views objective',
  AGE_TARGETING: 'Age targeting',
}
