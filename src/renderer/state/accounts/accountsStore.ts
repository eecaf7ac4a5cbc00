import { create } from 'zustand'
import { studio, unwrap } from '../../lib/ipc'
import { useConnectStore } from '../connection/connectStore'
import { failureOf, type Failure } from '../../lib/failures'

export interface AdAccount {
  id: string
  name: string
}

type Busy = 'loading' | 'selecting' | 'creating' | null

interface AccountsState {
  /** Whose accounts these are; a different profile's list is never shown. */
  profileId: string | null
  accounts: AdAccount[]
  busy: Busy
  failure: Failure | null
  notice: string | null
  load(profileId: string): Promise<void>
  select(profileId: string, accountId: string): Promise<boolean>
  createSandboxAccount(profileId: string): Promise<void>
}

/** Profiles changed in main (active account, expiry): refresh the list every screen reads. */
async function refreshProfiles(): Promise<void> {
  await useConnectStore.getState().load()
}

export const useAccountsStore = create<AccountsState>((set, get) => ({
  profileId: null,
  accounts: [],
  busy: null,
  failure: null,
  notice: null,

  async load(profileId) {
    if (get().profileId !== profileId) set({ profileId, accounts: [], notice: null })
    set({ busy: 'loading', failure: null })
    try {
      const { accounts } = await unwrap(studio().accounts.list({ profileId }))
      if (get().profileId === profileId) set({ accounts, busy: null })
    } catch (error) {
      const failure = failureOf(error)
      if (get().profileId === profileId) set({ failure, busy: null })
      if (failure.expired) await refreshProfiles()
    }
  },

  async select(profileId, accountId) {
    set({ busy: 'selecting', failure: null, notice: null })
    try {
      await unwrap(studio().accounts.select({ profileId, accountId }))
      set({ busy: null })
      await refreshProfiles()
      return true
    } catch (error) {
      const failure = failureOf(error)
      set({ failure, busy: null })
      if (failure.expired) await refreshProfiles()
      return false
    }
  },

  async createSandboxAccount(profileId) {
    set({ busy: 'creating', failure: null, notice: null })
    try {
      const { account } = await unwrap(studio().accounts.createSandbox({ profileId }))
      set({ busy: null })
      await get().load(profileId)
      if (await get().select(profileId, account.id))
        set({ notice: `Created and switched to ${account.name}.` })
    } catch (error) {
      const failure = failureOf(error)
      set({ failure, busy: null })
      if (failure.expired) await refreshProfiles()
    }
  },
}))
