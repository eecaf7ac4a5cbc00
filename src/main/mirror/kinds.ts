import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { LIMITS } from '../../shared/rules/limits'
import { PRODUCT_FIELDS } from '../../shared/catalog/product'
import { LINE_ITEM_PUT_FIELDS } from '../../shared/rules/lineItemLimits'
import { mediaLibraryObjectSchema, postSchema } from '../api/ads'
import { customAudienceSchema, doNotReachListSchema } from '../api/audiences'
import { cardSchema, VIDEO_CONVERSATION_TEXT_FIELDS } from '../api/cards'
import { catalogSchema, productSetSchema, remoteProductSchema } from '../api/catalog'
import { lineItemCuratedCategorySchema, lineItemSchema } from '../api/lineItems'
import type { MirrorKind } from '../../shared/ipc/contracts/mirror'

/**
 * What the mirror keeps, kind by kind: where the kind is listed on an ad account, how an object
 * is keyed, the largest page the spec allows, the shape the app expects, and the fields the app
 * can edit (what an object's fingerprint covers, so "changed on the platform" can be told from
 * a bump of updated_at that touched nothing the designer can edit).
 */

export { MIRROR_KINDS, type MirrorKind } from '../../shared/ipc/contracts/mirror'

export interface MirrorKindSpec {
  /**
   * Path of the list: under accounts/:account_id ('account', the default), the user's own
   * ('user': their product catalog), under the profile's product catalog ('catalog'), or no list at all ('known'): the objects the app made, each read
   * by its id (product sets, whose listing is "not shown", spec part A:118).
   */
  scope?: 'account' | 'user' | 'catalog' | 'known'
  path: string
  idKey: 'id' | 'media_key' | 'id_str'
  /** The field shown as the object's name (products have a title, A:24). */
  nameKey?: string
  /** The spec's largest `count` for the list (ids read one by one per page for 'known'). */
  pageSize: number
  /** Whether the list takes with_deleted (the media library's does not, spec part B:88). */
  withDeleted: boolean
  /** Other parameters the list needs (the posts list needs its post_type). */
  query?: Record<string, string | boolean>
  /** Whether the platform stamps the kind with updated_at (products and posts carry none). */
  stamped?: boolean
  /**
   * The path of one object under the list's base, for a single-object refresh; absent when the
   * kind has no read by id (products: the whole list is walked again).
   */
  one?: (id: string) => string
  /** Whether the read by id takes with_deleted; it does wherever the list does, unless false. */
  oneTakesDeleted?: false
  /** A read by id that answers with a list (posts are looked up through post_ids). */
  oneQuery?: (id: string) => Record<string, string | boolean>
  schema: z.ZodType<unknown>
  /** Fields the app can change on a published object, by their wire names. */
  editable: readonly string[]
}

const byId =
  (base: string) =>
  (id: string): string =>
    `${base}/${encodeURIComponent(id)}`

/** Product sets the app made, read by id: so many a page of the walk (one request each). */
const PRODUCT_SETS_PER_PAGE = 20

