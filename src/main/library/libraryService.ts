import { AppFailure, appError } from '../../shared/errors'
import type {
  CardCursors,
  LibraryItem,
  PublishedCard,
  PublishedCardKind,
} from '../../shared/ipc/contracts/library'
import type { ApiHosts } from '../../shared/apiHosts'
import type { MediaType } from '../../shared/rules/limits'
import { SANDBOX_ENVIRONMENTS, type ProfileSummary } from '../../shared/profiles'
import {
  createSandboxAccount,
  getMediaLibraryObject,
  listAccountFeatures,
  listMediaLibrary,
  type MediaLibraryObject,
} from '../api/ads'
import {
  deleteCard,
  deleteCardOfType,
  listCards,
  listPollCards,
  listVideoConversationCards,
  type Card,
} from '../api/cards'
import { type AdsContext } from '../api/adsRequest'
import type { Envelope } from '../api/envelope'
import type { WithAdsContext } from '../session/session'
import { thumbnailUrlOf, toLibraryItem, toPublishedCard } from './records'
import { createThumbnailCache, type ThumbnailCache } from './thumbnails'
import { mediaFetchTarget, type MediaFetchTarget } from './mediaFetchPolicy'
import { offlineCards } from './offlineCards'
import { offlineMedia } from './offlineMedia'
import type { MirrorStore } from '../mirror/store'

export interface LibraryServiceDeps {
  withAdsContext: WithAdsContext
  thumbnails?: ThumbnailCache
  /** The account mirror, read when the platform cannot be (issue 42). */
  mirror?: MirrorStore
}

/** Failures that mean "the platform cannot be read now", not "this request is wrong". */
const UNREACHABLE = new Set(['offline', 'timeout', 'server_unavailable', 'rate_limited'])

/** Pages of published cards; small enough that three kinds fit one screenful. */
const CARDS_PAGE_SIZE = 50
const NEWEST_FIRST = 'created_at-desc'
/** How many media library URLs are remembered for thumbnails before the oldest are forgotten. */
const MAX_KNOWN_URLS = 5000

/** One page of published cards, newest first, optionally searched. */
const cardPage = (cursor: string | undefined, q: string | undefined) => ({
  count: CARDS_PAGE_SIZE,
  sortBy: NEWEST_FIRST,
  ...(cursor ? { cursor } : {}),
  ...(q ? { q } : {}),
})

const CARD_LISTS: Record<
  PublishedCardKind,
  (
    ctx: AdsContext,
    accountId: string,
    cursor: string | undefined,
    q: string | undefined,
    cardTypes?: string[],
  ) => Promise<Envelope<Card[]>>
> = {
  component: (ctx, accountId, cursor, q, cardTypes) =>
    listCards(ctx, accountId, {
      ...cardPage(cursor, q),
      ...(cardTypes && cardTypes.length > 0 ? { cardTypes } : {}),
    }),
  poll: (ctx, accountId, cursor, q) => listPollCards(ctx, accountId, cardPage(cursor, q)),
  video_conversation: (ctx, accountId, cursor, q) =>
    listVideoConversationCards(ctx, accountId, cardPage(cursor, q)),
}

/** The legacy card path segment for kinds without a deletion of their own. */
const LEGACY_CARD_TYPE: Partial<Record<PublishedCardKind, string>> = {
  poll: 'poll',
  video_conversation: 'video_conversation',
}

/**
 * The account side of the app once connected: features, sandbox accounts, the media library
 * with thumbnails and published cards. Thumbnails are fetched only from URLs the
 * library itself gave for a media key, never from a URL the renderer names.
 */
/** Which published cards to list: kinds, component card types, a name prefix, where each kind's list stopped. */
interface CardsRequest {
  kinds: PublishedCardKind[]
  cardTypes?: string[] | undefined
  q?: string | undefined
  cursors?: CardCursors | undefined
}

