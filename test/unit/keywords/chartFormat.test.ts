import { describe, expect, it } from 'vitest'
import {
  createTimeFormatter,
  formatAxisCount,
  formatCount,
} from '../../../src/renderer/features/keywords/chart/format'

const at = (iso: string) => Date.parse(iso)

describe('the keyword chart writes a time one way', () => {
  it('by day: "Mon 30 Nov" for the point, and the tick is the same words on two lines', () => {
    const format = createTimeFormatter('DAY', 'UTC')
    const time = at('2026-11-30T20:00:00Z')
    expect(format.point(time)).toBe('Mon 30 Nov')
    expect(format.day(time)).toBe('Mon 30 Nov')
    expect(format.tick(time, true)).toBe('Mon\n30 Nov')
    expect(format.tick(time, false)).toBe('Mon\n30 Nov')
  })

  it('by hour: the day and a 24-hour time, and the tick is those same parts', () => {
    const format = createTimeFormatter('HOUR', 'UTC')
    expect(format.point(at('2026-12-01T00:00:00Z'))).toBe('Tue 1 Dec, 00:00')
    expect(format.point(at('2026-12-01T14:00:00Z'))).toBe('Tue 1 Dec, 14:00')
    // A tick that carries the day has it under the time (ticks.ts says which do).
    expect(format.tick(at('2026-11-30T18:00:00Z'), true)).toBe('18:00\nMon 30 Nov')
    expect(format.tick(at('2026-11-30T21:00:00Z'), false)).toBe('21:00')
  })

  it('writes the time in the zone it is given, and tells the hour there', () => {
    const tokyo = createTimeFormatter('HOUR', 'Asia/Tokyo')
    const time = at('2026-11-30T20:00:00Z')
    expect(tokyo.point(time)).toBe('Tue 1 Dec, 05:00')
    expect(tokyo.hourOf(time)).toBe(5)
    expect(createTimeFormatter('HOUR', 'UTC').hourOf(time)).toBe(20)
  })
})

describe('counts', () => {
  it('are written in full with separators', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(1204)).toBe('1,204')
    expect(formatCount(2_500_000)).toBe('2,500,000')
  })

  it('are short on an axis, exact for round steps', () => {
    expect([0, 950, 1000, 1250, 12_500, 250_000, 2_000_000].map(formatAxisCount)).toEqual([
      '0',
      '950',
      '1k',
      '1.25k',
      '12.5k',
      '250k',
      '2M',
    ])
  })
})
