import type { LineItemPutField } from './rules/lineItems'
import { CONVERSATION_OPTIONS } from './rules/validateVideoConversationCard'

/**
 * Every platform word the app puts on screen, in the app's words: field names, enumerated values
 * (`PAUSED`, `READ_ONLY`, `TOO_SMALL`), account features, where a change came from. Main's
 * messages and the renderer read them from here, so no screen shows the platform's spelling.
 */

/**
 * What the app calls the platform's campaign and line item fields, for the line item form and for
 * account history, which shows the platform's own names otherwise (`bid_amount_local_micro`).
 */
const LINE_ITEM_FIELD_LABELS: Record<LineItemPutField, string> = {
  name: 'Name',
  entity_status: 'Status',
  start_time: 'Starts',
  end_time: 'Ends',
  goal: 'Goal',
  bid_strategy: 'Bid strategy',
  bid_amount_local_micro: 'Bid',
  pay_by: 'Billing',
  total_budget_amount_local_micro: 'Total budget',
  daily_budget_amount_local_micro: 'Daily budget',
  frequency_cap: 'Frequency cap',
  // The form shows it as "Per" beside the cap; on its own it needs the whole name.
  duration_in_days: 'Frequency cap period (days)',
  audience_expansion: 'Audience expansion',
  advertiser_domain: 'Advertiser domain',
  categories: 'IAB categories',
  android_app_store_identifier: 'Google Play app id',
  ios_app_store_identifier: 'App Store id',
  advertiser_user_id: 'Promoting handle (user id)',
}

/** The campaign's own fields in a history entry's `entity_data` (B:43). */
const CAMPAIGN_FIELD_LABELS: Record<string, string> = {
  purchase_order_number: 'Purchase order number',
  standard_delivery: 'Standard delivery',
  created_at: 'Created',
  updated_at: 'Updated',
  deleted: 'Deleted',
}

export const lineItemFieldLabel = (field: LineItemPutField): string => LINE_ITEM_FIELD_LABELS[field]

