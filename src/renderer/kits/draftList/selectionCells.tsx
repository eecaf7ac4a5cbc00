import type { Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import type { Modifiers } from './rowSelection'

/** What the table tells the list about the designer's selecting (see rowSelection.ts). */
export interface SelectionHandlers {
  select(id: string, modifiers: Modifiers): void
  selectAll(): void
  clear(): void
}

/** The header's checkbox: every row shown selected, some (mixed), or none. */
export function SelectAllCell({
  shown,
  selected,
  handlers,
}: {
  shown: number
  selected: number
  handlers: SelectionHandlers
}) {
  const all = shown > 0 && selected >= shown
  const ref = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.indeterminate = selected > 0 && !all
    },
    [selected, all],
  )
  return (
    <th scope="col" className="drafts-table__col-select">
      <input
        ref={ref}
        type="checkbox"
        className="drafts-table__check"
        aria-label={all ? 'Clear the selection' : 'Select all drafts shown'}
        checked={all}
        disabled={shown === 0}
        onChange={() => (all ? handlers.clear() : handlers.selectAll())}
      />
    </th>
  )
}

/** A row's checkbox: toggles its draft; with Shift, adds the range from the last one picked. */
export function SelectCell({
  id,
  name,
  selected,
  handlers,
}: {
  id: string
  name: string
  selected: boolean
  handlers: SelectionHandlers
}) {
  return (
    <td className="drafts-table__select">
      <input
        type="checkbox"
        className="drafts-table__check"
        aria-label={`Select ${name}`}
        checked={selected}
        onChange={(event) =>
          handlers.select(id, { toggle: true, shift: (event.nativeEvent as PointerEvent).shiftKey === true })
        }
      />
    </td>
  )
}

// A click on these inside a row does its own thing, not a selection.
const OWN_CLICK = 'a, button, input, label, [role="menuitem"]'

/** A click on the row itself: select it alone, Shift for a range, Ctrl/Cmd to toggle it. */
export function onRowClick(handlers: SelectionHandlers, id: string) {
  return (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest(OWN_CLICK)) return
    handlers.select(id, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey })
  }
}

/** Shift+click would also select the row's text: not while selecting rows. */
export function onRowMouseDown(event: MouseEvent<HTMLTableRowElement>) {
  if (event.shiftKey && !(event.target as Element).closest(OWN_CLICK)) event.preventDefault()
}

const checkboxOf = (table: HTMLElement | null, index: number) =>
  table?.querySelector<HTMLInputElement>(`tr[data-index="${index}"] .drafts-table__check`) ?? null

/**
 * The table's keys while focus is in it: Up and Down move between the rows' checkboxes (Shift
 * extends the selection), Ctrl/Cmd+A selects every row shown, Escape clears. Space toggles the
 * focused checkbox itself. A row out of view is scrolled in before it is focused.
 */
export function useSelectionKeys(
  rows: readonly { id: string }[],
  handlers: SelectionHandlers | undefined,
  virtualizer: Virtualizer<HTMLElement, Element>,
  table: React.RefObject<HTMLTableElement | null>,
) {
  const focusNext = useRef<number | null>(null)
  useLayoutEffect(() => {
    if (focusNext.current === null) return
    const checkbox = checkboxOf(table.current, focusNext.current)
    if (checkbox) {
      focusNext.current = null
      checkbox.focus()
    }
  })
  return useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      if (!handlers) return
      const target = event.target as HTMLElement
      if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) {
        event.preventDefault()
        handlers.selectAll()
      } else if (event.key === 'Escape') {
        if (target.closest('[role="menu"]')) return
        handlers.clear()
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const at = Number(target.closest('tr[data-index]')?.getAttribute('data-index') ?? NaN)
        if (!Number.isInteger(at)) return
        const next = at + (event.key === 'ArrowDown' ? 1 : -1)
        const row = rows[next]
        if (!row) return
        event.preventDefault()
        if (event.shiftKey) handlers.select(row.id, { shift: true, from: rows[at]?.id })
        const checkbox = checkboxOf(table.current, next)
        if (checkbox) checkbox.focus()
        else {
          focusNext.current = next
          virtualizer.scrollToIndex(next)
        }
      }
    },
    [handlers, rows, table, virtualizer],
  )
}
