export interface Faults {
  /** Added before every API response, in milliseconds. */
  latencyMs: number
  /** Fraction (0..1) of API requests answered 500 or 503 before anything is committed. */
  errorRate: number
  /** Fraction (0..1) of API requests whose effect is committed and whose connection is then destroyed. */
  dropAfterCommitRate: number
  /** true: every API request gets 429; a number: that many upcoming API requests get 429. */
  force429: boolean | number
  /**
   * Audience user uploads (custom audiences and do-not-reach lists) process one record fewer than
   * sent, and success_count/total_count say so (the spec's "if they differ ... retry" case).
   * true: every upload; a number: that many upcoming uploads. Independent of pathPattern.
   */
  undercountAudienceUploads: boolean | number
  /** When set, faults apply only to requests whose `METHOD /path` matches this regular expression. */
  pathPattern?: string
}

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  dropAfterCommitRate: 0,
  force429: false,
  undercountAudienceUploads: false,
}

export interface FaultCounts {
  errors: number
  drops: number
  forced429: number
  /** Audience uploads answered with fewer records processed than sent. */
  undercounts: number
}

/** mulberry32: tiny, fast and seedable, so a failing fault test replays exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export function validateFaults(faults: Faults): void {
  for (const key of ['errorRate', 'dropAfterCommitRate'] as const) {
    const value = faults[key]
    if (!(value >= 0 && value <= 1))
      throw new RangeError(`faults.${key} must be between 0 and 1, got ${value}`)
  }
  if (!(faults.latencyMs >= 0)) throw new RangeError(`faults.latencyMs must be >= 0, got ${faults.latencyMs}`)
  if (faults.pathPattern !== undefined) new RegExp(faults.pathPattern)
}
