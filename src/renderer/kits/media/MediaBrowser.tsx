import { ImageOff } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import type { MediaType } from '../../../shared/rules/limits'
import { LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import { SegmentedField } from '../../components/Segmented'
import { Field } from '../../components/Field'
import { FailureBanner } from '../connection/FailureBanner'
import { MirrorAge } from '../connection/MirrorAge'
import { MEDIA_TYPE_LABELS } from './format'
import type { Thumbnail } from './libraryClient'
import { MediaTile } from './MediaTile'
import { useMediaLibrary } from './useMediaLibrary'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import './mediaBrowser.css'
import type { AccountScope } from '../../state/connection/activeProfile'

const ALL_TYPES = LIMITS.mediaLibrary.mediaTypes.values
const SEARCH_DELAY_MS = 300

type TypeFilter = MediaType | 'ALL'

export interface MediaBrowserProps {
  scope: AccountScope
  /** Media types that can be used where this browser is shown; others are listed as unavailable. */
  allowedTypes?: readonly MediaType[]
  selectedKey?: string | null
  onActivate(item: LibraryItem, thumbnail: Thumbnail | undefined): void
  autoFocusSearch?: boolean
  /** A change reads the list again from the first page. */
  refreshKey?: number
}

/** Moves focus between tiles with the arrow keys, Home and End, like a grid. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>): void {
  const list = event.currentTarget.closest('ul')
  if (!list) return
  const tiles = [...list.querySelectorAll<HTMLButtonElement>('button[data-tile]')]
  const index = tiles.indexOf(event.currentTarget)
  const firstTop = tiles[0]?.offsetTop ?? 0
  const columns = Math.max(1, tiles.filter((tile) => tile.offsetTop === firstTop).length)
  const target = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    ArrowDown: index + columns,
    ArrowUp: index - columns,
    Home: 0,
    End: tiles.length - 1,
  }[event.key]
  if (target === undefined) return
  event.preventDefault()
  tiles[Math.min(Math.max(target, 0), tiles.length - 1)]?.focus()
}

/**
 * The account's media library: search, a type filter, and pages that load as the end of the
 * list scrolls into view (or with "Load more" from the keyboard).
 */
export function MediaBrowser({
  scope,
  allowedTypes = ALL_TYPES,
  selectedKey = null,
  onActivate,
  autoFocusSearch,
  refreshKey,
}: MediaBrowserProps) {
  const [search, setSearch] = useState('')
  const [q, searchNow] = useDebouncedValue(search, SEARCH_DELAY_MS)
  const onlyType = allowedTypes.length === 1 ? allowedTypes[0]! : null
  const [typeFilter, setTypeFilter] = useState<TypeFilter>(onlyType ?? 'ALL')
  const library = useMediaLibrary(scope, {
    q,
    mediaType: typeFilter === 'ALL' ? null : typeFilter,
    ...(refreshKey !== undefined ? { refresh: refreshKey } : {}),
  })
  const sentinel = useRef<HTMLDivElement>(null)
  const { loadMore, hasMore, loading, failure } = library

  // Re-observed after every page: if the end is still in view, the next page follows at once.
  const itemCount = library.items.length
  useEffect(() => {
    const target = sentinel.current
    if (!target || !hasMore || loading || failure || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore()
      },
      { rootMargin: '120px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [itemCount, hasMore, loading, failure, loadMore])

  const unavailableReason = useCallback(
    (item: LibraryItem) =>
      item.mediaType && !allowedTypes.includes(item.mediaType)
        ? `${MEDIA_TYPE_LABELS[item.mediaType]}s cannot be used here`
        : undefined,
    [allowedTypes],
  )

  const typeOptions = [
    { value: 'ALL' as const, label: allowedTypes.length === ALL_TYPES.length ? 'All' : 'All allowed' },
    ...allowedTypes.map((type) => ({ value: type, label: `${MEDIA_TYPE_LABELS[type]}s` })),
  ]
  const summary = loading === 'first' ? 'Loading…' : `${library.items.length}${hasMore ? '+' : ''} shown`

  return (
    <div className="media-browser">
      <div className="media-browser__toolbar">
        <Field
          label="Search the library"
          className="media-browser__search"
          type="search"
          value={search}
          placeholder="Name, title, file name or description"
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') searchNow()
          }}
          error={library.queryError ?? (failure?.field === 'q' ? failure.message : undefined)}
          autoFocus={autoFocusSearch}
          data-testid="library-search"
        />
        {onlyType ? (
          <p className="media-browser__only" data-testid="library-type-locked">
            {MEDIA_TYPE_LABELS[onlyType]}s only
          </p>
        ) : (
          <SegmentedField
            className="stack media-browser__filter"
            label="Type"
            name="Media type"
            value={typeFilter}
            options={typeOptions}
            onChange={setTypeFilter}
            testIdPrefix="library-type"
          />
        )}
      </div>
      {failure && failure.field !== 'q' ? <FailureBanner failure={failure} onRetry={library.retry} /> : null}
      {library.mirrorAsOf ? (
        <MirrorAge scope={scope} asOf={library.mirrorAsOf} onRefreshed={library.retry} />
      ) : null}
      <p className="media-browser__summary muted" aria-live="polite">
        {summary}
      </p>
      {library.items.length === 0 && !loading && !failure && !library.queryError ? (
        <div className="empty-state media-browser__empty" data-testid="library-empty">
          <ImageOff size={24} aria-hidden="true" />
          <p>
            {q.trim()
              ? `Nothing in the library matches “${q.trim()}”.`
              : 'The media library of this account is empty.'}
          </p>
        </div>
      ) : (
        <ul className="media-grid" aria-label="Media library" aria-busy={loading !== null || undefined}>
          {library.items.map((item) => (
            <MediaTile
              key={item.mediaKey}
              scope={scope}
              item={item}
              selected={item.mediaKey === selectedKey}
              unavailable={unavailableReason(item)}
              onActivate={(picked, thumbnail) => {
                if (!unavailableReason(picked)) onActivate(picked, thumbnail)
              }}
              onKeyDown={moveFocus}
            />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="media-browser__sentinel" aria-hidden="true" />
      {hasMore || loading === 'more' || (failure && library.items.length > 0) ? (
        <div className="media-browser__more">
          <Button
            onClick={failure ? library.retry : loadMore}
            busy={loading === 'more'}
            data-testid="library-load-more"
          >
            {failure ? 'Try again' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
