import { formatCount, type TimeFormatter } from './format'

/**
 * What the chart says about one point, for the live region (read out as the cursor moves) and
 * the tooltip: its time, then each line that shows with its value, in the legend's order.
 */

export interface ChartSeries {
  label: string
  values: readonly number[]
}

export interface PointValue {
  index: number
  label: string
  value: number
}

export function pointValues(
  series: readonly ChartSeries[],
  shown: readonly boolean[],
  index: number,
): PointValue[] {
  return series.flatMap((line, at) =>
    shown[at] === false ? [] : [{ index: at, label: line.label, value: line.values[index] ?? 0 }],
  )
}

/** "Mon 30 Nov: running shoes 1,204, trail shoes 310, All keywords 1,480". */
export function pointReadout(
  format: TimeFormatter,
  times: readonly number[],
  series: readonly ChartSeries[],
  shown: readonly boolean[],
  index: number,
): string {
  const time = times[index]
  if (time === undefined) return ''
  const values = pointValues(series, shown, index).map((item) => `${item.label} ${formatCount(item.value)}`)
  return `${format.point(time)}: ${values.join(', ')}`
}

export type CursorKey = 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End'

export function isCursorKey(key: string): key is CursorKey {
  return key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End'
}

/**
 * The point a key moves the cursor to. With no point under the cursor yet, Right starts at the
 * first point and Left at the last; the ends hold.
 */
export function stepCursor(key: CursorKey, current: number | null, count: number): number | null {
  if (count === 0) return null
  const last = count - 1
  switch (key) {
    case 'Home':
      return 0
    case 'End':
      return last
    case 'ArrowLeft':
      return current === null ? last : Math.max(0, current - 1)
    case 'ArrowRight':
      return current === null ? 0 : Math.min(last, current + 1)
  }
}
