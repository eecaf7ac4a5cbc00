import { describe, expect, it } from 'vitest'
import type { CatalogState } from '../../src/shared/ipc/contracts/catalogs'
import { canMerge, mergeCatalogState } from '../../src/renderer/features/catalog/catalogState'

function state(overrides: Partial<CatalogState> = {}): CatalogState {
  return {
    catalog: { name: 'Shop', status: 'created', id: 'c1' },
    counts: { total: 3, pending: 1, sent: 2, refused: 0, fixed: 0, deleting: 0 },
    itemGroups: ['g1', 'g2'],
    itemGroupsRevision: 1,
    sets: [],
    resendable: 0,
    ...overrides,
  }
}

describe('the catalog state read again every second while sending', () => {
  it('keeps the whole state when nothing changed, so nothing re-renders', () => {
    const current = state()
    expect(mergeCatalogState(current, state())).toBe(current)
  })

  it('takes what changed and keeps the identity of every part that did not', () => {
    const current = state()
    const next = mergeCatalogState(
      current,
      state({ counts: { total: 3, pending: 0, sent: 3, refused: 0, fixed: 0, deleting: 0 } }),
    )
    expect(next).not.toBe(current)
    expect(next.counts.sent).toBe(3)
    expect(next.itemGroups).toBe(current.itemGroups)
    expect(next.sets).toBe(current.sets)
    expect(next.catalog).toBe(current.catalog)
  })

  it('takes a new list of item groups, a renamed catalog, new sets and a new resendable count', () => {
    const current = state()
    const set = {
      localId: '6f1c1d55-3b1e-4b7e-9a53-6a2f4f1b2c3d',
      name: 'Cheap',
      type: 'FILTERED' as const,
      filters: [],
      productIds: [],
      status: 'pending' as const,
    }
    const next = mergeCatalogState(
      current,
      state({
        itemGroups: ['g1', 'g2', 'g3'],
        itemGroupsRevision: 2,
        catalog: { name: 'Shop 2', status: 'created', id: 'c1' },
        sets: [set],
        resendable: 2,
      }),
    )
    expect(next.itemGroups).toEqual(['g1', 'g2', 'g3'])
    expect(next.itemGroupsRevision).toBe(2)
    expect(next.catalog?.name).toBe('Shop 2')
    expect(next.sets).toEqual([set])
    expect(next.resendable).toBe(2)
    expect(next.counts).toBe(current.counts)
  })

  it('takes the first state as it is', () => {
    const first = state()
    expect(mergeCatalogState(null, first)).toBe(first)
  })

  it('keeps the list held when a read left it out because its revision is the one held', () => {
    const current = state()
    const { itemGroups: _left, ...read } = state({
      counts: { total: 3, pending: 0, sent: 3, refused: 0, fixed: 0, deleting: 0 },
    })
    expect(canMerge(current, read)).toBe(true)
    const next = mergeCatalogState(current, read)
    expect(next.itemGroups).toBe(current.itemGroups)
    expect(next.counts.sent).toBe(3)
    // Nothing new at all: the same state.
    const { itemGroups: _same, ...unchanged } = state()
    expect(mergeCatalogState(current, unchanged)).toBe(current)
  })

  it('cannot merge a read without the list when the list held is of another revision, or none is held', () => {
    const { itemGroups: _left, ...read } = state({ itemGroupsRevision: 7 })
    expect(canMerge(state(), read)).toBe(false)
    expect(canMerge(null, read)).toBe(false)
    expect(() => mergeCatalogState(state(), read)).toThrow(/revision/)
  })
})
