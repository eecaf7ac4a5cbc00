/**
 * Which rows of a list are selected, as a file manager does it: a click selects one row, Shift
 * adds the range from the anchor (the row last clicked alone or toggled), Ctrl/Cmd toggles one.
 * The selection holds ids, so it follows the drafts when the list is sorted; it is kept to the
 * rows shown (`keepShown`), so what the designer edits is always what they see selected.
 */
export interface RowSelection {
  readonly ids: ReadonlySet<string>
  /** Where a Shift range starts. */
  readonly anchor: string | null
}

export interface Modifiers {
  shift?: boolean
  /** Ctrl, or Cmd on macOS. */
  toggle?: boolean
  /** Where a Shift range starts when nothing has been picked yet (the row a key moved from). */
  from?: string
}

type Row = { readonly id: string }

export const NO_SELECTION: RowSelection = { ids: new Set(), anchor: null }

function range(rows: readonly Row[], from: string | null, to: string): string[] {
  const end = rows.findIndex((row) => row.id === to)
  if (end < 0) return []
  const found = from === null ? -1 : rows.findIndex((row) => row.id === from)
  const start = found < 0 ? end : found
  const [low, high] = start <= end ? [start, end] : [end, start]
  return rows.slice(low, high + 1).map((row) => row.id)
}

/** A click (or Space, Shift+Arrow) on the row `id`. */
export function selectRow(
  selection: RowSelection,
  rows: readonly Row[],
  id: string,
  modifiers: Modifiers = {},
): RowSelection {
  if (modifiers.shift) {
    const anchor = selection.anchor ?? modifiers.from ?? id
    const ids = new Set(modifiers.toggle ? selection.ids : [])
    for (const each of range(rows, anchor, id)) ids.add(each)
    return { ids, anchor }
  }
  if (modifiers.toggle) {
    const ids = new Set(selection.ids)
    if (ids.has(id)) ids.delete(id)
    else ids.add(id)
    return { ids, anchor: id }
  }
  return { ids: new Set([id]), anchor: id }
}

/** Every row shown (the list as filtered and searched). */
export function selectAll(rows: readonly Row[], selection: RowSelection = NO_SELECTION): RowSelection {
  return { ids: new Set(rows.map((row) => row.id)), anchor: selection.anchor }
}

/** The selection without the rows no longer shown; the same object when none went. */
export function keepShown(selection: RowSelection, rows: readonly Row[]): RowSelection {
  if (selection.ids.size === 0) return selection
  const shown = new Set<string>()
  for (const row of rows) if (selection.ids.has(row.id)) shown.add(row.id)
  if (shown.size === selection.ids.size) return selection
  return {
    ids: shown,
    anchor: selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null,
  }
}

/** The selected ids in the list's order. */
export function selectedInOrder(selection: RowSelection, rows: readonly Row[]): string[] {
  if (selection.ids.size === 0) return []
  return rows.filter((row) => selection.ids.has(row.id)).map((row) => row.id)
}
