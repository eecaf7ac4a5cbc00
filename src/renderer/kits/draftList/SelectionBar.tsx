import { X } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { formatNumber } from '../../../shared/rules/issues'
import {
  keepShown,
  NO_SELECTION,
  selectAll,
  selectedInOrder,
  selectRow,
  type RowSelection,
} from './rowSelection'
import type { SelectionHandlers } from './selectionCells'

/**
 * The list's selection: kept to the rows shown, told to the page (ids in list order) whenever it
 * changes. Undefined when the page takes no selection.
 */
export function useRowSelection(
  rows: readonly { id: string }[],
  onSelection: ((ids: readonly string[]) => void) | undefined,
): { selected: ReadonlySet<string>; handlers: SelectionHandlers } | undefined {
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION)
  const rowsNow = useRef(rows)
  rowsNow.current = rows
  // A search or filter that hides selected rows drops them: the selection is what is shown.
  useEffect(() => setSelection((current) => keepShown(current, rows)), [rows])
  useEffect(() => onSelection?.(selectedInOrder(selection, rowsNow.current)), [onSelection, selection])
  const handlers = useMemo<SelectionHandlers>(
    () => ({
      select: (id, modifiers) =>
        setSelection((current) => selectRow(current, rowsNow.current, id, modifiers)),
      selectAll: () => setSelection((current) => selectAll(rowsNow.current, current)),
      clear: () => setSelection(NO_SELECTION),
    }),
    [],
  )
  return onSelection ? { selected: selection.ids, handlers } : undefined
}

const MOD = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl+'

/** "12 selected", said to screen readers as it changes, with the page's actions and Clear. */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number
  onClear(): void
  children?: ReactNode
}) {
  const clear = useCallback(() => onClear(), [onClear])
  return (
    <div className="selection-bar" data-active={count > 0 ? 'true' : undefined}>
      <span role="status" className="selection-bar__count">
        {count > 0 ? `${formatNumber(count)} selected` : ''}
      </span>
      {count > 0 ? (
        <>
          <div className="selection-bar__actions">{children}</div>
          <button type="button" className="button button--ghost button--small" onClick={clear}>
            <X size={14} aria-hidden="true" />
            Clear selection
          </button>
        </>
      ) : (
        <span className="muted selection-bar__hint">
          Select drafts to edit them together: Shift+click selects a range, {MOD}click adds one, {MOD}A
          selects all shown.
        </span>
      )}
    </div>
  )
}