/** An enum the platform spells in capitals, as a sentence's words: `BANNER_TABLET` → "Banner tablet". */
export const humanised = (name: string): string => {
  const words = name.replace(/_/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A field named in account history: the app's name for it, or its own name made readable. */
export function fieldLabel(key: string): string {
  if (Object.hasOwn(LINE_ITEM_FIELD_LABELS, key)) return LINE_ITEM_FIELD_LABELS[key as LineItemPutField]
  if (Object.hasOwn(CAMPAIGN_FIELD_LABELS, key)) return CAMPAIGN_FIELD_LABELS[key]!
  return humanised(key)
}

const VALUE_WORDS: Record<string, string> = {
  AUTO: 'Automatic',
  MAX: 'Maximum bid',
  TARGET: 'Target bid',
  APP_CLICK: 'Per app click',
  IMPRESSION: 'Per impression',
  LINK_CLICK: 'Per link click',
}

/** An enumerated value the platform spells in capitals (`PAUSED`, `APP_CLICK`), in words. */
export const valueWord = (value: string): string => VALUE_WORDS[value] ?? humanised(value)

/** Fields whose values are one of the platform's enumerated words, so `valueWord` applies. */
const ENUMERATED_FIELDS: ReadonlySet<string> = new Set<string>([
  'entity_status',
  'goal',
  'bid_strategy',
  'pay_by',
  'audience_expansion',
])
export const isEnumeratedField = (key: string): boolean => ENUMERATED_FIELDS.has(key)

/** Audience sharing levels (A:142). */
export const PERMISSION_LEVEL_WORDS: Record<'READ_ONLY' | 'READ_WRITE', string> = {
  READ_ONLY: 'read only',
  READ_WRITE: 'read and write',
}
export const permissionLevelWord = (level: string | undefined): string =>
  level === 'READ_ONLY' || level === 'READ_WRITE' ? PERMISSION_LEVEL_WORDS[level] : 'an unknown level'

/** Why an audience or a do-not-reach list cannot be targeted yet (A:59). */
const NOT_TARGETABLE_WORDS: Record<string, string> = {
  PROCESSING: 'still processing',
  TOO_SMALL: 'too small to target',
}
export const notTargetableWord = (reason: string): string =>
  NOT_TARGETABLE_WORDS[reason.toUpperCase()] ?? humanised(reason).toLowerCase()

/** What each account feature the app names unlocks (B: account features). */
export const FEATURE_WORDS: Record<string, string> = {
  PROMOTED_MEDIA_POLLS: 'Poll cards with an image or a video (beta)',
  SHARE_AUDIENCE_OUTSIDE_BUSINESS: 'Sharing audiences with accounts of other businesses',
  CONVERSATION_CARD: 'Conversation cards',
  CONVERSATION_CARD_FOUR_OPTIONS: 'Conversation cards with three or four options',
  CONVERSATION_CARD_UNLOCK: 'Instant unlock media on conversation cards',
  REACH_AND_FREQUENCY_ANALYTICS: 'Reach and frequency analytics',
  REACH_FREQUENCY_CAP: 'Reach frequency caps',
  WEBSITE_CLICKS_CPM_BILLING: 'Pay per impression for website clicks',
  VIDEO_APP_DOWNLOAD_CARD: 'Video app download cards',
  PREROLL_VIEWS_OBJECTIVE: 'The pre-roll views objective',
  AGE_TARGETING: 'Age targeting',
}
/** A feature in words: what it unlocks, or its name made readable. */
export const featureWord = (feature: string): string => FEATURE_WORDS[feature] ?? humanised(feature)

/** Where an account history change was made (`change_by.platform`, B:43). */
const CHANGE_SOURCE_WORDS: Record<string, string> = {
  ADS_API: 'an app using the Ads API',
  WEB: 'the platform’s website',
  ADS_MANAGER: 'Ads Manager',
  MOBILE: 'the mobile app',
}
export const changeSourceWord = (platform: string): string =>
  CHANGE_SOURCE_WORDS[platform] ?? humanised(platform).toLowerCase()

/** What kind of change a history entry is (B:43). */
const CHANGE_TYPE_WORDS: Record<string, string> = {
  CREATE: 'Created',
  UPDATE: 'Changed',
  DELETE: 'Deleted',
}
export const changeTypeWord = (type: string): string => CHANGE_TYPE_WORDS[type] ?? humanised(type)

/** What account history can be asked about (B:162). */
const HISTORY_ENTITY_WORDS: Record<string, string> = {
  CAMPAIGN: 'Campaign',
  LINE_ITEM: 'Line item',
  PROMOTED_POST: 'Promoted post',
  TARGETING_CRITERIA: 'Targeting',
  PROMOTED_ACCOUNT: 'Promoted account',
}
export const historyEntityWord = (type: string): string => HISTORY_ENTITY_WORDS[type] ?? humanised(type)

/** Card component types (B:22–27), as the card builder names its parts. */
const COMPONENT_TYPE_WORDS: Record<string, string> = {
  MEDIA: 'Media',
  SWIPEABLE_MEDIA: 'Carousel media',
  DETAILS: 'Website',
  BUTTON: 'App button',
}
export const componentTypeWord = (type: string): string => COMPONENT_TYPE_WORDS[type] ?? humanised(type)

/** Account media creative types (B:16) and industries: their own names, made readable. */
const CREATIVE_TYPE_WORDS: Record<string, string> = {
  PREROLL: 'Pre-roll video',
  VAST_PREROLL: 'VAST pre-roll video',
  MEDIUM_RECTANGLE: 'Medium rectangle',
}
export const creativeTypeWord = (type: string): string => CREATIVE_TYPE_WORDS[type] ?? humanised(type)

/** The text fields of a video conversation card (B:131), as its editor names them. */
const VIDEO_CONVERSATION_FIELD_WORDS: Record<string, string> = {
  name: 'Card name',
  title: 'Title',
  thank_you_text: 'Thank-you text',
  thank_you_url: 'Thank-you URL',
  ...Object.fromEntries(
    CONVERSATION_OPTIONS.flatMap((ordinal) => [
      [`${ordinal}_cta`, `Hashtag of the ${ordinal} option`],
      [`${ordinal}_cta_post`, `Post of the ${ordinal} option`],
    ]),
  ),
}
export const videoConversationFieldWord = (field: string): string =>
  VIDEO_CONVERSATION_FIELD_WORDS[field] ?? humanised(field)

/** Streaming endpoints a connection belongs to (platform document line 130; names per platformToolLimits). */
const STREAM_ENDPOINT_WORDS: Record<string, string> = {
  filtered_stream: 'Filtered stream',
  sample_stream: 'Sample stream (1 %)',
  sample10_stream: 'Sample stream (10 %)',
  firehose_stream: 'Firehose',
  posts_compliance_stream: 'Post compliance stream',
  users_compliance_stream: 'User compliance stream',
  post_label_stream: 'Post label stream',
  firehose_stream_lang_en: 'Firehose, English',
  firehose_stream_lang_ja: 'Firehose, Japanese',
  firehose_stream_lang_ko: 'Firehose, Korean',
  firehose_stream_lang_pt: 'Firehose, Portuguese',
  likes_firehose_stream: 'Likes firehose',
  likes_sample10_stream: 'Likes sample (10 %)',
  likes_compliance_stream: 'Likes compliance stream',
}
export const streamEndpointWord = (name: string): string => STREAM_ENDPOINT_WORDS[name] ?? humanised(name)

/** Why a streaming connection ended (`disconnect_reason`, platform's public connections reference). */
const DISCONNECT_REASON_WORDS: Record<string, string> = {
  operator_disconnect: 'ended by the app’s developer',
  client_closed_connection: 'closed by the client',
  too_many_connections: 'too many connections open at once',
}
export const disconnectReasonWord = (reason: string): string =>
  DISCONNECT_REASON_WORDS[reason] ?? humanised(reason).toLowerCase()
