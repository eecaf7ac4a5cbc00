import { memo, useLayoutEffect, useRef } from 'react'
import type { ProductRow } from '../../../shared/ipc/contracts/catalogs'
import { STATUS_BADGES, STATUS_WORDS } from './catalogClient'
import { ProductThumb } from './ProductThumb'
import { ROW_HEIGHT } from './tableWindow'

/** Whether two versions of a row look the same in the table. */
export function sameShown(a: ProductRow, b: ProductRow): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    a.price === b.price &&
    a.availability === b.availability &&
    a.imageLink === b.imageLink &&
    a.itemGroupId === b.itemGroupId &&
    a.status === b.status &&
    a.messages[0]?.message === b.messages[0]?.message
  )
}

/** One row; memoized, so rows that stay in view are not rendered again as the table scrolls. */
export const ProductRowView = memo(function ProductRowView({
  profileId,
  index,
  start,
  row,
  selected,
  onToggle,
  onOpen,
}: {
  profileId: string
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
          {/* Mounted only while the row is on screen, so only those rows' images are fetched. */}
          <span role="cell" className="product-row__image">
            <ProductThumb profileId={profileId} url={row.imageLink} />
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
