import { useEffect } from 'react'
import { useConnectedAccount } from '../connection/activeProfile'

/**
 * Keeps a store's per-account value in step with the active profile and account: unknown
 * (undefined) while it is read, with no account, or when reading fails (each caller says what
 * unknown means to it); an answer for an account no longer active is dropped. `read` and `show`
 * must keep their identity (module functions), or the value is read again on every render.
 */
export function useActiveAccountValue<T>(
  read: (account: { profileId: string; accountId: string }) => Promise<T>,
  show: (value: T | undefined) => void,
): void {
  const connected = useConnectedAccount()
  const profileId = connected?.profile.id
  const accountId = connected?.accountId
  useEffect(() => {
    show(undefined)
    if (!profileId || !accountId) return
    let current = true
    read({ profileId, accountId }).then(
      (value) => {
        if (current) show(value)
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [read, show, profileId, accountId])
}
