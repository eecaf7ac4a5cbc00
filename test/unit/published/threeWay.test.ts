import { describe, expect, it } from 'vitest'
import { diffFields, rebase, threeWay } from '../../../src/main/published/threeWay'

describe('three-way merge of a published item edit', () => {
  const base = { name: 'Spring', title: 'Hello', url: 'https://a.example' }

  it('sends a field only the designer changed', () => {
    const merge = threeWay(base, base, { name: 'Summer' })
    expect(merge).toEqual({ send: { name: 'Summer' }, settled: [], conflicts: [] })
  })

  it('keeps a field only the platform changed: it is neither sent nor a conflict', () => {
    const theirs = { ...base, title: 'Changed elsewhere' }
    const merge = threeWay(base, theirs, { name: 'Summer' })
    expect(merge.send).toEqual({ name: 'Summer' })
    expect(merge.conflicts).toEqual([])
    expect(Object.keys(merge.send)).not.toContain('title')
  })

  it('finds a conflict when both changed a field to different values, and sends nothing for it', () => {
    const theirs = { ...base, name: 'Autumn' }
    const merge = threeWay(base, theirs, { name: 'Summer', title: 'Hi' })
    expect(merge.conflicts).toEqual([{ path: 'name', base: 'Spring', theirs: 'Autumn', mine: 'Summer' }])
    expect(merge.send).toEqual({ title: 'Hi' })
  })

  it('settles a field both changed to the same value without sending it', () => {
    const merge = threeWay(base, { ...base, name: 'Summer' }, { name: 'Summer' })
    expect(merge).toEqual({ send: {}, settled: ['name'], conflicts: [] })
  })

  it('reads empty and absent alike', () => {
    const merge = threeWay({ title: null }, { title: '' }, { title: 'New' })
    expect(merge.send).toEqual({ title: 'New' })
  })

  it('diffs two field maps, empty and absent alike', () => {
    expect(diffFields({ a: 'x', b: '', c: 'y' }, { a: 'x', c: 'z', d: 'w' })).toEqual({ c: 'z', d: 'w' })
  })
})

describe('re-basing after the designer chose', () => {
  const conflicts = [
    { path: 'name', base: 'A', theirs: 'B', mine: 'C' },
    { path: 'title', base: 'x', theirs: 'y', mine: 'z' },
  ]

  it('keeps mine as a change and drops theirs from the changes', () => {
    const next = rebase({ name: 'C', title: 'z', url: 'u' }, conflicts, { name: 'mine', title: 'theirs' })
    expect(next).toEqual({ name: 'C', url: 'u' })
    // Against the platform's copy as the new base, the kept change is sent and nothing conflicts.
    const merge = threeWay({ name: 'B', title: 'y', url: 'old' }, { name: 'B', title: 'y', url: 'old' }, next)
    expect(merge.conflicts).toEqual([])
    expect(merge.send).toEqual({ name: 'C', url: 'u' })
  })

  it('refuses to decide a conflict the designer did not choose for', () => {
    expect(() => rebase({ name: 'C' }, conflicts, { name: 'mine' })).toThrow(/title/)
  })
})
