import { useEffect } from 'react'
import { create } from 'zustand'
import type { AccountAppView } from '../../../shared/ipc/contracts/campaign'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../connection/activeProfile'

/**
 * The apps registered on an ad account (GET accounts/:id/account_apps), read once per account
 * and session: the Ad account page lists them and the card builder suggests them for app buttons.
 */
interface Entry {
  apps?: AccountAppView[]
  error?: string
}

const useAppsCache = create<{ byScope: Record<string, Entry> }>(() => ({ byScope: {} }))
const loading = new Set<string>()

const keyOf = (scope: AccountScope) => `${scope.profileId}\n${scope.accountId}`

function load(scope: AccountScope): void {
  const key = keyOf(scope)
  if (loading.has(key) || useAppsCache.getState().byScope[key]?.apps) return
  loading.add(key)
  unwrap(studio().accounts.apps(scope))
    .then(
      ({ apps }): Entry => ({ apps }),
      (error: unknown): Entry => ({
        error: error instanceof IpcFailure ? error.message : 'The apps could not be read',
      }),
    )
    .then((entry) => {
      loading.delete(key)
      useAppsCache.setState((state) => ({ byScope: { ...state.byScope, [key]: entry } }))
    })
}

/** The account's apps; `apps` is undefined while loading or when they could not be read. */
export function useAccountApps(scope: AccountScope | null): {
  apps: AccountAppView[] | undefined
  error: string | null
} {
  const key = scope ? keyOf(scope) : ''
  const entry = useAppsCache((state) => (key ? state.byScope[key] : undefined))
  const profileId = scope?.profileId
  const accountId = scope?.accountId
  useEffect(() => {
    if (profileId && accountId) load({ profileId, accountId })
  }, [profileId, accountId])
  return { apps: entry?.apps, error: entry?.error ?? null }
}
