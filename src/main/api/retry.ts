export interface RetryPolicy {
  /** Total tries, the first included. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8_000 }

/**
 * Only methods whose repetition cannot create a second object are retried. A POST whose answer
 * was lost is reported as outcome_unknown for the outbox to reconcile instead.
 */
export function isRetryableMethod(method: string): boolean {
  return method === 'GET' || method === 'PUT' || method === 'DELETE'
}

/** Exponential backoff with "full jitter": a random wait up to base·2^n, capped. */
export function backoffDelayMs(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex)
  return Math.round(random() * ceiling)
}
