import type { Granularity } from '../../../../shared/catalog/keywords'

/**
 * The one way the keyword chart writes a point's time and a count. The axis, the tooltip, the
 * table and the live region all take their words from here, so a day reads "Mon 30 Nov" and an
 * hour "Mon 30 Nov, 14:00" wherever it appears. Times are in the designer's time zone (the form
 * says so), unless a zone is given (tests).
 */
export interface TimeFormatter {
  readonly granularity: Granularity
  /** A point's label: "Mon 30 Nov" by day, "Mon 30 Nov, 14:00" by hour. */
  point(ms: number): string
  /** The day part alone: "Mon 30 Nov". */
  day(ms: number): string
  /** The time part alone, on a 24-hour clock: "14:00". */
  time(ms: number): string
  /** The hour of the day (0–23) in the formatter's zone: where hourly ticks line up. */
  hourOf(ms: number): number
  /**
   * An x-axis label, in lines, made of the same parts: by day the weekday over the date ("Mon",
   * "30 Nov"), so a tick fits under each day; by hour the time, with the day under it where
   * `withDay` (ticks.ts chooses where).
   */
  tick(ms: number, withDay: boolean): string
}

interface Parts {
  weekday: string
  day: string
  month: string
  hour: string
  minute: string
}

export function createTimeFormatter(granularity: Granularity, timeZone?: string): TimeFormatter {
  const intl = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  })
  const partsOf = (ms: number): Parts => {
    const parts: Parts = { weekday: '', day: '', month: '', hour: '', minute: '' }
    for (const part of intl.formatToParts(ms))
      if (part.type in parts) parts[part.type as keyof Parts] = part.value
    return parts
  }
  const dayOf = (parts: Parts) => `${parts.weekday} ${parts.day} ${parts.month}`
  const timeOf = (parts: Parts) => `${parts.hour}:${parts.minute}`
  const day = (ms: number) => dayOf(partsOf(ms))
  const time = (ms: number) => timeOf(partsOf(ms))
  return {
    granularity,
    day,
    time,
    point: (ms) => (granularity === 'DAY' ? day(ms) : `${day(ms)}, ${time(ms)}`),
    hourOf: (ms) => Number(partsOf(ms).hour),
    tick(ms, withDay) {
      const parts = partsOf(ms)
      if (granularity === 'DAY') return `${parts.weekday}\n${parts.day} ${parts.month}`
      return withDay ? `${timeOf(parts)}\n${dayOf(parts)}` : timeOf(parts)
    },
  }
}

/** A count in full, as the tooltip, table and live region say it: "12,345". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US')
}

/** A count on an axis, short: "950", "1.25k", "12.5k", "2M" (axis steps are round, see scales.ts). */
export function formatAxisCount(value: number): string {
  const abs = Math.abs(value)
  const short = (scaled: number, unit: string) => `${Number(scaled.toFixed(2))}${unit}`
  if (abs >= 1_000_000) return short(value / 1_000_000, 'M')
  if (abs >= 1_000) return short(value / 1_000, 'k')
  return String(value)
}
