import { memo, useCallback, useEffect, useRef, useState } from 'react'
import type { ProductRow } from '../../../shared/ipc/contracts/catalogs'
import { studio, unwrap } from '../../lib/ipc'
import { ProductFilters, type ProductQuery } from './ProductFilters'
import { ProductRowView, sameShown } from './ProductRowView'
import { slotKey } from './tableWindow'
import { useBlockVirtualizer } from './useBlockVirtualizer'
import { useSidewaysMore } from './useSidewaysMore'

/**
 * Rows per request. Small, so the answer that lands while the table scrolls is a short task
 * on the renderer's main thread (200 rows took a frame's worth of time to receive); a page
 * lasts 50 rows, a third of a second of a fast flick, and is asked for 100 rows ahead.
 */
const PAGE = 50
const PREFETCH_ROWS = 100

/**
 * The catalog's products, virtualized: only the rows on screen are mounted, and rows are
 * fetched from main a page at a time as they scroll into view. No row carries a menu; a row
 * opens the editor, and actions apply to the checked rows.
 */
export const ProductTable = memo(function ProductTable({
  profileId,
  itemGroups,
  version,
  selected,
  onSelectedChange,
  onOpen,
}: {
  profileId: string
  itemGroups: string[]
  /** Bumped by the page whenever products may have changed. */
  version: number
  selected: ReadonlySet<string>
  onSelectedChange(next: Set<string>): void
  onOpen(id: string): void
}) {
  const [query, setQuery] = useState<ProductQuery>({ q: '', itemGroup: '', status: '' })
  const [total, setTotal] = useState<number | null>(null)
  const [rows, setRows] = useState<Map<number, ProductRow>>(new Map())
  const loading = useRef(new Set<number>())
  const generation = useRef(0)
  const scrollRef = useRef<HTMLDivElement>(null)

  // Which catalog version each loaded page shows: a newer version reloads the pages on screen
  // in place (no flash of placeholders); a new query starts over.
  const pageVersions = useRef(new Map<number, number>())
  // A page that was on its way when the version moved on is asked for again (see the effect
  // below); a reload that changed nothing leaves `rows` alone, so this says it arrived.
  const latestVersion = useRef(version)
  const [staleLoads, setStaleLoads] = useState(0)
  useEffect(() => {
    latestVersion.current = version
  }, [version])
  const loadPage = useCallback(
    async (page: number, gen: number, ver: number) => {
      if (loading.current.has(page)) return
      loading.current.add(page)
      try {
        const result = await unwrap(
          studio().catalog.products({
            profileId,
            offset: page * PAGE,
            limit: PAGE,
            ...(query.q.trim() ? { q: query.q.trim() } : {}),
            ...(query.itemGroup ? { itemGroup: query.itemGroup } : {}),
            ...(query.status ? { status: query.status } : {}),
          }),
        )
        if (gen !== generation.current) return
        pageVersions.current.set(page, ver)
        if (ver !== latestVersion.current) setStaleLoads((count) => count + 1)
        setTotal(result.total)
        setRows((current) => {
          const next = new Map(current)
          let changed = false
          for (let index = page * PAGE; index < (page + 1) * PAGE; index++) {
            if (index - page * PAGE >= result.rows.length && next.delete(index)) changed = true
          }
          // A reloaded row that shows the same keeps its object, so its memoized view is not
          // rendered again (pages reload every second while the outbox sends); a page that
          // shows the same keeps the map, so the table is not rendered again either.
          result.rows.forEach((row, index) => {
            const before = current.get(page * PAGE + index)
            if (before && sameShown(before, row)) return
            next.set(page * PAGE + index, row)
            changed = true
          })
          for (const index of next.keys()) {
            if (index >= result.total) {
              next.delete(index)
              changed = true
            }
          }
          return changed ? next : current
        })
      } finally {
        loading.current.delete(page)
      }
    },
    [profileId, query],
  )

  useEffect(() => {
    generation.current += 1
    loading.current.clear()
    pageVersions.current.clear()
    setRows(new Map())
    setTotal(null)
  }, [loadPage])

  const { virtualizer, span } = useBlockVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? 0
  useEffect(() => {
    // The pages ahead (or behind) are asked for before they scroll into view, so a steady
    // scroll meets loaded rows rather than placeholders. A newer version (every second while
    // the outbox sends) reloads only the pages with rows mounted; the others reload when they
    // come into view.
    const from = Math.max(0, first - PREFETCH_ROWS)
    const to = Math.min(last + PREFETCH_ROWS, Math.max(0, (total ?? 1) - 1))
    for (let page = Math.floor(from / PAGE); page <= Math.floor(to / PAGE); page++) {
      const loadedAt = pageVersions.current.get(page)
      const mounted = page * PAGE <= last && (page + 1) * PAGE > first
      if (loadedAt === undefined || (loadedAt !== version && mounted))
        void loadPage(page, generation.current, version)
    }
  }, [first, last, rows, staleLoads, total, loadPage, version])

  // Stable callbacks, so a scroll re-renders only the rows that came into view.
  const latest = useRef({ selected, onSelectedChange, onOpen })
  useEffect(() => {
    latest.current = { selected, onSelectedChange, onOpen }
  })
  const toggle = useCallback((id: string) => {
    const next = new Set(latest.current.selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    latest.current.onSelectedChange(next)
  }, [])
  const open = useCallback((id: string) => latest.current.onOpen(id), [])

  const sidewaysRef = useRef<HTMLDivElement>(null)
  const sideways = useSidewaysMore(sidewaysRef)

  return (
    <div className="product-table surface surface--raised" data-testid="product-table">
      <ProductFilters query={query} itemGroups={itemGroups} onQueryChange={setQuery} />
      {/* The header row stays put above the scrolling rows, and belongs to the same table, so
          each cell is announced with its column's name. */}
      {/* In a narrow window the columns scroll sideways, header and rows together; a fade at
          the edge says more columns lie beyond. No rounded clip here (rule P9). */}
      <div className="product-table__frame" data-more={sideways}>
        <div
          ref={sidewaysRef}
          className="product-table__sideways"
          role="region"
          aria-label="Products, scrolls sideways"
          tabIndex={sideways ? 0 : undefined}
        >
          <div
            role="table"
            className="product-table__table"
            aria-label="Products"
            aria-rowcount={(total ?? 0) + 1}
          >
            <div role="rowgroup">
              <div className="product-table__head" role="row" aria-rowindex={1}>
                <span role="columnheader">
                  <span className="visually-hidden">Selected</span>
                </span>
                <span role="columnheader">Image</span>
                <span role="columnheader">ID</span>
                <span role="columnheader">Title</span>
                <span role="columnheader">Price</span>
                <span role="columnheader">Availability</span>
                <span role="columnheader">Group</span>
                <span role="columnheader">Status</span>
              </div>
            </div>
            <div
              ref={scrollRef}
              // While the wheel turns, rows passing under a still pointer do not each take and drop
              // the hover style (a style and paint pass per row); hover returns when scrolling stops.
              className={`product-table__scroll${virtualizer.isScrolling ? ' product-table__scroll--scrolling' : ''}`}
              role="rowgroup"
              aria-label="Product rows"
              // Focusable so the keyboard can scroll it; a row that scrolls out with the focus sends it here.
              tabIndex={total ? 0 : -1}
            >
              {total === 0 ? (
                <div role="row">
                  <p role="cell" className="product-table__empty muted">
                    {query.q || query.itemGroup || query.status
                      ? 'No product matches these filters.'
                      : 'No products yet: import a feed or add one.'}
                  </p>
                </div>
              ) : null}
              <div
                className="product-table__rows"
                style={{
                  height: virtualizer.getTotalSize(),
                  position: 'relative',
                  readingFlow: 'source-order',
                }}
              >
                {/* Rule P8 (bench/PERFORMANCE.md): in slot order, not row order, so a block change
              gives the leaving rows the entering rows' content where they stand. In row order the
              slots' order rotates and React moves the wrapped rows (insertBefore), which the
              browser styles, lays out and paints again from scratch. Each row's transform places
              it; reading-flow and reading-order keep Tab and the accessibility tree in row
              order. */}
                {[...items]
                  .sort((a, b) => slotKey(a.index, span) - slotKey(b.index, span))
                  .map((item) => {
                    const row = rows.get(item.index)
                    return (
                      <ProductRowView
                        key={slotKey(item.index, span)}
                        profileId={profileId}
                        index={item.index}
                        start={item.start}
                        row={row}
                        selected={row ? selected.has(row.id) : false}
                        onToggle={toggle}
                        onOpen={open}
                      />
                    )
                  })}
              </div>
            </div>
          </div>
        </div>
      </div>
      <p className="product-table__count muted" aria-live="polite">
        {total === null
          ? 'Loading…'
          : `${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`}
        {selected.size > 0 ? ` · ${selected.size.toLocaleString('en-US')} selected` : ''}
      </p>
    </div>
  )
})
