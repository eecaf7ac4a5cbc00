/**
 * Paces requests to a limit of `requests` per `windowMs` (custom audience upload: 1,500 per
 * minute, ads-a-catalogs-audiences.md:185), as a sliding window of send times per key, so a
 * long upload runs at the limit without ever being refused for it. The platform's window may be
 * fixed rather than sliding; a sliding one never sends more than a fixed one would allow.
 */
export interface Pacer {
  /** Resolves when one more request may leave; records it as sent. */
  take(key: string, sleep: (ms: number) => Promise<void>): Promise<void>
}

export function createPacer(
  limit: { requests: number; windowMs: number },
  now: () => number = Date.now,
): Pacer {
  const sent = new Map<string, number[]>()
  return {
    async take(key, sleep) {
      const times = sent.get(key) ?? []
      sent.set(key, times)
      for (;;) {
        const t = now()
        while (times.length > 0 && (times[0] as number) <= t - limit.windowMs) times.shift()
        if (times.length < limit.requests) {
          times.push(t)
          return
        }
        await sleep((times[0] as number) + limit.windowMs - t + 1)
      }
    },
  }
}
