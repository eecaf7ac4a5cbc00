// The line item table's numbers and names (ads-b-creatives-campaigns.md:51, :163, :171-191):
// the values each PUT field takes, the objectives each rule concerns, and the shapes the rules
// (lineItemRules.ts) read. Each limit cites the spec line it comes from.

import type { IssueCode } from './issues'
import type { EnumLimit } from './limits'

const B = 'ads-b-creatives-campaigns.md'

export interface NumberSetLimit {
  readonly values: readonly number[]
  readonly source: string
}

export const LINE_ITEM_LIMITS = {
  objectives: {
    values: [
      'APP_INSTALLS',
      'APP_ENGAGEMENTS',
      'REACH',
      'FOLLOWERS',
      'WEBSITE_CLICKS',
      'ENGAGEMENTS',
      'VIDEO_VIEWS',
      'PREROLL_VIEWS',
    ],
    source: `${B}:51`,
  } as EnumLimit<string>,
  entityStatus: { values: ['ACTIVE', 'PAUSED'], source: `${B}:184` } as EnumLimit<'ACTIVE' | 'PAUSED'>,
  goals: {
    values: [
      'APP_CLICKS',
      'APP_INSTALLS',
      'APP_PURCHASES',
      'ENGAGEMENT',
      'FOLLOWERS',
      'LINK_CLICKS',
      'MAX_REACH',
      'PREROLL',
      'PREROLL_STARTS',
      'REACH_WITH_ENGAGEMENT',
      'VIDEO_VIEW',
      'VIEW_3S_100PCT',
      'VIEW_6S',
      'VIEW_15S',
      'WEBSITE_CONVERSIONS',
    ],
    source: `${B}:187`,
  } as EnumLimit<string>,
  bidStrategies: { values: ['AUTO', 'MAX', 'TARGET'], source: `${B}:181` } as EnumLimit<
    'AUTO' | 'MAX' | 'TARGET'
  >,
  payBy: { values: ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'], source: `${B}:189` } as EnumLimit<string>,
  audienceExpansion: { values: ['BROAD', 'DEFINED', 'EXPANDED'], source: `${B}:179` } as EnumLimit<string>,
  durationInDays: { values: [1, 7, 30], source: `${B}:183` } as NumberSetLimit,
  /** Bid amounts are needed by these strategies. */
  bidAmountStrategies: { values: ['MAX', 'TARGET'], source: `${B}:180` } as EnumLimit<string>,
  maxExcludedObjectives: { values: ['REACH', 'FOLLOWERS'], source: `${B}:181` } as EnumLimit<string>,
  targetObjectives: { values: ['REACH', 'WEBSITE_CLICKS'], source: `${B}:181` } as EnumLimit<string>,
  frequencyCapObjectives: {
    values: ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'],
    source: `${B}:186`,
  } as EnumLimit<string>,
  appObjectives: { values: ['APP_INSTALLS', 'APP_ENGAGEMENTS'], source: `${B}:177` } as EnumLimit<string>,
  /** Placements that need an advertiser domain and categories. */
  publisherNetwork: { values: ['PUBLISHER_NETWORK'], source: `${B}:175` } as EnumLimit<'PUBLISHER_NETWORK'>,
  /** The one objective whose pay_by may change. */
  payByChangeable: { values: ['APP_INSTALLS'], source: `${B}:189` } as EnumLimit<'APP_INSTALLS'>,
  /** Objective whose line items carry advertiser business categories, and advertiser_user_id. */
  prerollObjective: { values: ['PREROLL_VIEWS'], source: `${B}:163` } as EnumLimit<'PREROLL_VIEWS'>,
  businessCategoriesPerLineItem: { min: 1, max: 2, source: `${B}:163` },
} as const

/** Objectives as people say them: messages name these, never the API values. */
export const OBJECTIVE_NAMES: Readonly<Record<string, string>> = {
  APP_INSTALLS: 'App installs',
  APP_ENGAGEMENTS: 'App re-engagements',
  REACH: 'Reach',
  FOLLOWERS: 'Followers',
  WEBSITE_CLICKS: 'Website clicks',
  ENGAGEMENTS: 'Engagements',
  VIDEO_VIEWS: 'Video views',
  PREROLL_VIEWS: 'Pre-roll views',
}

/** pay_by values each goal allows (B:189); goals not named here leave pay_by to the platform. */
export const PAY_BY_FOR_GOAL: Readonly<Record<string, readonly string[]>> = {
  APP_INSTALLS: ['APP_CLICK', 'IMPRESSION'],
  LINK_CLICKS: ['LINK_CLICK', 'IMPRESSION'],
  SITE_VISITS: ['IMPRESSION'],
}

/** The PUT parameters (B:175-191). All optional; `categories` is a list, the rest strings. */
export const LINE_ITEM_PUT_FIELDS = [
  'name',
  'entity_status',
  'start_time',
  'end_time',
  'goal',
  'bid_strategy',
  'bid_amount_local_micro',
  'pay_by',
  'total_budget_amount_local_micro',
  'daily_budget_amount_local_micro',
  'frequency_cap',
  'duration_in_days',
  'audience_expansion',
  'advertiser_domain',
  'categories',
  'android_app_store_identifier',
  'ios_app_store_identifier',
  'advertiser_user_id',
] as const
export type LineItemPutField = (typeof LINE_ITEM_PUT_FIELDS)[number]
export type LineItemScalarField = Exclude<LineItemPutField, 'categories'>

/**
 * Line item values as they go on the wire: every scalar a string (micros and ids stay exact
 * decimal strings), categories a list. Absent or null means not set.
 */
export type LineItemValues = { [F in LineItemScalarField]?: string | null } & {
  categories?: string[] | null
}
/** A PUT body: only the fields that change. */
export type LineItemPatch = { [F in LineItemScalarField]?: string } & { categories?: string[] }

/** What the rules need to know about a line item besides its PUT fields; none of these can be changed by PUT. */
export interface LineItemState {
  objective: string
  placements: readonly string[]
  values: LineItemValues
}

export interface AdvertiserBusinessCategory {
  id: string
  name: string
  iab_categories: readonly string[]
}

export interface LineItemRuleContext {
  /** The parent campaign's budget_optimization; undefined while not known. */
  campaignBudgetOptimization?: string | null | undefined
  /** GET advertiser_business_categories; undefined while not known. */
  businessCategories?: readonly AdvertiserBusinessCategory[] | undefined
}

export interface RuleInput {
  objective: string
  placements: readonly string[]
  before: LineItemValues
  patch: LineItemPatch
  after: LineItemValues
  context: LineItemRuleContext
}

export interface LineItemRule {
  /** Stable name, used by the tests. */
  id: string
  /** The field a broken rule is shown on. */
  field: LineItemPutField
  /** The spec line the rule comes from, or 'app rule: …' for the few that are the app's. */
  source: string
  /** The rule in one sentence, as the spec states it. */
  rule: string
  check(input: RuleInput): { code: IssueCode; message: string; severity?: 'error' | 'warning' } | undefined
}
