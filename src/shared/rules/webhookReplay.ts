import { PLATFORM_TOOL_LIMITS } from './platformToolLimits'

/**
 * The window of a webhook replay (POST /2/webhooks/replay, platform document line 127): the
 * public reference takes `from_date` and `to_date` as UTC minutes (yyyymmddhhmm), the start within
 * the past 24 hours, the end after the start, neither in the future. Renderer and main check the
 * same rule; the platform checks it again.
 */

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000

/** Epoch ms as the UTC minute the platform reads: `202504242000`. */
export function replayDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, '')
}

export interface ReplayWindowProblem {
  field: 'from' | 'to'
  message: string
}

/** What is wrong with a replay window, in words, on the field concerned; undefined when it is fine. */
export function replayWindowProblem(from: number, to: number, now: number): ReplayWindowProblem | undefined {
  const hours = PLATFORM_TOOL_LIMITS.webhookReplay.windowHours.value
  // Compared by the minute, as the platform reads them.
  const minute = (ms: number) => Math.floor(ms / MINUTE_MS)
  if (!Number.isFinite(from)) return { field: 'from', message: 'Choose when the replay starts' }
  if (!Number.isFinite(to)) return { field: 'to', message: 'Choose when the replay ends' }
  if (minute(from) > minute(now)) return { field: 'from', message: 'The start is in the future' }
  if (minute(to) > minute(now))
    return { field: 'to', message: 'The end is in the future — use now at the latest' }
  if (minute(from) < minute(now - hours * HOUR_MS)) {
    const earliest = Math.ceil((now - hours * HOUR_MS) / MINUTE_MS) * MINUTE_MS
    const shown = new Date(earliest).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    return {
      field: 'from',
      message: `Only the past ${hours} hours can be replayed — start at ${shown} or later`,
    }
  }
  if (minute(to) <= minute(from)) return { field: 'to', message: 'The end must be after the start' }
  return undefined
}
