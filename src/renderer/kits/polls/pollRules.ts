// Pure helpers of the poll editor; every number comes from LIMITS.

import { LIMITS } from '../../../shared/rules/limits'

const MINUTES_PER_HOUR = 60
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR

export interface DurationParts {
  days: number
  hours: number
  minutes: number
}

export function splitDuration(totalMinutes: number): DurationParts {
  const total = Math.max(0, Math.trunc(totalMinutes))
  return {
    days: Math.floor(total / MINUTES_PER_DAY),
    hours: Math.floor((total % MINUTES_PER_DAY) / MINUTES_PER_HOUR),
    minutes: total % MINUTES_PER_HOUR,
  }
}

export function joinDuration(parts: DurationParts): number {
  return parts.days * MINUTES_PER_DAY + parts.hours * MINUTES_PER_HOUR + parts.minutes
}

/** "1 day left", "5 hours left": the largest whole unit, as the poll itself shows it. */
export function timeLeftLabel(totalMinutes: number): string {
  const { days, hours, minutes } = splitDuration(totalMinutes)
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'} left`
  if (days > 0) return unit(days, 'day')
  if (hours > 0) return unit(hours, 'hour')
  return unit(minutes, 'minute')
}

/** "1 day, 6 hours": the whole duration, for the hint under the picker. */
export function durationLabel(totalMinutes: number): string {
  const { days, hours, minutes } = splitDuration(totalMinutes)
  const parts = [
    [days, 'day'],
    [hours, 'hour'],
    [minutes, 'minute'],
  ] as const
  const words = parts
    .filter(([count]) => count > 0)
    .map(([count, word]) => `${count} ${word}${count === 1 ? '' : 's'}`)
  return words.length > 0 ? words.join(', ') : '0 minutes'
}

/**
 * Choices are filled in order: another one can be added only while there is room and every
 * choice so far has text (the third needs the first two, the fourth the first three).
 */
export function canAddChoice(choices: readonly string[]): boolean {
  return choices.length < LIMITS.pollCard.choices.max && choices.every((choice) => choice.trim() !== '')
}

/** The first choices are required; only the optional ones beyond them can be removed. */
export function canRemoveChoice(choices: readonly string[], index: number): boolean {
  return index >= LIMITS.pollCard.choices.min && index < choices.length
}

export const MAX_DURATION_DAYS = Math.floor(LIMITS.pollCard.durationMinutes.max / MINUTES_PER_DAY)
