import { create } from 'zustand'

export type PreviewDevice = 'phone' | 'desktop'

const STORAGE_KEY = 'ads-studio.previewDevice'

function initialDevice(): PreviewDevice {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'desktop' ? 'desktop' : 'phone'
  } catch {
    return 'phone'
  }
}

/**
 * Which screen the editors preview on. One choice for every editor, kept across restarts: a
 * designer who checks the desktop timeline does so for all their creatives. A view preference,
 * not a setting of any draft, so it stays in the renderer.
 */
export const usePreviewDevice = create<{ device: PreviewDevice; setDevice(device: PreviewDevice): void }>(
  (set) => ({
    device: initialDevice(),
    setDevice(device) {
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, device)
      } catch {
        // A preference that cannot be kept still applies for this session.
      }
      set({ device })
    },
  }),
)
