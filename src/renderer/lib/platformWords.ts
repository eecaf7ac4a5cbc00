import type { LineItemPutField } from '../../shared/rules/lineItems'

/**
 * What the app calls the platform's campaign and line item fields and their values, for the line
 * item form and for account history, which shows the platform's own names otherwise
 * (`bid_amount_local_micro`, `PAUSED`).
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

const humanised = (name: string) => {
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
