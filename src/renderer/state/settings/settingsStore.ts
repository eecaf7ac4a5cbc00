import { create } from 'zustand'
import type { Settings } from '../../../shared/ipc/contract'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'

interface SettingsState {
  settings: Settings | null
  error: string | null
  load(): Promise<void>
  update(patch: Partial<Settings>): Promise<void>
}

export const useSettingsStore = create<SettingsState>((set) => ({
  settings: null,
  error: null,
  async load() {
    try {
      set({ settings: await unwrap(studio().settings.get({})), error: null })
    } catch (error) {
      set({ error: error instanceof IpcFailure ? error.message : 'Settings could not be loaded.' })
    }
  },
  async update(patch) {
    try {
      set({ settings: await unwrap(studio().settings.update(patch)), error: null })
    } catch (error) {
      set({ error: error instanceof IpcFailure ? error.message : 'Settings could not be saved.' })
    }
  },
}))
