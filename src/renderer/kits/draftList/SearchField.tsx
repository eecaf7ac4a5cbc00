import { Search } from 'lucide-react'
import { memo, useState } from 'react'

// Built once: a key re-renders the field, never its icon.
const SEARCH_ICON = <Search size={16} className="input-icon input-icon--start" aria-hidden="true" />

/**
 * The drafts search box. It keeps what is typed itself, so a key re-renders this field alone;
 * `onSearch` hears every change and decides when the list follows. `initial` is the search the
 * list applies, shown again if the field is drawn anew (after the list was empty).
 */
export const SearchField = memo(function SearchField({
  initial,
  onSearch,
}: {
  initial: string
  onSearch(value: string): void
}) {
  const [value, setValue] = useState(initial)
  return (
    <div className="search">
      {SEARCH_ICON}
      <input
        className="input input--icon-start search__input"
        type="search"
        aria-label="Search drafts"
        placeholder="Search by name"
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          onSearch(event.target.value)
        }}
      />
    </div>
  )
})
