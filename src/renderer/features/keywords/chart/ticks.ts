import type { Granularity } from '../../../../shared/catalog/keywords'

/**
 * Where the x axis puts its ticks: on the points themselves, every `step` points, never between
 * them. By day a tick is a day (or every 2, 3 or 7 days when the labels would not fit); by hour a
 * tick is an hour, every 2, 3, 4, 6 or 12 hours lined up on the clock (00:00, 06:00, 12:00), or
 * midnights once even 12 hours are too close.
 */

export const TICK_STEPS: Record<Granularity, readonly number[]> = {
  DAY: [1, 2, 3, 7],
  HOUR: [1, 2, 3, 4, 6, 12, 24, 48],
}

/** Free space between two neighbouring labels, in CSS pixels. */
export const TICK_GAP_PX = 16

export interface TickInput {
  /** Each point's start, epoch milliseconds, one unit apart. */
  times: readonly number[]
  granularity: Granularity
  /** Width of the plotting area, CSS pixels. */
  plotWidth: number
  /** The widest line of a day's label ("30 Nov", or "Wed 30 Nov" by hour) and of a time ("00:00"), CSS pixels. */
  labelWidth: { day: number; time: number }
  /** The hour of the day of a time, in the zone the labels are written in. */
  hourOf: (ms: number) => number
}

export interface TickPlan {
  step: number
  /** Indices into `times` that get a tick, in order. */
  indices: number[]
}

/** The width one tick's label needs: by hour, a day line joins the time once ticks are days apart. */
function labelNeed(input: TickInput, step: number): number {
  const widest = input.granularity === 'DAY' || step >= 24 ? input.labelWidth.day : input.labelWidth.time
  return widest + TICK_GAP_PX
}

/** The fewest points between ticks whose labels do not touch. */
export function chooseTickStep(input: TickInput): number {
  const steps = TICK_STEPS[input.granularity]
  const count = input.times.length
  if (count < 2) return steps[0]!
  const spacing = input.plotWidth / (count - 1)
  return steps.find((step) => spacing * step >= labelNeed(input, step)) ?? steps[steps.length - 1]!
}

/** The first tick: the first point on a round hour for the step (midnight for whole days). */
function firstIndex(input: TickInput, step: number): number {
  if (input.granularity === 'DAY') return 0
  const round = Math.min(step, 24)
  const within = Math.min(round, input.times.length)
  for (let index = 0; index < within; index++)
    if (input.hourOf(input.times[index]!) % round === 0) return index
  return 0
}

export function planTicks(input: TickInput): TickPlan {
  if (input.times.length === 0) return { step: 1, indices: [] }
  const step = chooseTickStep(input)
  const indices: number[] = []
  for (let index = firstIndex(input, step); index < input.times.length; index += step) indices.push(index)
  return { step, indices }
}

/**
 * Which hourly ticks carry the day under their time: each tick on a new day, and the first tick,
 * unless the next tick with a day is too close for both labels (the new day wins; the span above
 * the chart names the first). `spacing` is the distance between two ticks, CSS pixels.
 */
export function dayMarks(
  tickTimes: readonly number[],
  dayOf: (ms: number) => string,
  spacing: number,
  dayWidth: number,
): boolean[] {
  const marks = tickTimes.map((time, at) => at === 0 || dayOf(time) !== dayOf(tickTimes[at - 1]!))
  const next = marks.indexOf(true, 1)
  if (next > 0 && next * spacing < dayWidth + TICK_GAP_PX) marks[0] = false
  return marks
}
