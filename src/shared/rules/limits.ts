// The one table of limits and enums the creative rules use. Every other module (validators,
// editors, publish, tests) reads numbers and enum values from here, never from a literal.
//
// `source` names the line of the spec the value comes from (file:line or file:first-last,
// files in shared/spec).
// A few values are not in the spec; their source says where they come from instead.
// test/spec/citedLines.json keeps the text of every cited line, test/unit/rules/limits.test.ts
// checks each value against that text, and `npm run check:spec` checks the text against the spec.

import type { AnyLimit, EnumLimit, ListCountLimit } from './limitTypes'
import { MEDIA_LIMITS } from './mediaLimits'

export type * from './limitTypes'

const A = 'ads-a-catalogs-audiences.md'
const B = 'ads-b-creatives-campaigns.md'
const P = 'platform-auth-events-releases.md'

export const LIMITS = {
  card: {
    name: { max: 80, source: `${B}:81` },
    componentTypes: {
      values: ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'],
      source: `${B}:24-27`,
    } as EnumLimit<'MEDIA' | 'SWIPEABLE_MEDIA' | 'DETAILS' | 'BUTTON'>,
    swipeableItems: { min: 2, max: 6, source: `${B}:25` },
    // The spec states 2 to 6 only for SWIPEABLE_MEDIA items (this line); it gives no slide count
    // for multi-destination carousels, and the real platform takes the same 2 to 6 cards, so
    // slides use the same range, as errors.
    slides: { min: 2, max: 6, source: `${B}:217` },
    /**
     * Not in the spec: the platform's website card headline (DETAILS title) shows 70 characters
     * (public Ads API reference, cards: "title ... Maximum length: 70 characters",
     * developer.x.com/en/docs/x-ads-api/creatives/api-reference/cards). Checked as a warning
     * only, since the spec sets no limit.
     */
    detailsTitle: {
      max: 70,
      source: 'platform website card headline limit (not in spec; public Ads API cards reference)',
    },
    labelType: { values: ['ENUM'], source: `${B}:29` } as EnumLimit<'ENUM'>,
    labelValues: {
      values: ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'],
      source: `${B}:29`,
    } as EnumLimit<'BOOK' | 'CONNECT' | 'INSTALL' | 'OPEN' | 'ORDER' | 'PLAY' | 'SHOP'>,
    destinationTypes: { values: ['WEBSITE', 'APP'], source: `${B}:29` } as EnumLimit<'WEBSITE' | 'APP'>,
    /** DETAILS takes website destinations only. */
    detailsDestination: { values: ['WEBSITE'], source: `${B}:26` } as EnumLimit<'WEBSITE'>,
    /** BUTTON takes app destinations only. */
    buttonDestination: { values: ['APP'], source: `${B}:27` } as EnumLimit<'APP'>,
    /** ISO 3166-1 alpha-2; the code list itself is in countries.ts. */
    countryCode: { pattern: /^[A-Z]{2}$/, source: `${B}:29` },
    cardUri: { pattern: /^card:\/\/\S+$/, source: `${B}:18` },
    /** Card types that exist; every multi-destination type is a WEBSITE type. */
    cardTypes: {
      values: [
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
      ],
      source: `${B}:18`,
    } as EnumLimit<string>,
    /** Media components hold one image or video (no GIF). */
    componentMediaTypes: { values: ['IMAGE', 'VIDEO'], source: `${B}:24` } as EnumLimit<'IMAGE' | 'VIDEO'>,
  },

  pollCard: {
    name: { max: 80, source: `${B}:215` },
    choice: { max: 25, source: `${B}:100` },
    choices: { min: 2, max: 4, source: `${B}:100` },
    durationMinutes: { min: 5, max: 10080, source: `${B}:100` },
    mediaTypes: { values: ['IMAGE', 'VIDEO'], source: `${B}:100` } as EnumLimit<'IMAGE' | 'VIDEO'>,
    mediaImageMinWidth: { value: 800, source: `${B}:100` },
    mediaImageAspectRatio: { width: 1.91, height: 1, source: `${B}:100` },
    mediaFeature: {
      values: ['PROMOTED_MEDIA_POLLS'],
      source: `${B}:100`,
    } as EnumLimit<'PROMOTED_MEDIA_POLLS'>,
  },

  videoConversationCard: {
    name: { max: 80, source: `${B}:215` },
    /** Hashtag length not counting the leading '#'. */
    cta: { max: 20, source: `${B}:135` },
    ctaCount: { min: 1, max: 4, source: `${B}:143` },
    thankYouText: { max: 23, source: `${B}:139` },
    title: { max: 23, source: `${B}:140` },
    videoAspectRatio: { width: 16, height: 9, source: `${B}:137` },
    /** Feature keys the sandbox can grant; the spec lists them without tying them to fields. */
    fourOptionsFeature: {
      values: ['CONVERSATION_CARD_FOUR_OPTIONS'],
      source: `${B}:167`,
    } as EnumLimit<string>,
    unlockFeature: { values: ['CONVERSATION_CARD_UNLOCK'], source: `${B}:167` } as EnumLimit<string>,
  },

  post: {
    name: { max: 80, source: `${B}:114` },
    videoTitle: { max: 70, source: `${B}:121` },
    videoDescription: { max: 200, source: `${B}:120` },
    /** `long`: a signed 64-bit id, at most 19 digits. */
    asUserId: { pattern: /^[0-9]{1,19}$/, source: `${B}:109` },
    maxImages: { value: 4, source: `${B}:113` },
    maxGifs: { value: 1, source: `${B}:113` },
    maxVideos: { value: 1, source: `${B}:113` },
    conversationSettings: {
      values: ['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS'],
      source: `${B}:112`,
    } as EnumLimit<'EVERYONE' | 'FOLLOWING' | 'MENTIONED_USERS'>,
    conversationSettingsDefault: { values: ['EVERYONE'], source: `${B}:112` } as EnumLimit<'EVERYONE'>,
    postMode: { values: ['compat', 'extended'], source: `${B}:117` } as EnumLimit<'compat' | 'extended'>,
    videoCta: { values: ['VISIT_SITE', 'WATCH_NOW'], source: `${B}:118` } as EnumLimit<
      'VISIT_SITE' | 'WATCH_NOW'
    >,
    /** Promoted-only by default; organic (false) only for the authenticated user. */
    nullcastDefault: { value: true, source: `${B}:115` },
  },

  postLength: {
    // The platform's two tiers (platform document, Limits table: "long-form posts up to 25,000
    // characters, standard up to 4,000"). The API does not say which tier an account has, so the
    // designer picks it per ad account; standard is the default.
    standard: { value: 4000, source: `${P}:200` },
    longForm: { value: 25000, source: `${P}:200` },
    // Not a platform limit: the classic weighted length twitter-text ships with
    // (configs.defaults). An opt-in guideline only: past it the composer warns, nothing is refused.
    classicGuideline: {
      value: 280,
      source: 'twitter-text 3.1 configs.defaults.maxWeightedTweetLength (app guideline, not in spec)',
    },
  },

  // POST {base_url}/2/posts edits (platform document, Limits table: "own post, within one hour
  // of creation, requires the premium subscription").
  postEditing: {
    windowMinutes: { value: 60, source: `${P}:199` },
  },

  mediaLibrary: {
    name: { max: 100, source: `${B}:90` },
    fileName: { max: 255, source: `${B}:90` },
    description: { max: 200, source: `${B}:90` },
    title: { max: 70, source: `${B}:90` },
    q: { min: 1, max: 255, source: `${B}:88` },
    /** description, title and poster_media_key apply to videos only. */
    videoOnlyTypes: { values: ['VIDEO'], source: `${B}:90` } as EnumLimit<'VIDEO'>,
    mediaTypes: { values: ['GIF', 'IMAGE', 'VIDEO'], source: `${B}:31` } as EnumLimit<
      'GIF' | 'IMAGE' | 'VIDEO'
    >,
    mediaCategories: {
      values: ['POST_IMAGE', 'POST_VIDEO', 'POST_GIF', 'ADS_VIDEO'],
      source: `${B}:31`,
    } as EnumLimit<'POST_IMAGE' | 'POST_VIDEO' | 'POST_GIF' | 'ADS_VIDEO'>,
  },

  /** List endpoints: `count` ranges and defaults, id filters and name queries. */
  lists: {
    accountMediaCount: { min: 1, max: 1000, default: 200, source: `${B}:73` },
    cardsCount: { min: 1, max: 200, default: 100, source: `${B}:79` },
    mediaLibraryCount: { min: 1, max: 50, default: 20, source: `${B}:88` },
    pollCardsCount: { min: 1, max: 1000, default: 200, source: `${B}:98` },
    videoConversationCardsCount: { min: 1, max: 1000, default: 200, source: `${B}:129` },
    accountsCount: { min: 1, max: 1000, default: 200, source: `${B}:156` },
    accountAppsCount: { min: 1, max: 1000, default: 200, source: `${B}:161` },
    accountHistoryCount: { min: 1, max: 1000, default: 200, source: `${B}:162` },
    lineItemCuratedCategoriesCount: { min: 1, max: 1000, default: 200, source: `${B}:197` },
    productsCount: { min: 1, max: 100, default: 100, source: `${A}:187` },
    idFilterMax: { value: 200, source: `${B}:216` },
    cardQ: { max: 80, source: `${B}:79` },
    pollCardQ: { max: 80, source: `${B}:98` },
    // The spec shows no posts list; the outbox reconciles posts through the platform's public
    // accounts/:id/tweets list (count 1 to 1000, default 200), which the sandbox follows too.
    postsCount: {
      min: 1,
      max: 1000,
      default: 200,
      source: 'platform accounts/:account_id/tweets list (not in spec)',
    },
    // Listing line items, audiences and do-not-reach lists is "not shown" (B:203, A:173); the app
    // reads them where the platform publicly serves them (count 1 to 1000, default 200), as the
    // sandbox does.
    lineItemsCount: {
      min: 1,
      max: 1000,
      default: 200,
      source: 'platform accounts/:account_id/line_items list (not in spec)',
    },
    customAudiencesCount: {
      min: 1,
      max: 1000,
      default: 200,
      source: 'platform accounts/:account_id/custom_audiences list (not in spec)',
    },
    // The product catalogs list's count is not shown (A:96); one catalog per user (A:97).
    productCatalogsCount: {
      min: 1,
      max: 1000,
      default: 200,
      source: 'platform product_catalogs list (count not in spec)',
    },
    doNotReachListsCount: {
      min: 1,
      max: 1000,
      default: 200,
      source: 'platform accounts/:account_id/do_not_reach_lists list (not in spec)',
    },
  },

  // Part A: product catalogs, products, product sets and keyword insights.
  product: {
    title: { max: 150, source: `${A}:191` },
    description: { max: 5000, source: `${A}:191` },
    /** A:30 says the same of `image_link`; main reads the image to check it (catalog/productImage.ts). */
    imageMinSide: { value: 500, source: `${A}:192` },
    /** Megabytes as the spec writes them; the app counts binary megabytes, as for other media. */
    imageMaxMegabytes: { value: 5, source: `${A}:192` },
    additionalImages: { value: 10, source: `${A}:192` },
    imageFormats: { values: ['JPG', 'GIF', 'WEBP', 'PNG'], source: `${A}:30` } as EnumLimit<string>,
    putBatch: { value: 25, source: `${A}:186` },
    availability: {
      values: ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'],
      source: `${A}:26`,
    } as EnumLimit<'in stock' | 'available for order' | 'preorder' | 'out of stock' | 'discontinued'>,
    condition: { values: ['new', 'used', 'refurbished'], source: `${A}:27` } as EnumLimit<
      'new' | 'used' | 'refurbished'
    >,
    gender: { values: ['female', 'male', 'unisex'], source: `${A}:43` } as EnumLimit<
      'female' | 'male' | 'unisex'
    >,
    ageGroup: {
      values: ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'],
      source: `${A}:46`,
    } as EnumLimit<'adult' | 'all ages' | 'teen' | 'kids' | 'toddler' | 'infant' | 'newborn'>,
    inStockInventoryMin: { value: 1, source: `${A}:38` },
    /** A number, a space and an ISO 4217 code, with '.' as the decimal point. */
    price: { pattern: /^(\d+(?:\.\d+)?) ([A-Z]{3})$/, source: `${A}:28` },
    putStatuses: {
      values: ['CREATE_SUCCESS', 'UPDATE_SUCCESS', 'ERROR', 'NO_CHANGE'],
      source: `${A}:106`,
    } as EnumLimit<'CREATE_SUCCESS' | 'UPDATE_SUCCESS' | 'ERROR' | 'NO_CHANGE'>,
  },

  productSet: {
    types: { values: ['MANUAL', 'FILTERED'], source: `${A}:116` } as EnumLimit<'MANUAL' | 'FILTERED'>,
    /** `custom_label_0` to `custom_label_4` written out. */
    filterAttributes: {
      values: [
        'price',
        'product_type',
        'google_product_category',
        'sale_price',
        'inventory',
        'custom_label_0',
        'custom_label_1',
        'custom_label_2',
        'custom_label_3',
        'custom_label_4',
      ],
      source: `${A}:118`,
    } as EnumLimit<string>,
    filterOperators: {
      values: ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'],
      source: `${A}:118`,
    } as EnumLimit<'GREATER_THAN' | 'EQUAL_TO' | 'LESS_THAN' | 'MATCH' | 'NOT_CONTAINS' | 'CONTAINS'>,
    processingStatuses: { values: ['DONE', 'PROCESSING', 'FAILED'], source: `${A}:79` } as EnumLimit<
      'DONE' | 'PROCESSING' | 'FAILED'
    >,
  },

  keywordInsights: {
    rangeDays: { value: 7, source: `${A}:189` },
    keywordsTotal: { value: 10, source: `${A}:189` },
    granularity: { values: ['DAY', 'HOUR'], source: `${A}:126` } as EnumLimit<'DAY' | 'HOUR'>,
  },

  audiences: {
    uploadOperations: { value: 2500, source: `${A}:185` },
    uploadBytes: { value: 5_000_000, source: `${A}:185` },
    uploadRequestsPerWindow: { value: 1500, source: `${A}:185` },
    uploadWindowMinutes: { value: 1, source: `${A}:185` },
    /** expires_at default: 13 months after the request (custom audiences and do-not-reach lists). */
    expiresDefaultMonths: { value: 13, source: `${A}:163` },
    operationTypes: { values: ['Update', 'Delete'], source: `${A}:159` } as EnumLimit<'Update' | 'Delete'>,
    permissionLevels: { values: ['READ_ONLY', 'READ_WRITE'], source: `${A}:142` } as EnumLimit<
      'READ_ONLY' | 'READ_WRITE'
    >,
    permissionListCount: { min: 1, max: 1000, default: 200, source: `${A}:188` } as ListCountLimit,
    permissionIdFilter: { value: 200, source: `${A}:188` },
    shareOutsideBusinessFeature: {
      values: ['SHARE_AUDIENCE_OUTSIDE_BUSINESS'],
      source: `${A}:145`,
    } as EnumLimit<'SHARE_AUDIENCE_OUTSIDE_BUSINESS'>,
  },

  // Not in the spec: what one customer-list file may be. Lists of ten million rows of e-mail
  // addresses are about 300 MB; anything over 1 GiB is refused before a byte is read.
  audienceFile: {
    maxMegabytes: { value: 1024, source: 'app rule: a customer list over 1 GiB is split before upload' },
  },

  // Not in the spec: what one feed import may hold, so a runaway file gets a report, not a hang.
  feedImport: {
    maxRows: { value: 20_000, source: 'app rule: twice the 10,000-product feed the import is built for' },
    maxMegabytes: { value: 50, source: 'app rule: feeds larger than this are split before import' },
  },

  webhook: {
    webhookId: { pattern: /^[0-9]{1,19}$/, source: `${P}:37` },
  },

  // The platform's public upload limits and content rules for local media (mediaLimits.ts).
  ...MEDIA_LIMITS,
} as const satisfies Record<string, Record<string, AnyLimit>>

