import { useEffect } from 'react'
import { create } from 'zustand'
import type { ChangeState, PendingChangeView } from '../../../shared/ipc/contracts/changes'
import { IpcFailure, listen, studio, unwrap } from '../../lib/ipc'
import { useAccountScope, type AccountScope } from '../connection/activeProfile'

/**
 * The pending edits of published items on the account in use (issue 42): kept here, in conflict
 * with the platform, or being sent. Read once per account, then again whenever main says one
 * changed (changes.changed) or a job moved (a send ends in done or in conflict).
 */

interface ChangesState {
  scope: AccountScope | null
  changes: PendingChangeView[]
  loaded: boolean
  error: string | null
  load(scope: AccountScope): Promise<void>
}

let stopListening: (() => void) | undefined

export const useChangesStore = create<ChangesState>((set, get) => ({
  scope: null,
  changes: [],
  loaded: false,
  error: null,
  async load(scope) {
    if (get().scope?.profileId !== scope.profileId || get().scope?.accountId !== scope.accountId)
      set({ scope, changes: [], loaded: false, error: null })
    if (!stopListening) {
      const again = () => {
        const current = get().scope
        if (current) void get().load(current)
      }
      const stopChanges = listen('changes.changed', again)
      const stopOutbox = listen('outbox.changed', again)
      stopListening = () => (stopChanges(), stopOutbox())
    }
    try {
      const { changes } = await unwrap(studio().changes.list(scope))
      const current = get().scope
      if (current?.profileId === scope.profileId && current.accountId === scope.accountId)
        set({ changes, loaded: true, error: null })
    } catch (error) {
      set({ error: error instanceof IpcFailure ? error.message : 'Could not read the pending changes' })
    }
  },
}))

/** The pending changes of the account in use, read when it comes into use. */
export function usePendingChanges(): ChangesState & { scope: AccountScope | null } {
  const scope = useAccountScope()
  useEffect(() => {
    if (scope) void useChangesStore.getState().load(scope)
  }, [scope])
  return useChangesStore()
}

/** Where a draft's edit of a published item stands, if it has one. */
export function useChangeStateOf(draftId: string): ChangeState | undefined {
  return useChangesStore((state) => state.changes.find((change) => change.draftId === draftId)?.state)
}

/** What the sidebar counts: conflicts, and changes waiting to be posted or being sent. */
export function countChanges(changes: readonly PendingChangeView[]) {
  let conflicts = 0
  let pending = 0
  for (const change of changes) {
    if (change.state === 'conflict') conflicts++
    else if (change.state === 'local' || change.state === 'sending') pending++
  }
  return { conflicts, pending }
}