export const MIRROR_KIND_SPECS: Record<MirrorKind, MirrorKindSpec> = {
  cards: {
    path: '/cards',
    idKey: 'id',
    pageSize: LIMITS.lists.cardsCount.max,
    withDeleted: true,
    schema: cardSchema,
    one: byId('/cards'),
    // Card update: each supplied field replaces the stored one (spec part B:82).
    editable: ['name', 'components', 'slides'],
  },
  poll_cards: {
    path: '/cards/poll',
    idKey: 'id',
    pageSize: LIMITS.lists.pollCardsCount.max,
    withDeleted: true,
    schema: cardSchema,
    one: byId('/cards/poll'),
    // "Poll cards cannot be updated" (spec part B:100): nothing to fingerprint but the object.
    editable: [],
  },
  video_conversation_cards: {
    path: '/cards/video_conversation',
    idKey: 'id',
    pageSize: LIMITS.lists.videoConversationCardsCount.max,
    withDeleted: true,
    schema: cardSchema,
    one: byId('/cards/video_conversation'),
    // PUT takes "the same optional fields" as creation (spec part B:150), those a read returns.
    editable: [...VIDEO_CONVERSATION_TEXT_FIELDS, 'media_key'],
  },
  media_library: {
    path: '/media_library',
    idKey: 'media_key',
    pageSize: LIMITS.lists.mediaLibraryCount.max,
    withDeleted: false,
    schema: mediaLibraryObjectSchema,
    one: byId('/media_library'),
    // PUT media_library/:media_key (spec part B:91).
    editable: ['name', 'file_name', 'description', 'title', 'poster_media_key'],
  },
  posts: {
    // The posts list is "not shown"; the platform's public one (LIMITS.lists.postsCount). Posts
    // carry no updated_at (B:37): their fingerprint alone tells a change.
    path: '/posts',
    idKey: 'id_str',
    pageSize: LIMITS.lists.postsCount.max,
    withDeleted: false,
    query: { post_type: 'PUBLISHED', timeline_type: 'ALL', trim_user: true },
    stamped: false,
    one: () => '/posts',
    oneQuery: (id) => ({ post_type: 'PUBLISHED', timeline_type: 'ALL', trim_user: true, post_ids: id }),
    schema: postSchema,
    // PUT posts/:post_id/name (spec part B:125): a post's name is all the app edits.
    editable: ['name'],
  },
  line_items: {
    path: '/line_items',
    idKey: 'id',
    pageSize: LIMITS.lists.lineItemsCount.max,
    withDeleted: true,
    one: byId('/line_items'),
    schema: lineItemSchema,
    // PUT line_items/:id, all parameters optional (spec part B:171).
    editable: LINE_ITEM_PUT_FIELDS,
  },
  line_item_curated_categories: {
    path: '/line_item_curated_categories',
    idKey: 'id',
    pageSize: LIMITS.lists.lineItemCuratedCategoriesCount.max,
    withDeleted: true,
    one: byId('/line_item_curated_categories'),
    schema: lineItemCuratedCategorySchema,
    // PUT line_item_curated_categories/:id (spec part B:200).
    editable: ['curated_category_id', 'line_item_id'],
  },
  product_catalogs: {
    // One catalog per user (spec part A:97): kept so the catalog's products can be shown offline.
    scope: 'user',
    path: '/product_catalogs',
    idKey: 'id',
    pageSize: LIMITS.lists.productCatalogsCount.max,
    withDeleted: false,
    stamped: false,
    // No read of one catalog by id (A:96-99): a refresh reads the list, one object long.
    schema: catalogSchema,
    // PUT product_catalogs/:id takes the name (spec part A:98).
    editable: ['name'],
  },
  products: {
    scope: 'catalog',
    path: '/products',
    idKey: 'id',
    nameKey: 'title',
    pageSize: LIMITS.lists.productsCount.max,
    withDeleted: false,
    // Products carry no updated_at (A:18-47); they have no read by id either.
    stamped: false,
    schema: remoteProductSchema,
    // PUT products: a known id updates every field given (spec part A:106).
    editable: PRODUCT_FIELDS,
  },
  product_sets: {
    scope: 'known',
    path: '/product_sets',
    idKey: 'id',
    pageSize: PRODUCT_SETS_PER_PAGE,
    withDeleted: false,
    stamped: false,
    one: byId('/product_sets'),
    schema: productSetSchema,
    // "Listing, updating and deleting product sets: not shown" (spec part A:118).
    editable: [],
  },
  custom_audiences: {
    // Metadata only: the list never carries members (A:57 objects are only ever uploaded).
    path: '/custom_audiences',
    idKey: 'id',
    pageSize: LIMITS.lists.customAudiencesCount.max,
    withDeleted: true,
    one: byId('/custom_audiences'),
    oneTakesDeleted: false,
    schema: customAudienceSchema,
    // Creating, listing and updating audiences: "not shown" (spec part A:173).
    editable: [],
  },
  do_not_reach_lists: {
    path: '/do_not_reach_lists',
    idKey: 'id',
    pageSize: LIMITS.lists.doNotReachListsCount.max,
    withDeleted: true,
    one: byId('/do_not_reach_lists'),
    schema: doNotReachListSchema,
    // Updating do-not-reach lists: "not shown" (spec part A:173); only deletion (A:171).
    editable: [],
  },
}

/**
 * JSON with object keys sorted at every level, so equal values always give equal text whatever
 * order the platform sent their keys in. Undefined stands for "not set", as null does.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** SHA-256 (hex) of the canonical JSON of the app-editable fields; an absent field counts as null. */
export function fingerprintOf(kind: MirrorKind, raw: unknown): string {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const fields = Object.fromEntries(MIRROR_KIND_SPECS[kind].editable.map((f) => [f, source[f] ?? null]))
  return createHash('sha256').update(canonicalJson(fields)).digest('hex')
}