export type ComponentType = (typeof LIMITS.card.componentTypes.values)[number]
export type LabelValue = (typeof LIMITS.card.labelValues.values)[number]
export type DestinationType = (typeof LIMITS.card.destinationTypes.values)[number]
export type MediaType = (typeof LIMITS.mediaLibrary.mediaTypes.values)[number]
export type ConversationSettings = (typeof LIMITS.post.conversationSettings.values)[number]
export type PostMode = (typeof LIMITS.post.postMode.values)[number]
export type VideoCta = (typeof LIMITS.post.videoCta.values)[number]

/** The platform's post length tiers (LIMITS.postLength). */
export const POST_LENGTH_TIERS = ['standard', 'long_form'] as const
export type PostLengthTier = (typeof POST_LENGTH_TIERS)[number]
export const DEFAULT_POST_LENGTH_TIER: PostLengthTier = 'standard'

/** The weighted length a tier allows. */
export function postLengthTierLimit(tier: PostLengthTier): number {
  return tier === 'long_form' ? LIMITS.postLength.longForm.value : LIMITS.postLength.standard.value
}

/**
 * What the designer picks per ad account, stored in settings as a number: a tier's limit, or
 * 280 for the opt-in "Classic 280" guideline (the standard tier, with a warning past 280).
 */
