import { create } from 'zustand'

/**
 * The active account's feature keys (GET accounts/:id/features), or undefined while unknown.
 * Nothing fetches them yet: there is no features channel. Whoever adds it sets them here and
 * every editor that gates on a feature (poll media) follows.
 */
export const useAccountFeatures = create<{
  features: readonly string[] | undefined
  setFeatures(features: readonly string[] | undefined): void
}>((set) => ({
  features: undefined,
  setFeatures: (features) => set({ features }),
}))
