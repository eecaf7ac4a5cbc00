import { create } from 'zustand'
import type { RowReport } from '../../../shared/ipc/contracts/catalogs'

/** The rows an import did not send because they break a rule, kept until the designer dismisses them. */
export interface UnsentRows {
  importId: string
  fileName: string
  /** The rows the check listed, with their problems (the report names at most its first rows). */
  rows: RowReport[]
  /** Every row left out, listed or not. */
  count: number
}

/**
 * Per profile, the last import's unsent rows. Kept outside the page, so leaving the catalog and
 * coming back still shows them; a row fixed and sent from the editor leaves the list.
 */
export const useUnsentRows = create<{
  byProfile: Record<string, UnsentRows>
  keep(profileId: string, unsent: UnsentRows): void
  /** A row whose product was saved from the editor: it is no longer left out. */
  sent(profileId: string, productId: string): void
  dismiss(profileId: string): void
}>((set) => ({
  byProfile: {},
  keep: (profileId, unsent) => set((state) => ({ byProfile: { ...state.byProfile, [profileId]: unsent } })),
  sent: (profileId, productId) =>
    set((state) => {
      const unsent = state.byProfile[profileId]
      if (!unsent || !unsent.rows.some((row) => row.id === productId)) return state
      const rows = unsent.rows.filter((row) => row.id !== productId)
      return {
        byProfile: {
          ...state.byProfile,
          [profileId]: { ...unsent, rows, count: unsent.count - (unsent.rows.length - rows.length) },
        },
      }
    }),
  dismiss: (profileId) =>
    set((state) => {
      const { [profileId]: _dismissed, ...rest } = state.byProfile
      return { byProfile: rest }
    }),
}))
