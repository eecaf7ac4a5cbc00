import { createHash } from 'node:crypto'
import { AppFailure, appError } from '../../shared/errors'
import { MESSAGES, secondsUntilReset } from './errors'
import type { HttpRequest, HttpResponse } from './httpTypes'

/**
 * Paces requests by what the platform says of each rate-limit window: every answer carries
 * `x-rate-limit-remaining` and `x-rate-limit-reset` for its endpoint and credential. Once a
 * window is known to be used up, a request to it is not sent until the stated reset: it is
 * refused here as rate_limited (retryAfter to the reset), exactly as the platform's 429 would
 * be, without spending a request on a refusal that could be predicted. Requests in flight
 * count against what remains, so concurrent callers do not overrun a window either.
 */

interface WindowState {
  /** Requests the window still takes, minus those sent since the platform said so. */
  remaining: number
  /** Local time (ms) at which the platform's window has reset, margin included. */
  resetAt: number
}

export interface RatePacer {
  /** Throws rate_limited, nothing sent, when the request's window is known to be used up. */
  admit(req: HttpRequest, url: string): void
  /** What an answer says of its window. `serverNow`: the server's clock at the answer (ms). */
  learn(req: HttpRequest, url: string, response: HttpResponse, serverNow: number): void
}

/** Whose window a request counts against: hashed, so no credential is kept in another form. */
function credentialOf(auth: HttpRequest['auth']): string {
  if (auth.kind === 'oauth1') return `${auth.credentials.consumerKey}\n${auth.credentials.token ?? ''}`
  if (auth.kind === 'bearer') return auth.token
  if (auth.kind === 'basic') return auth.username
  return ''
}

/**
 * The window a request counts against: its endpoint (method and path) and credential. A list
 * asked with a total count has a window of its own (spec: 200 per 15 minutes).
 */
function windowKey(req: HttpRequest, url: string): string {
  const parsed = new URL(url)
  const totalCount = parsed.searchParams.get('with_total_count') === 'true' ? '\ntotal' : ''
  return createHash('sha256')
    .update(`${req.method} ${parsed.origin}${parsed.pathname}${totalCount}\n${credentialOf(req.auth)}`)
    .digest('base64')
}

export function createRatePacer(now: () => number = Date.now): RatePacer {
  const windows = new Map<string, WindowState>()

  const current = (key: string): WindowState | undefined => {
    const state = windows.get(key)
    if (state && now() >= state.resetAt) {
      windows.delete(key)
      return undefined
    }
    return state
  }

  return {
    admit(req, url) {
      const key = windowKey(req, url)
      const state = current(key)
      if (!state) return
      if (state.remaining <= 0) {
        throw new AppFailure(
          appError('rate_limited', MESSAGES.rate_limited, {
            retryAfter: Math.max(1, state.resetAt - now()) / 1000,
          }),
        )
      }
      state.remaining -= 1
    },
    learn(req, url, response, serverNow) {
      // A 429 is the platform's own answer, already paid for: whoever got it decides when to ask
      // again (the outbox waits for the reset; a designer's Retry now asks at once, and the limit
      // may have lifted). The pacer predicts only from answers that went through.
      if (response.status === 429) {
        windows.delete(windowKey(req, url))
        return
      }
      const remaining = Number(response.headers['x-rate-limit-remaining'])
      const reset = Number(response.headers['x-rate-limit-reset'])
      if (!Number.isFinite(remaining) || !Number.isFinite(reset) || reset <= 0) return
      const resetAt = now() + secondsUntilReset(response.headers, serverNow) * 1000
      windows.set(windowKey(req, url), { remaining: Math.max(0, remaining), resetAt })
    },
  }
}
