export interface RateLimits {
  /** Length of every rate-limit window in milliseconds (the platform uses 15 minutes). */
  windowMs: number
  /** Requests per window per endpoint and credential. Numeric limits are "not shown" in the spec. */
  requestsPerWindow: number
  /** Requests carrying with_total_count=true, per window and user (spec: 200 per 15 minutes). */
  totalCountPerWindow: number
  /** oauth2/token calls per window and app before 403 code 99 ("calling too often"). */
  bearerTokenCallsPerWindow: number
  /** How long FINALIZE'd videos stay in processing before STATUS reports succeeded. */
  videoProcessingMs: number
  /** The same for GIFs uploaded with media_category post_gif (other images are ready at once). */
  gifProcessingMs: number
  /** Custom audience user uploads per window (spec part A, limits: 1500 per 1-minute window). */
  audienceUploadsPerWindow: number
  audienceUploadWindowMs: number
  /**
   * How long a custom audience or do-not-reach list reports PROCESSING after an accepted upload
   * (the reason value is in the spec; its duration is not shown).
   */
  audienceProcessingMs: number
  /** How long a FILTERED product set stays PROCESSING before it is DONE (not shown in the spec). */
  productSetProcessingMs: number
}

export const DEFAULT_LIMITS: RateLimits = {
  windowMs: 15 * 60_000,
  requestsPerWindow: 900,
  totalCountPerWindow: 200,
  bearerTokenCallsPerWindow: 20,
  videoProcessingMs: 1_500,
  gifProcessingMs: 500,
  productSetProcessingMs: 1_000,
  audienceUploadsPerWindow: 1_500,
  audienceUploadWindowMs: 60_000,
  audienceProcessingMs: 1_000,
}

export interface WindowStatus {
  allowed: boolean
  limit: number
  remaining: number
  /** Epoch seconds at which the window resets. */
  reset: number
}

/** Fixed windows per key, starting at the key's first request. */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; used: number }>()

  take(key: string, limit: number, windowMs: number, now: number): WindowStatus {
    let window = this.windows.get(key)
    if (!window || now - window.start >= windowMs) {
      window = { start: now, used: 0 }
      this.windows.set(key, window)
    }
    const allowed = window.used < limit
    if (allowed) window.used += 1
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.used),
      reset: Math.ceil((window.start + windowMs) / 1000),
    }
  }
}

export function rateLimitHeaders(status: WindowStatus): Record<string, string> {
  return {
    'x-rate-limit-limit': String(status.limit),
    'x-rate-limit-remaining': String(status.remaining),
    'x-rate-limit-reset': String(status.reset),
  }
}
