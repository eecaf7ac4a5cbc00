import { useCallback, useEffect, useRef, useState } from 'react'
import type { CatalogState } from '../../../shared/ipc/contracts/catalogs'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { canMerge, mergeCatalogState } from './catalogState'

/**
 * The catalog's summary for a profile, reloaded on demand (after a save, a send, a refresh) and
 * every second while the outbox sends. Each read names the revision of the item groups held, so
 * main leaves an unchanged list out of its answer (a big catalog has thousands of groups, and
 * the answer is received on the main thread that typing shares).
 */
export function useCatalogState(profileId: string) {
  const [state, setState] = useState<CatalogState | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  // What the last merge produced, at once: a read that lands before the render still merges
  // into the newest state.
  const held = useRef<CatalogState | null>(null)
  const reload = useCallback(async () => {
    try {
      const known = held.current?.itemGroupsRevision
      let next = await unwrap(
        studio().catalog.state({ profileId, ...(known === undefined ? {} : { itemGroupsRevision: known }) }),
      )
      // Another read landed in between with a newer list: this answer left out a list no
      // longer in hand, so read the whole state.
      if (!canMerge(held.current, next)) next = await unwrap(studio().catalog.state({ profileId }))
      const merged = mergeCatalogState(held.current, next)
      held.current = merged
      setState(merged)
      setFailure(null)
    } catch (error) {
      setFailure(failureOf(error))
    }
  }, [profileId])
  useEffect(() => {
    void reload()
  }, [reload])
  return { state, failure, setFailure, reload }
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
