import { useCallback, useEffect, useState } from 'react'
import type { CatalogState } from '../../../shared/ipc/contracts/catalogs'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../accounts/failures'
import { mergeCatalogState } from './catalogState'

/** The catalog's summary for a profile, reloaded on demand (after a save, a send, a refresh). */
export function useCatalogState(profileId: string) {
  const [state, setState] = useState<CatalogState | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const reload = useCallback(async () => {
    try {
      const next = await unwrap(studio().catalog.state({ profileId }))
      setState((current) => mergeCatalogState(current, next))
      setFailure(null)
    } catch (error) {
      setFailure(failureOf(error))
    }
  }, [profileId])
  useEffect(() => {
    void reload()
  }, [reload])
  return { state, setState, failure, setFailure, reload }
}

export const STATUS_WORDS = {
  pending: 'Waiting to send',
  sent: 'On the platform',
  refused: 'Refused',
  fixed: 'Fixed — not re-sent yet',
  deleting: 'Deleting',
} as const

export const STATUS_BADGES = {
  pending: 'badge--neutral',
  sent: 'badge--success',
  refused: 'badge--danger',
  fixed: 'badge--accent',
  deleting: 'badge--neutral',
} as const
