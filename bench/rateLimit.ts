/**
 * Publishing against a rate limit: poll cards (one POST each) through the sandbox, which allows
 * `perWindow` posts per `windowMs` window per endpoint and credential and states each window's
 * `x-rate-limit-remaining` and `x-rate-limit-reset` (whole epoch seconds) on every answer, as the
 * platform does. The figures:
 *  - throughput: posts published per window-length of time over every full window after the
 *    first, against the bound (`perWindow` per `windowMs`): from the first post of window 2 to
 *    the first post of the last window. Lost time is the reset's rounding up to a whole second,
 *    the client's reaction, and any post the client could not send in time;
 *  - 429s after the first window: requests spent on a refusal the stated window predicted.
 */
import { startRig } from './outbox'

export interface RateLimitFigures {
  /** Posts per window-length of time ÷ the bound, over the full windows after the first. */
  throughputRatio: number
  /** Posts in each window, in order (the sandbox's windows, told apart by their reset). */
  postsPerWindow: number[]
  /** Answers with 429 after the first window, and requests the client held back instead. */
  refusedAfterFirst: number
  paced: number
  requestsPerWindow: number
  windowMs: number
  jobs: number
}

export async function benchRateLimit(
  jobs = 1_000,
  perWindow = 200,
  windowMs = 60_000,
): Promise<RateLimitFigures> {
  const rig = await startRig()
  try {
    const ids: string[] = []
    for (let index = 0; index < jobs; index++) {
      const { draftId } = await rig.enqueue('poll_card', {
        name: `Poll ${index}`,
        choices: ['A', 'B'],
        durationInMinutes: 60,
        media: null,
      })
      ids.push(draftId)
    }
    // Set after the drafts exist: their creation goes through no rate-limited endpoint, but the
    // connection's reads did.
    rig.sandbox.setLimits({ requestsPerWindow: perWindow, windowMs })
    const first = rig.http.exchanges.length
    for (const id of ids) await rig.outbox.enqueue(id)
    await rig.outbox.idle()
    const published = (await rig.outbox.list()).filter((job) => job.state === 'published').length
    if (published !== jobs) throw new Error(`${published} of ${jobs} rate-limited jobs published`)

    const polls = rig.http.exchanges
      .slice(first)
      .filter((exchange) => exchange.method === 'POST' && exchange.url.endsWith('/cards/poll'))
    const posted = polls.filter(
      (exchange) => typeof exchange.status === 'number' && exchange.status >= 200 && exchange.status < 300,
    )
    // The sandbox's windows, in order, by the reset each answer states.
    const windows: { reset: number; firstAt: number; posts: number }[] = []
    for (const post of posted) {
      const last = windows.at(-1)
      if (last && last.reset === post.reset) last.posts += 1
      else windows.push({ reset: post.reset!, firstAt: post.sentAt, posts: 1 })
    }
    const full = windows.slice(1, -1)
    const span = windows.at(-1)!.firstAt - (windows[1]?.firstAt ?? Number.NaN)
    const throughputRatio =
      full.reduce((sum, window) => sum + window.posts, 0) / ((span / windowMs) * perWindow)
    const firstWindowEnds = (windows[0]?.reset ?? 0) * 1000
    return {
      throughputRatio,
      postsPerWindow: windows.map((window) => window.posts),
      refusedAfterFirst: polls.filter((poll) => poll.status === 429 && poll.sentAt >= firstWindowEnds).length,
      paced: polls.filter((poll) => poll.status === 'paced').length,
      requestsPerWindow: perWindow,
      windowMs,
      jobs,
    }
  } finally {
    await rig.dispose()
  }
}
