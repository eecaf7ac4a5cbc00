/**
 * The y scales of the keyword chart: each starts at 0 and ends on a round number. The keywords
 * use the left scale; the total of all keywords, several times larger, has its own on the right,
 * so it no longer flattens the keyword lines. When both show, they share the number of
 * divisions, so one set of grid lines reads on both sides; that number is the one (3 to 6) with
 * which the lines fill their scales best.
 */

export interface AxisScale {
  max: number
  step: number
  /** 0, step, 2·step … max. */
  ticks: number[]
}

export const DIVISIONS = [3, 4, 5, 6] as const
/** What one more grid line costs against filling the height (fractions of it). */
const CROWDING = 0.02
const MULTIPLIERS = [1, 2, 2.5, 3, 4, 5, 6, 8, 10]

/** The smallest round step (1, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ; whole numbers: counts) at least `raw`. */
export function roundStep(raw: number): number {
  if (!(raw > 1)) return 1
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const steps = MULTIPLIERS.map((multiplier) => multiplier * magnitude).filter(Number.isInteger)
  return steps.find((step) => step >= raw) ?? 10 * magnitude
}

function scaleOf(highest: number, divisions: number): AxisScale {
  const step = roundStep(highest / divisions)
  return {
    max: step * divisions,
    step,
    ticks: Array.from({ length: divisions + 1 }, (_, index) => index * step),
  }
}

/**
 * The scales for the lines that show: `left` is the highest value of the keyword lines shown,
 * `right` that of the total; null when none of that side's lines shows.
 */
export function planScales(highest: { left: number | null; right: number | null }): {
  left?: AxisScale
  right?: AxisScale
} {
  const sides = (['left', 'right'] as const).filter((side) => highest[side] !== null)
  if (sides.length === 0) return {}
  let best: Partial<Record<'left' | 'right', AxisScale>> = {}
  let bestScore = -Infinity
  for (const divisions of DIVISIONS) {
    const plan: Partial<Record<'left' | 'right', AxisScale>> = {}
    let score = -CROWDING * divisions
    for (const side of sides) {
      const scale = scaleOf(highest[side]!, divisions)
      plan[side] = scale
      score += highest[side]! / scale.max
    }
    if (score > bestScore + 1e-9) {
      best = plan
      bestScore = score
    }
  }
  return best
}

/** The highest value of the series shown (0 when they are all zero), or null when none shows. */
export function highestOf(series: readonly (readonly number[])[]): number | null {
  if (series.length === 0) return null
  return series.reduce((high, values) => values.reduce((max, value) => Math.max(max, value), high), 0)
}
