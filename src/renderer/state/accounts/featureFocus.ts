import { create } from 'zustand'

/** The feature a gated option linked to: Settings → Features scrolls to it and marks it. */
export const useFeatureFocus = create<{ feature: string | null; focus(feature: string | null): void }>(
  (set) => ({
    feature: null,
    focus: (feature) => set({ feature }),
  }),
)