export const POST_LENGTH_LIMITS = [
  LIMITS.postLength.standard.value,
  LIMITS.postLength.longForm.value,
  LIMITS.postLength.classicGuideline.value,
] as const
export type PostLengthLimit = (typeof POST_LENGTH_LIMITS)[number]
/**
 * Where the length a posting user may write is kept (settings.postLengthLimits): the tier belongs
 * to the user the post is made for (as_user_id), per profile. The platform does not say it; the
 * designer answers once, and a refusal from the platform corrects it.
 */
export function postLengthKey(profileId: string, userId: string): string {
  return `${profileId}/${userId}`
}

/** The text of a post as the platform refuses it over the length: "text must be at most 4000 characters". */
export const POST_LENGTH_REFUSAL = /text must be at most (\d+) characters/

/** A new account gets the standard tier, never the classic guideline. */
export const DEFAULT_POST_LENGTH_LIMIT: PostLengthLimit = LIMITS.postLength.standard.value

export interface PostLengthPreference {
  readonly tier: PostLengthTier
  /** Set when the designer opted into the Classic 280 guideline. */
  readonly guideline?: number
}

export function postLengthPreference(choice: PostLengthLimit | undefined): PostLengthPreference {
  if (choice === LIMITS.postLength.longForm.value) return { tier: 'long_form' }
  if (choice === LIMITS.postLength.classicGuideline.value)
    return { tier: 'standard', guideline: LIMITS.postLength.classicGuideline.value }
  return { tier: DEFAULT_POST_LENGTH_TIER }
}

/** zod and other callers need the enum values as a non-empty tuple. */
export function enumTuple<T extends string>(limit: EnumLimit<T>): [T, ...T[]] {
  const [first, ...rest] = limit.values
  if (first === undefined) throw new Error(`empty enum (${limit.source})`)
  return [first, ...rest]
}
