import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, longId, touch } from '../state'
import { checkComponentSet, cardTypeOfComponents, checkSlides } from './components'
import { AdsInput, accountIdOf, adsCaller, adsFailure, notFound, single } from './core'
import type { ListSpec } from './core'
import { libraryItem, ownRecord } from './lookup'
import {
  accountRecords,
  deleteOwnedRoute,
  findOwned,
  getOwnedRoute,
  listRoute,
  readIdsAndName,
} from './resourceRoutes'
import type { OwnedResource } from './resourceRoutes'

export const CARD_NAME_MAX = 80

const FILTERABLE_CARD_TYPES = [
  'IMAGE_APP',
  'IMAGE_CAROUSEL_APP',
  'IMAGE_CAROUSEL_WEBSITE',
  'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
  'IMAGE_WEBSITE',
  'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
  'VIDEO_APP',
  'VIDEO_CAROUSEL_APP',
  'VIDEO_CAROUSEL_WEBSITE',
  'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE',
  'VIDEO_WEBSITE',
  // "Other values seen"; they only match legacy cards, listed with include_legacy_cards=true.
  'IMAGE_CONVERSATION',
  'VIDEO_POLLS',
  'TEXT_POLLS',
  'VIDEO_CONVERSATION',
] as const

const CARDS_LIST: ListSpec = {
  countDefault: 100,
  countMax: 200,
  sortable: ['created_at', 'updated_at', 'name'],
}
const ACCOUNT_MEDIA_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at'],
}
const CREATIVE_TYPES = [
  'BANNER',
  'BANNER_TABLET',
  'INTERSTITIAL',
  'INTERSTITIAL_LANDSCAPE',
  'INTERSTITIAL_LANDSCAPE_TABLET',
  'INTERSTITIAL_TABLET',
  'MEDIUM_RECTANGLE',
  'PREROLL',
  'VAST_PREROLL',
] as const

/** Spec: card creation and update accept JSON only. */
function requireJson(ctx: RequestContext): void {
  if (ctx.contentType !== 'application/json') {
    throw adsFailure(ctx, 400, [
      {
        code: 'INVALID_CONTENT_TYPE',
        message: `Cards accept a JSON body with Content-Type application/json (got ${ctx.contentType || 'none'})`,
      },
    ])
  }
  if (ctx.json === undefined) {
    throw adsFailure(ctx, 400, [{ code: 'INVALID_PARAMETER', message: 'The body is not valid JSON' }])
  }
}

/** Validates name/components/slides of a card body and returns the derived card type. */
function checkCardBody(
  input: AdsInput,
  rt: Runtime,
  accountId: string,
  body: { components?: unknown; slides?: unknown },
): string | undefined {
  const lookup = (key: string): AdsRecord | undefined => libraryItem(rt, accountId, key)
  if (body.components !== undefined && body.slides !== undefined) {
    input.invalid('slides', 'components and slides cannot be combined')
    return undefined
  }
  if (body.slides !== undefined) return checkSlides(body.slides, lookup, input.issues)
  if (body.components === undefined) {
    input.invalid(
      'components',
      'A card needs components (one media component plus a DETAILS or BUTTON component) or slides',
    )
    return undefined
  }
  const summary = checkComponentSet(body.components, 'components', lookup, input.issues)
  return summary ? cardTypeOfComponents(summary) : undefined
}

const CARD: OwnedResource = { collection: 'cards', label: 'Card', idParam: 'card_id' }
const ACCOUNT_MEDIA: OwnedResource = {
  collection: 'accountMedia',
  label: 'Account media',
  idParam: 'account_media_id',
}

/**
 * Poll and video conversation cards are listed (card_ids and name-prefix q filters) and read by id
 * the same way, each under its own path.
 */
export function cardKindReadRoutes(path: string, resource: OwnedResource, spec: ListSpec): Route[] {
  return [
    listRoute({
      pattern: path,
      spec,
      filterParameters: ['card_ids', 'q'],
      readFilters: (input) => readIdsAndName(input, 'card_ids', CARD_NAME_MAX),
      records: (rt, caller, matches) => accountRecords(rt, caller, resource.collection).filter(matches),
    }),
    getOwnedRoute(`${path}/:card_id`, resource),
  ]
}

const LEGACY_COLLECTIONS = {
  poll: 'pollCards',
  video_conversation: 'videoConversationCards',
} as const

