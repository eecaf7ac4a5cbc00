import { useCallback, useEffect, useRef, useState } from 'react'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import type { MediaType } from '../../../shared/rules/limits'
import { LIMITS } from '../../../shared/rules/limits'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import type { AccountScope } from '../../state/connection/activeProfile'

export interface MediaQuery {
  q: string
  mediaType: MediaType | null
  /** A change starts the list over (after an entry was edited or deleted). */
  refresh?: number
}

export interface MediaLibraryState {
  items: LibraryItem[]
  /** More pages exist. */
  hasMore: boolean
  loading: 'first' | 'more' | null
  /** A problem with the search text, shown on the search field; nothing is sent meanwhile. */
  queryError: string | null
  failure: Failure | null
  /** When the items came from the account mirror: how old that copy is. */
  mirrorAsOf: string | null
  loadMore(): void
  retry(): void
}

const PAGE_SIZE = LIMITS.lists.mediaLibraryCount.default

/** Checked here too so the field says what is wrong before a request is made. */
export function searchProblem(q: string): string | null {
  const max = LIMITS.mediaLibrary.q.max
  return q.trim().length > max ? `Search for at most ${max} characters (this is ${q.trim().length})` : null
}

/**
 * Pages of the media library for one query, by cursor. A new query starts over; an answer to
 * an older query is dropped, so fast typing never shows stale results.
 */
export function useMediaLibrary(scope: AccountScope, query: MediaQuery): MediaLibraryState {
  const [items, setItems] = useState<LibraryItem[]>([])
  const [cursor, setCursor] = useState<string | null>(null)
  const [loading, setLoading] = useState<MediaLibraryState['loading']>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [mirrorAsOf, setMirrorAsOf] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const generation = useRef(0)
  const q = query.q.trim()
  const queryError = searchProblem(query.q)
  const { profileId, accountId } = scope

  const fetchPage = useCallback(
    async (fromCursor: string | null, ticket: number) => {
      setLoading(fromCursor ? 'more' : 'first')
      setFailure(null)
      try {
        const page = await unwrap(
          studio().library.list({
            profileId,
            accountId,
            count: PAGE_SIZE,
            ...(q ? { q } : {}),
            ...(query.mediaType ? { mediaType: query.mediaType } : {}),
            ...(fromCursor ? { cursor: fromCursor } : {}),
          }),
        )
        if (ticket !== generation.current) return
        setItems((previous) => {
          if (!fromCursor) return page.items
          const seen = new Set(previous.map((item) => item.mediaKey))
          return [...previous, ...page.items.filter((item) => !seen.has(item.mediaKey))]
        })
        setCursor(page.nextCursor)
        if (!fromCursor) setMirrorAsOf(page.mirror?.asOf ?? null)
      } catch (error) {
        if (ticket === generation.current) setFailure(failureOf(error))
      } finally {
        if (ticket === generation.current) setLoading(null)
      }
    },
    [profileId, accountId, q, query.mediaType],
  )

  useEffect(() => {
    const ticket = ++generation.current
    setItems([])
    setCursor(null)
    if (queryError) {
      setLoading(null)
      return
    }
    void fetchPage(null, ticket)
  }, [fetchPage, queryError, attempt, query.refresh])

  const loadMore = useCallback(() => {
    if (loading || !cursor || failure) return
    void fetchPage(cursor, generation.current)
  }, [loading, cursor, failure, fetchPage])

  const retry = useCallback(() => {
    if (items.length > 0 && cursor) {
      setFailure(null)
      void fetchPage(cursor, generation.current)
    } else setAttempt((value) => value + 1)
  }, [items.length, cursor, fetchPage])

  return { items, hasMore: cursor !== null, loading, queryError, failure, mirrorAsOf, loadMore, retry }
}
