import { describe, expect, it } from 'vitest'
import {
  DIVISIONS,
  highestOf,
  planScales,
  roundStep,
} from '../../../src/renderer/features/keywords/chart/scales'

describe('y scales', () => {
  it('step in round whole numbers', () => {
    expect([0, 0.4, 1, 1.5, 3, 7, 12, 24, 26, 240, 251, 3100].map(roundStep)).toEqual([
      1, 1, 1, 2, 3, 8, 20, 25, 30, 250, 300, 4000,
    ])
  })

  it('start at 0 and end on the round number the line fills best', () => {
    expect(planScales({ left: 1_010, right: null }).left).toEqual({
      max: 1_200,
      step: 400,
      ticks: [0, 400, 800, 1_200],
    })
    expect(planScales({ left: 2_950, right: null }).left).toEqual({
      max: 3_000,
      step: 1_000,
      ticks: [0, 1_000, 2_000, 3_000],
    })
  })

  it('give the total its own scale with as many divisions, so one grid reads on both sides', () => {
    for (const [left, right] of [
      [1_480, 9_730],
      [340, 610],
      [12, 5_400],
      [0, 0],
    ]) {
      const plan = planScales({ left: left!, right: right! })
      expect(plan.left!.max).toBeGreaterThanOrEqual(left!)
      expect(plan.right!.max).toBeGreaterThanOrEqual(right!)
      expect(plan.right!.ticks).toHaveLength(plan.left!.ticks.length)
      expect(DIVISIONS).toContain(plan.left!.ticks.length - 1)
      expect(plan.left!.ticks.at(-1)).toBe(plan.left!.max)
      expect(plan.right!.ticks.at(-1)).toBe(plan.right!.max)
    }
    // The keyword lines use most of the height instead of the bottom sixth of the total's.
    const { left, right } = planScales({ left: 1_480, right: 9_730 })
    expect(1_480 / left!.max).toBeGreaterThan(0.75)
    expect(9_730 / right!.max).toBeGreaterThan(0.75)
  })

  it('keep one scale for the side whose lines show', () => {
    expect(Object.keys(planScales({ left: null, right: 9_730 }))).toEqual(['right'])
    expect(Object.keys(planScales({ left: 40, right: null }))).toEqual(['left'])
    expect(planScales({ left: null, right: null })).toEqual({})
  })

  it('read the highest value of the lines that show', () => {
    expect(
      highestOf([
        [3, 9, 2],
        [12, 1],
      ]),
    ).toBe(12)
    expect(highestOf([[0, 0]])).toBe(0)
    expect(highestOf([])).toBeNull()
    expect(planScales({ left: 0, right: null }).left).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] })
  })
})
