import { describe, expect, it } from 'vitest'
import {
  keepShown,
  NO_SELECTION,
  selectAll,
  selectedInOrder,
  selectRow,
} from '../../../../src/renderer/kits/draftList/rowSelection'

const rows = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }))
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort()

describe('row selection', () => {
  it('selects one row on a plain click, replacing the selection', () => {
    const one = selectRow(NO_SELECTION, rows, 'b')
    expect(ids(selectRow(one, rows, 'd'))).toEqual(['d'])
  })

  it('selects the range from the anchor on Shift, either way, replacing the last range', () => {
    const anchored = selectRow(NO_SELECTION, rows, 'b')
    const down = selectRow(anchored, rows, 'd', { shift: true })
    expect(ids(down)).toEqual(['b', 'c', 'd'])
    expect(ids(selectRow(down, rows, 'a', { shift: true }))).toEqual(['a', 'b'])
  })

  it('toggles one row on Ctrl/Cmd, which becomes the anchor', () => {
    const start = selectRow(NO_SELECTION, rows, 'a')
    const added = selectRow(start, rows, 'c', { toggle: true })
    expect(ids(added)).toEqual(['a', 'c'])
    expect(ids(selectRow(added, rows, 'a', { toggle: true }))).toEqual(['c'])
    // Ctrl+Shift adds the range from the new anchor to what was there.
    expect(ids(selectRow(added, rows, 'e', { shift: true, toggle: true }))).toEqual(['a', 'c', 'd', 'e'])
  })

  it('starts a Shift range at the row itself, or the row a key moved from, with no anchor', () => {
    expect(ids(selectRow(NO_SELECTION, rows, 'c', { shift: true }))).toEqual(['c'])
    expect(ids(selectRow(NO_SELECTION, rows, 'c', { shift: true, from: 'b' }))).toEqual(['b', 'c'])
  })

  it('selects all the rows the filter shows, and keeps to them when it changes', () => {
    const filtered = rows.filter((row) => row.id !== 'c')
    const all = selectAll(filtered)
    expect(ids(all)).toEqual(['a', 'b', 'd', 'e'])
    const narrowed = keepShown(all, [{ id: 'b' }, { id: 'e' }])
    expect(ids(narrowed)).toEqual(['b', 'e'])
    expect(keepShown(narrowed, rows)).toBe(narrowed)
  })

  it('gives the selected ids in the list order', () => {
    const picked = selectRow(selectRow(NO_SELECTION, rows, 'e'), rows, 'b', { toggle: true })
    expect(selectedInOrder(picked, rows)).toEqual(['b', 'e'])
  })
})
