import { Search } from 'lucide-react'
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ProductRow, ProductStatus } from '../../../shared/ipc/contracts/catalogs'
import { Combobox } from '../../components/Combobox'
import { Select } from '../../components/Select'
import { studio, unwrap } from '../../lib/ipc'
import { STATUS_BADGES, STATUS_WORDS } from './catalogClient'
import { ROW_HEIGHT, slotKey } from './tableWindow'
import { useBlockVirtualizer } from './useBlockVirtualizer'

/**
 * Rows per request. Small, so the answer that lands while the table scrolls is a short task
 * on the renderer's main thread (200 rows took a frame's worth of time to receive); a page
 * lasts 50 rows, a third of a second of a fast flick, and is asked for 100 rows ahead.
 */
const PAGE = 50
const PREFETCH_ROWS = 100
const ALL = '__all__'
const SEARCH_DELAY_MS = 150

/**
 * The search field keeps its own text, so a keystroke re-renders only it; the table follows a
 * moment later, once typing pauses.
 */
function SearchBox({ onSearch }: { onSearch(q: string): void }) {
  const id = useId()
  const [text, setText] = useState('')
  const latest = useRef(onSearch)
  useEffect(() => {
    latest.current = onSearch
  })
  useEffect(() => {
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <div className="search-field">
      <Search size={16} className="input-icon input-icon--start" aria-hidden="true" />
      <label className="visually-hidden" htmlFor={id}>
        Search products by title or ID
      </label>
      <input
        id={id}
        className="input input--icon-start"
        type="search"
        placeholder="Search by title or ID"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  )
}

export interface ProductQuery {
  q: string
  itemGroup: string
  status: ProductStatus | ''
}

/**
 * The table's filters, kept apart so scrolling (which re-renders the table) leaves them alone,
 * and each filter apart from the others so typing a search leaves the item-group filter (and its
 * thousands of options) alone.
 */
const ProductFilters = memo(function ProductFilters({
  query,
  itemGroups,
  onQueryChange,
}: {
  query: ProductQuery
  itemGroups: readonly string[]
  onQueryChange(update: (current: ProductQuery) => ProductQuery): void
}) {
  // The same search again (typed, then erased before the pause) keeps the query object, so the
  // table does not start over and fetch the rows it shows.
  const onSearch = useCallback(
    (q: string) => onQueryChange((current) => (current.q === q ? current : { ...current, q })),
    [onQueryChange],
  )
  const onItemGroup = useCallback(
    (value: string) => {
      const itemGroup = value === ALL ? '' : value
      onQueryChange((current) => (current.itemGroup === itemGroup ? current : { ...current, itemGroup }))
    },
    [onQueryChange],
  )
  const onStatus = useCallback(
    (value: string) => {
      const status = value === ALL ? '' : (value as ProductStatus)
      onQueryChange((current) => (current.status === status ? current : { ...current, status }))
    },
    [onQueryChange],
  )
  return (
    <div className="product-table__filters">
      <SearchBox onSearch={onSearch} />
      <ItemGroupFilter value={query.itemGroup} itemGroups={itemGroups} onChange={onItemGroup} />
      <Select
        aria-label="Status"
        value={query.status || ALL}
        onChange={onStatus}
        options={STATUS_OPTIONS}
        data-testid="filter-status"
      />
    </div>
  )
})

const ALL_GROUPS = { value: ALL, label: 'All item groups' }

/**
 * The item-group filter: a combobox rather than a select, as a big catalog has thousands of
 * groups (3,334 in the bench's feed). A Radix Select renders every item, even while closed (0.7 s
 * of the renderer's main thread each time the list changed, e.g. during an import's send), and a
 * list of thousands is no way to find one; here the designer types part of a group's name, and
 * the list holds at most fifty matches.
 */
const ItemGroupFilter = memo(function ItemGroupFilter({
  value,
  itemGroups,
  onChange,
}: {
  value: string
  itemGroups: readonly string[]
  onChange(value: string): void
}) {
  const options = useMemo(
    () => [ALL_GROUPS, ...itemGroups.map((group) => ({ value: group, label: group }))],
    [itemGroups],
  )
  return (
    <Combobox
      label="Item group"
      hideLabel
      value={value || ALL}
      options={options}
      onChange={onChange}
      placeholder="Item group"
      listLabel="Item groups"
      noMatch={(query) => `No item group matches “${query}”.`}
      data-testid="filter-item-group"
    />
  )
})

const STATUS_OPTIONS = [
  { value: ALL, label: 'Any status' },
  ...(Object.keys(STATUS_WORDS) as ProductStatus[]).map((status) => ({
    value: status,
    label: STATUS_WORDS[status],
  })),
]

/** Whether two versions of a row look the same in the table. */
function sameShown(a: ProductRow, b: ProductRow): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    a.price === b.price &&
    a.availability === b.availability &&
    a.itemGroupId === b.itemGroupId &&
    a.status === b.status &&
    a.messages[0]?.message === b.messages[0]?.message
  )
}

