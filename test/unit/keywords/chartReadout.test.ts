import { describe, expect, it } from 'vitest'
import { createTimeFormatter } from '../../../src/renderer/features/keywords/chart/format'
import { pointReadout, stepCursor } from '../../../src/renderer/features/keywords/chart/readout'

const format = createTimeFormatter('DAY', 'UTC')
const times = [Date.parse('2026-11-30T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z')]
const series = [
  { label: 'running shoes', values: [1204, 980] },
  { label: 'trail shoes', values: [310, 295] },
  { label: 'All keywords', values: [1480, 1240] },
]

describe('the live region reads the point under the cursor', () => {
  it('says the time, then each line shown with its value', () => {
    expect(pointReadout(format, times, series, [true, true, true], 0)).toBe(
      'Mon 30 Nov: running shoes 1,204, trail shoes 310, All keywords 1,480',
    )
  })

  it('leaves out the lines the legend hid', () => {
    expect(pointReadout(format, times, series, [true, false, true], 1)).toBe(
      'Tue 1 Dec: running shoes 980, All keywords 1,240',
    )
  })
})

describe('keys move the cursor over the points', () => {
  it('Right and Left step, Home and End jump, the ends hold', () => {
    expect(stepCursor('ArrowRight', null, 7)).toBe(0)
    expect(stepCursor('ArrowLeft', null, 7)).toBe(6)
    expect(stepCursor('ArrowRight', 2, 7)).toBe(3)
    expect(stepCursor('ArrowLeft', 2, 7)).toBe(1)
    expect(stepCursor('ArrowLeft', 0, 7)).toBe(0)
    expect(stepCursor('ArrowRight', 6, 7)).toBe(6)
    expect(stepCursor('Home', 4, 7)).toBe(0)
    expect(stepCursor('End', 1, 7)).toBe(6)
    expect(stepCursor('End', null, 0)).toBeNull()
  })
})
