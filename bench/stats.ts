/** Percentiles by the nearest-rank method: p95 of 200 samples is the 190th smallest. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}

export interface Summary {
  n: number
  p50: number
  p95: number
}

export function summarize(samples: readonly number[]): Summary {
  return { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95) }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