/** One row; memoized, so rows that stay in view are not rendered again as the table scrolls. */
const ProductRowView = memo(function ProductRowView({
  index,
  start,
  row,
  selected,
  onToggle,
  onOpen,
}: {
  index: number
  start: number
  row: ProductRow | undefined
  selected: boolean
  onToggle(id: string): void
  onOpen(id: string): void
}) {
  // A row that scrolls out is given the content of a row scrolling in (slotKey). If it held the
  // keyboard focus, the focus would now be on another product's checkbox or ID: it goes to the
  // scrolling rows instead, as it would leave a row that was removed. Until the new products
  // have loaded the row shows a placeholder, and the focused control has already left the DOM
  // with the old content (the focus fell to <body>), so the row also remembers that the focus
  // was inside it: set when the focus comes in, cleared only when it moves to another element.
  const rowRef = useRef<HTMLDivElement>(null)
  const shownIndex = useRef(index)
  const focusInside = useRef(false)
  useLayoutEffect(() => {
    if (shownIndex.current === index) return
    shownIndex.current = index
    const element = rowRef.current
    const active = document.activeElement
    const focusDropped = active === null || active === document.body
    if (element && (element.contains(active) || (focusDropped && focusInside.current))) {
      focusInside.current = false
      element.closest<HTMLElement>('.product-table__scroll')?.focus({ preventScroll: true })
    }
  }, [index])
  return (
    <div
      ref={rowRef}
      onFocus={() => (focusInside.current = true)}
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
          focusInside.current = false
      }}
      role="row"
      // The header row is row 1.
      aria-rowindex={index + 2}
      className={`product-row${selected ? ' product-row--selected' : ''}`}
      // The DOM holds the rows in slot order (see ProductTable); reading-order gives Tab and
      // assistive technology the rows' own order. A string: React would add "px" to a number.
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT, readingOrder: String(index) }}
      data-testid={row ? `product-row-${row.id}` : undefined}
    >
      {row ? (
        <>
          <span role="cell">
            <input
              type="checkbox"
              className="checkbox"
              aria-label={`Select ${row.title || row.id}`}
              checked={selected}
              onChange={() => onToggle(row.id)}
            />
          </span>
          <span role="cell" className="product-row__id">
            <button type="button" className="link-button" onClick={() => onOpen(row.id)}>
              {row.id}
            </button>
          </span>
          <span role="cell" className="product-row__title" title={row.title}>
            {row.title}
          </span>
          <span role="cell" className="product-row__num">
            {row.price}
          </span>
          <span role="cell">{row.availability}</span>
          <span role="cell" className="muted">
            {row.itemGroupId ?? '—'}
          </span>
          <span role="cell">
            <span className={`badge ${STATUS_BADGES[row.status]}`} title={row.messages[0]?.message}>
              {STATUS_WORDS[row.status]}
            </span>
          </span>
        </>
      ) : (
        <span role="cell" className="product-row__placeholder" aria-hidden="true" />
      )}
    </div>
  )
})

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

  return (
    <div className="product-table surface surface--raised" data-testid="product-table">
      <ProductFilters query={query} itemGroups={itemGroups} onQueryChange={setQuery} />
      {/* The header row stays put above the scrolling rows, and belongs to the same table, so
          each cell is announced with its column's name. */}
      <div role="table" aria-label="Products" aria-rowcount={(total ?? 0) + 1}>
        <div role="rowgroup">
          <div className="product-table__head" role="row" aria-rowindex={1}>
            <span role="columnheader">
              <span className="visually-hidden">Selected</span>
            </span>
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
            style={{ height: virtualizer.getTotalSize(), position: 'relative', readingFlow: 'source-order' }}
          >
            {/* In slot order, not row order: a block change then gives the leaving rows the
              entering rows' content where they stand. In row order the slots' order rotates and
              React moves the wrapped rows (insertBefore), which the browser styles, lays out and
              paints again from scratch (bench/PROFILE.md section 19). Each row's transform
              places it; reading-flow and reading-order keep Tab and the accessibility tree in
              row order. */}
            {[...items]
              .sort((a, b) => slotKey(a.index, span) - slotKey(b.index, span))
              .map((item) => {
                const row = rows.get(item.index)
                return (
                  <ProductRowView
                    key={slotKey(item.index, span)}
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
      <p className="product-table__count muted" aria-live="polite">
        {total === null
          ? 'Loading…'
          : `${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`}
        {selected.size > 0 ? ` · ${selected.size.toLocaleString('en-US')} selected` : ''}
      </p>
    </div>
  )
})
