import type { AdsContext } from '../api/adsRequest'
import { listAccountFeatures } from '../api/ads'

/**
 * The feature keys of each ad account, as main last fetched them, with the time they were
 * fetched. Preflight reads through it before a publish job's first write, so a job never runs
 * its rules on what the account had when the draft was written. An operation that grants
 * features (account.addFeatures) refreshes the entry when it succeeds.
 */

export interface AccountFeatures {
  readonly features: readonly string[]
  /** ms since the epoch, when the platform answered. */
  readonly fetchedAt: number
}

export interface AccountFeaturesCache {
  /** The cached entry when younger than maxAgeMs, else a fresh fetch (which is then cached). */
  get(ctx: AdsContext, accountId: string): Promise<AccountFeatures>
  /** Fetches now, whatever is cached. */
  refresh(ctx: AdsContext, accountId: string): Promise<AccountFeatures>
  /** What is cached, however old; undefined when never fetched. */
  peek(accountId: string): AccountFeatures | undefined
  /** Forgets an account's entry: the next get fetches. */
  invalidate(accountId: string): void
}

/**
 * Five minutes: features change rarely (a beta granted by the platform's staff, or the sandbox's
 * grant), and a grant made through this app refreshes the entry at once, so a short age only
 * bounds how long a change made elsewhere goes unseen.
 */
export const FEATURES_MAX_AGE_MS = 5 * 60 * 1000

export function createAccountFeaturesCache(
  deps: {
    fetch?: (ctx: AdsContext, accountId: string) => Promise<string[]>
    now?: () => number
    maxAgeMs?: number
  } = {},
): AccountFeaturesCache {
  const fetch = deps.fetch ?? ((ctx, accountId) => listAccountFeatures(ctx, accountId))
  const now = deps.now ?? Date.now
  const maxAgeMs = deps.maxAgeMs ?? FEATURES_MAX_AGE_MS
  const entries = new Map<string, AccountFeatures>()

  const refresh = async (ctx: AdsContext, accountId: string): Promise<AccountFeatures> => {
    const features = await fetch(ctx, accountId)
    const entry: AccountFeatures = { features: [...features], fetchedAt: now() }
    entries.set(accountId, entry)
    return entry
  }

  return {
    async get(ctx, accountId) {
      const entry = entries.get(accountId)
      if (entry && now() - entry.fetchedAt < maxAgeMs) return entry
      return refresh(ctx, accountId)
    },
    refresh,
    peek: (accountId) => entries.get(accountId),
    invalidate: (accountId) => void entries.delete(accountId),
  }
}
