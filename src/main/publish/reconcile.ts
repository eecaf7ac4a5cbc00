import type { AdsContext, ListOptions } from '../api/adsRequest'
import type { Post } from '../api/ads'
import type { Card } from '../api/cards'
import type { Envelope } from '../api/envelope'
import { getMediaLibraryObject, listPosts } from '../api/ads'
import { listCards, listPollCards, listVideoConversationCards } from '../api/cards'
import { paginate } from '../api/cursor'
import { LIMITS } from '../../shared/rules/limits'
import { isAppFailure } from '../../shared/errors'
import type {
  CardPayload,
  PollCardPayload,
  PostPayload,
  VideoConversationCardPayload,
} from '../../shared/rules/payloads'
import {
  cardFingerprint,
  contains,
  createdInWindow,
  pollFingerprint,
  postFactsOfPayload,
  postFactsOfRemote,
  samePost,
  videoConversationFingerprint,
} from './fingerprint'

/**
 * Looks for the object a POST may have created before its answer was lost. Each finder reads
 * the server's own lists and never writes, so it can run any number of times.
 */

/** The server accepts OAuth timestamps within five minutes of its clock; no skew can exceed that. */
export const OAUTH_TIMESTAMP_WINDOW_MS = 5 * 60_000

export interface ReconcileScope {
  ctx: AdsContext
  accountId: string
  attemptStartedAt: number
  /** Remote ids other jobs already own: never adopted twice. */
  claimed: ReadonlySet<string>
}

const LISTS = LIMITS.lists

function inWindow(scope: ReconcileScope, createdAt: unknown): boolean {
  return createdInWindow(
    createdAt,
    scope.attemptStartedAt,
    scope.ctx.http.clockOffsetMs(),
    OAUTH_TIMESTAMP_WINDOW_MS,
  )
}

async function firstMatch<T extends { id?: unknown; created_at?: unknown }>(
  pages: AsyncIterable<T>,
  scope: ReconcileScope,
  matches: (item: T) => boolean,
): Promise<T | undefined> {
  for await (const item of pages) {
    const id = typeof item.id === 'string' ? item.id : undefined
    if (id !== undefined && scope.claimed.has(id)) continue
    if ((item as { deleted?: unknown }).deleted === true) continue
    if (inWindow(scope, item.created_at) && matches(item)) return item
  }
  return undefined
}

/** A media key names one library object, so a GET settles it. */
export async function findLibraryObject(
  ctx: AdsContext,
  accountId: string,
  mediaKey: string,
): Promise<boolean> {
  try {
    const item = await getMediaLibraryObject(ctx, accountId, mediaKey)
    return item.deleted !== true
  } catch (error) {
    if (isAppFailure(error) && error.code === 'not_found') return false
    throw error
  }
}

type CardList = (
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { q?: string },
) => Promise<Envelope<Card[]>>

/** Pages a card list by name (q) for a card holding every value sent. */
function findCardIn(
  scope: ReconcileScope,
  list: CardList,
  query: { q: string; count: number },
  wanted: Record<string, unknown>,
): Promise<Card | undefined> {
  return firstMatch(
    paginate((cursor) => list(scope.ctx, scope.accountId, { ...query, ...(cursor ? { cursor } : {}) })),
    scope,
    (card) => contains(card, wanted),
  )
}

export function findCard(scope: ReconcileScope, payload: CardPayload): Promise<Card | undefined> {
  const query = { q: payload.name.slice(0, LISTS.cardQ.max), count: LISTS.cardsCount.max }
  return findCardIn(scope, listCards, query, cardFingerprint(payload))
}

export function findPollCard(scope: ReconcileScope, payload: PollCardPayload): Promise<Card | undefined> {
  const query = { q: payload.name.slice(0, LISTS.pollCardQ.max), count: LISTS.pollCardsCount.max }
  return findCardIn(scope, listPollCards, query, pollFingerprint(payload))
}

export function findVideoConversationCard(
  scope: ReconcileScope,
  payload: VideoConversationCardPayload,
): Promise<Card | undefined> {
  // The spec states no length for this list's q; card names are capped like the others.
  const query = {
    q: payload.name.slice(0, LIMITS.videoConversationCard.name.max),
    count: LISTS.videoConversationCardsCount.max,
  }
  return findCardIn(scope, listVideoConversationCards, query, videoConversationFingerprint(payload))
}

export async function findPost(scope: ReconcileScope, payload: PostPayload): Promise<Post | undefined> {
  const wanted = postFactsOfPayload(payload)
  const pages = paginate((cursor) =>
    listPosts(scope.ctx, scope.accountId, {
      postType: 'PUBLISHED',
      timelineType: 'ALL',
      trimUser: true,
      count: LISTS.postsCount.max,
      ...(payload.name ? { name: payload.name } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  )
  for await (const post of pages) {
    if (scope.claimed.has(post.id_str)) continue
    if (inWindow(scope, post.created_at) && samePost(postFactsOfRemote(post), wanted)) return post
  }
  return undefined
}
