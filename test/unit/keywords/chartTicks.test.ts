import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS } from '../../../src/shared/catalog/keywords'
import {
  chooseTickStep,
  dayMarks,
  planTicks,
  TICK_GAP_PX,
  type TickInput,
} from '../../../src/renderer/features/keywords/chart/ticks'

const utcHour = (ms: number) => new Date(ms).getUTCHours()
const series = (start: string, count: number, unit: number) =>
  Array.from({ length: count }, (_, index) => Date.parse(start) + index * unit)
const labels = { day: 70, time: 34 }

function input(times: number[], granularity: 'DAY' | 'HOUR', plotWidth: number): TickInput {
  return { times, granularity, plotWidth, labelWidth: labels, hourOf: utcHour }
}

describe('x ticks sit on the points', () => {
  it('by day, one tick per day when the labels fit', () => {
    // Seven daily points starting at 20:00: ticks on those points, never on midnights between.
    const times = series('2026-11-30T20:00:00Z', 7, DAY_MS)
    const plan = planTicks(input(times, 'DAY', 600))
    expect(plan).toEqual({ step: 1, indices: [0, 1, 2, 3, 4, 5, 6] })
  })

  it('by day, every second day when one a day would touch', () => {
    const times = series('2026-11-30T20:00:00Z', 8, DAY_MS)
    // 7 gaps over 420 px: 60 px apart, less than a day label and its gap (86 px).
    const plan = planTicks(input(times, 'DAY', 420))
    expect(plan).toEqual({ step: 2, indices: [0, 2, 4, 6] })
  })

  it('by hour, on round hours of the clock for the step', () => {
    // 24 hourly points from 13:00; 460 px: 20 px apart, so every third hour (60 px ≥ 50 px).
    const times = series('2026-11-30T13:00:00Z', 24, HOUR_MS)
    const plan = planTicks(input(times, 'HOUR', 460))
    expect(plan.step).toBe(3)
    expect(plan.indices.map((index) => utcHour(times[index]!))).toEqual([15, 18, 21, 0, 3, 6, 9, 12])
  })

  it('by hour over a week, at midnights, where the day label needs the room', () => {
    const times = series('2026-11-30T20:00:00Z', 168, HOUR_MS)
    // 3.9 px apart: twelve hours (47 px) would crowd the times; a day (94 px) fits a day label.
    const plan = planTicks(input(times, 'HOUR', 650))
    expect(plan.step).toBe(24)
    expect(plan.indices.every((index) => utcHour(times[index]!) === 0)).toBe(true)
    expect(plan.indices[0]).toBe(4)
    expect(plan.indices).toHaveLength(7)
  })

  it('keeps every tick label clear of the next', () => {
    for (const [granularity, count, width] of [
      ['DAY', 8, 300],
      ['DAY', 3, 200],
      ['HOUR', 24, 300],
      ['HOUR', 72, 700],
      ['HOUR', 168, 900],
    ] as const) {
      const unit = granularity === 'DAY' ? DAY_MS : HOUR_MS
      const tickInput = input(series('2026-11-30T20:00:00Z', count, unit), granularity, width)
      const step = chooseTickStep(tickInput)
      const need = (granularity === 'DAY' || step >= 24 ? labels.day : labels.time) + TICK_GAP_PX
      expect((width / (count - 1)) * step, `${granularity} ${count} in ${width}px`).toBeGreaterThanOrEqual(
        need,
      )
    }
  })

  it('gives one point its one tick, and none to no points', () => {
    expect(planTicks(input([Date.parse('2026-11-30T20:00:00Z')], 'DAY', 500)).indices).toEqual([0])
    expect(planTicks(input([], 'HOUR', 500)).indices).toEqual([])
  })
})

describe('hourly ticks carry the day', () => {
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

  it('on the first tick and on each tick of a new day', () => {
    const ticks = series('2026-11-30T12:00:00Z', 8, 3 * HOUR_MS) // 12:00 … 09:00 the next day
    expect(dayMarks(ticks, dayOf, 60, 70)).toEqual([true, false, false, false, true, false, false, false])
  })

  it('but not on the first when the next day starts too close for both labels', () => {
    const ticks = series('2026-11-30T21:00:00Z', 8, 3 * HOUR_MS) // 21:00, then 00:00 the next day
    expect(dayMarks(ticks, dayOf, 60, 70)).toEqual([false, true, false, false, false, false, false, false])
    // Two ticks before the new day there is room for both.
    expect(dayMarks(series('2026-11-30T18:00:00Z', 4, 3 * HOUR_MS), dayOf, 60, 70)).toEqual([
      true,
      false,
      true,
      false,
    ])
  })
})