export const cardRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/cards',
    spec: CARDS_LIST,
    filterParameters: ['card_types', 'card_id', 'card_uris', 'include_legacy_cards', 'q'],
    readFilters: (input) => ({
      types: input.list('card_types', { options: FILTERABLE_CARD_TYPES }),
      ids: input.list('card_id', { max: 200 }),
      uris: input.list('card_uris', { max: 200 }),
      includeLegacy: input.bool('include_legacy_cards', false),
      q: input.string('q', { max: CARD_NAME_MAX })?.toLowerCase(),
    }),
    records: (rt, caller, { types, ids, uris, includeLegacy, q }) => {
      const accountId = accountIdOf(caller)
      const pool = includeLegacy
        ? [
            ...rt.state.cards,
            ...rt.state.legacyCards,
            ...rt.state.pollCards,
            ...rt.state.videoConversationCards,
          ]
        : rt.state.cards
      return pool.filter(
        (c) =>
          c._account === accountId &&
          (!types || types.includes(c.card_type as never)) &&
          (!ids || ids.includes(c.id as string)) &&
          (!uris || uris.includes(c.card_uri as string)) &&
          (q === undefined || String(c.name).toLowerCase().startsWith(q)),
      )
    },
  }),
  {
    method: 'POST',
    pattern: '/accounts/:account_id/cards',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      requireJson(ctx)
      const input = new AdsInput(ctx, ['name', 'components', 'slides'], 'json')
      const name = input.string('name', { required: true, max: CARD_NAME_MAX })
      const body = { components: input.raw('components'), slides: input.raw('slides') }
      const cardType = checkCardBody(input, rt, accountIdOf(caller), body)
      input.finish()
      const id = longId(rt.state)
      const stamp = isoSeconds(ctx.now)
      const card: AdsRecord = {
        id,
        name,
        card_type: cardType,
        card_uri: `card://${id}`,
        ...(body.slides !== undefined ? { slides: body.slides } : { components: body.components }),
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _account: accountIdOf(caller),
      }
      rt.state.cards.push(card)
      rt.state.created.cards += 1
      return single(ctx, card)
    },
  },
  // Poll and video conversation routes are registered before these so `poll` is never taken for an id.
  // The spec's sample returns `data` as an array for this endpoint.
  getOwnedRoute('/accounts/:account_id/cards/:card_id', CARD, { present: (card) => [card] }),
  {
    // HTTP method "not shown"; the platform updates cards with PUT.
    method: 'PUT',
    pattern: '/accounts/:account_id/cards/:card_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      requireJson(ctx)
      const card = findOwned(ctx, rt, caller, CARD)
      const input = new AdsInput(ctx, ['name', 'components', 'slides'], 'json')
      const name = input.has('name')
        ? input.string('name', { required: true, max: CARD_NAME_MAX })
        : undefined
      const replacing = input.has('components') || input.has('slides')
      let cardType: string | undefined
      if (replacing) {
        cardType = checkCardBody(input, rt, accountIdOf(caller), {
          components: input.raw('components'),
          slides: input.raw('slides'),
        })
      }
      input.finish()
      if (name !== undefined) card.name = name
      if (replacing) {
        delete card.components
        delete card.slides
        if (input.has('slides')) card.slides = input.raw('slides')
        else card.components = input.raw('components')
        card.card_type = cardType
      }
      touch(card, ctx.now)
      return single(ctx, card)
    },
  },
  deleteOwnedRoute('/accounts/:account_id/cards/:card_id', CARD),
  {
    // Legacy card path (sample type image_conversation); it is also how poll and video
    // conversation cards, whose own deletion is "not shown", are deleted.
    method: 'DELETE',
    pattern: '/accounts/:account_id/cards/:card_type/:card_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const accountId = accountIdOf(caller)
      const type = ctx.params.card_type ?? ''
      const collection = LEGACY_COLLECTIONS[type as keyof typeof LEGACY_COLLECTIONS]
      const card = collection
        ? ownRecord(rt.state[collection], accountId, ctx.params.card_id)
        : rt.state.legacyCards.find(
            (c) =>
              c._account === accountId &&
              c._legacy_type === type &&
              c.id === ctx.params.card_id &&
              !c.deleted,
          )
      if (!card) throw notFound(ctx, `Card ${type}/${ctx.params.card_id}`)
      card.deleted = true
      touch(card, ctx.now)
      const { name, id, created_at, updated_at, deleted, card_type } = card
      return single(ctx, { name, id, created_at, updated_at, deleted, card_type })
    },
  },
]

export const accountMediaRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/account_media',
    spec: ACCOUNT_MEDIA_LIST,
    filterParameters: ['account_media_ids', 'creative_types'],
    readFilters: (input) => ({
      ids: input.list('account_media_ids', { max: 200 }),
      types: input.list('creative_types', { options: CREATIVE_TYPES }),
    }),
    records: (rt, caller, { ids, types }) =>
      accountRecords(rt, caller, 'accountMedia').filter(
        (m) => (!ids || ids.includes(m.id as string)) && (!types || types.includes(m.creative_type as never)),
      ),
  }),
  getOwnedRoute('/accounts/:account_id/account_media/:account_media_id', ACCOUNT_MEDIA),
  deleteOwnedRoute('/accounts/:account_id/account_media/:account_media_id', ACCOUNT_MEDIA),
]
