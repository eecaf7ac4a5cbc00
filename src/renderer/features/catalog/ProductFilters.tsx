import { Search } from 'lucide-react'
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ProductStatus } from '../../../shared/ipc/contracts/catalogs'
import { Combobox } from '../../components/Combobox'
import { Select } from '../../components/Select'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { STATUS_WORDS } from './catalogClient'

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
  const [settled] = useDebouncedValue(text, SEARCH_DELAY_MS)
  useEffect(() => latest.current(settled), [settled])
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
export const ProductFilters = memo(function ProductFilters({
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