export function createLibraryService(deps: LibraryServiceDeps) {
  const thumbnails = deps.thumbnails ?? createThumbnailCache()
  /** Per media key, the thumbnail URL the library gave, when main may fetch it (mediaFetchPolicy.ts). */
  const knownUrls = new Map<string, MediaFetchTarget | null>()
  const urlKey = (profileId: string, accountId: string, mediaKey: string) =>
    `${profileId}\n${accountId}\n${mediaKey}`

  function rememberUrl(
    key: string,
    object: MediaLibraryObject,
    ctx: { profile: ProfileSummary; hosts: ApiHosts },
  ): MediaFetchTarget | undefined {
    const url = thumbnailUrlOf(object)
    // The session's hosts, not the saved ones: a practice profile follows its sandbox's port.
    const profile = { environment: ctx.profile.environment, hosts: ctx.hosts }
    const target = url === undefined ? undefined : mediaFetchTarget(url, profile)
    knownUrls.delete(key)
    knownUrls.set(key, target ?? null)
    if (knownUrls.size > MAX_KNOWN_URLS) {
      const oldest = knownUrls.keys().next().value
      if (oldest !== undefined) knownUrls.delete(oldest)
    }
    return target
  }

  /** The first page (or the next) of each kind asked for, from the platform. */
  function platformCards(
    profileId: string,
    accountId: string,
    request: CardsRequest,
  ): Promise<{ cards: PublishedCard[]; nextCursors: CardCursors }> {
    return deps.withAdsContext(profileId, async (ctx) => {
      const continuing = request.cursors !== undefined
      const kinds = [...new Set(request.kinds)].filter(
        (kind) => !continuing || request.cursors?.[kind] !== undefined,
      )
      const pages = await Promise.all(
        kinds.map(async (kind) => {
          const page = await CARD_LISTS[kind](
            ctx,
            accountId,
            request.cursors?.[kind],
            request.q,
            request.cardTypes,
          )
          return { kind, page }
        }),
      )
      const nextCursors: CardCursors = {}
      const cards: PublishedCard[] = []
      for (const { kind, page } of pages) {
        if (page.nextCursor) nextCursors[kind] = page.nextCursor
        for (const card of page.data) if (card.deleted !== true) cards.push(toPublishedCard(kind, card))
      }
      cards.sort(
        (a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.name.localeCompare(b.name),
      )
      return { cards, nextCursors }
    })
  }

  return {
    features(profileId: string, accountId: string): Promise<string[]> {
      return deps.withAdsContext(profileId, (ctx) => listAccountFeatures(ctx, accountId))
    },

    createSandboxAccount(profileId: string): Promise<{ id: string; name: string }> {
      return deps.withAdsContext(profileId, async (ctx) => {
        if (!SANDBOX_ENVIRONMENTS.includes(ctx.profile.environment)) {
          throw new AppFailure(
            appError(
              'invalid_input',
              'Sandbox accounts can be created only for a sandbox profile — connect one to the ads sandbox first',
            ),
          )
        }
        const account = await createSandboxAccount(ctx)
        return { id: account.id, name: account.name ?? account.id }
      })
    },

    listMedia(
      profileId: string,
      accountId: string,
      options: {
        q?: string | undefined
        mediaType?: MediaType | undefined
        cursor?: string | undefined
        count?: number | undefined
      },
    ): Promise<{ items: LibraryItem[]; nextCursor: string | null; mirror?: { asOf: string } }> {
      const fromPlatform = deps.withAdsContext(profileId, async (ctx) => {
        const page = await listMediaLibrary(ctx, accountId, {
          ...(options.q ? { q: options.q } : {}),
          ...(options.mediaType ? { mediaType: options.mediaType } : {}),
          ...(options.cursor ? { cursor: options.cursor } : {}),
          ...(options.count ? { count: options.count } : {}),
        })
        const live = page.data.filter((object) => object.deleted !== true)
        for (const object of live) rememberUrl(urlKey(profileId, accountId, object.media_key), object, ctx)
        return { items: live.map(toLibraryItem), nextCursor: page.nextCursor }
      })
      return fromPlatform.catch(async (error: unknown) => {
        // A first page the platform cannot give comes from the mirror, which says how old it is.
        if (!deps.mirror || options.cursor || !(error instanceof AppFailure) || !UNREACHABLE.has(error.code))
          throw error
        const offline = await offlineMedia(deps.mirror, profileId, accountId, options).catch(() => undefined)
        if (!offline) throw error
        return { items: offline.items, nextCursor: null, mirror: { asOf: offline.asOf } }
      })
    },

    async thumbnail(
      profileId: string,
      accountId: string,
      mediaKey: string,
    ): Promise<{ dataUrl?: string; width?: number; height?: number }> {
      const key = urlKey(profileId, accountId, mediaKey)
      let target = knownUrls.get(key)
      if (target === undefined) {
        target = await deps.withAdsContext(profileId, async (ctx) =>
          rememberUrl(key, await getMediaLibraryObject(ctx, accountId, mediaKey), ctx),
        )
      }
      if (!target) return {}
      // A thumbnail is decoration: a CDN hiccup (or a refused address) shows the placeholder.
      const thumbnail = await thumbnails.get(target).catch(() => undefined)
      return thumbnail ?? {}
    },

    listCards(
      profileId: string,
      accountId: string,
      request: CardsRequest,
    ): Promise<{ cards: PublishedCard[]; nextCursors: CardCursors; mirror?: { asOf: string } }> {
      return platformCards(profileId, accountId, request).catch(async (error: unknown) => {
        // A first page the platform cannot give comes from the mirror, which says how old it is.
        if (!deps.mirror || request.cursors || !(error instanceof AppFailure) || !UNREACHABLE.has(error.code))
          throw error
        const offline = await offlineCards(deps.mirror, profileId, accountId, request).catch(() => undefined)
        if (!offline) throw error
        return { cards: offline.cards, nextCursors: {}, mirror: { asOf: offline.asOf } }
      })
    },

    deleteCard(
      profileId: string,
      accountId: string,
      kind: PublishedCardKind,
      cardId: string,
    ): Promise<{ deleted: true; id: string }> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const legacyType = LEGACY_CARD_TYPE[kind]
        const card = legacyType
          ? await deleteCardOfType(ctx, accountId, legacyType, cardId)
          : await deleteCard(ctx, accountId, cardId)
        return { deleted: true as const, id: card.id }
      })
    },
  }
}

export type LibraryService = ReturnType<typeof createLibraryService>
