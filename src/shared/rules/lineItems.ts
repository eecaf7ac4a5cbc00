// The line item rules: every conditional of the spec's PUT line item table
// (ads-b-creatives-campaigns.md:171-191) and the PREROLL_VIEWS categories rule (:163), as one
// table. The edit form runs it on every change and main runs it again, with the line item as
// the platform has it, before a change is queued. Each rule cites the spec line it comes from;
// test/unit/rules/lineItems.test.ts checks the citations and every rule both ways.

import type { EnumLimit } from './limits'
import type { Issue, IssueCode } from './issues'
import { error, warning } from './issues'
import { isMicros } from './money'

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

/** An API value in words, for a message: LINK_CLICKS → "link clicks". */
const inWords = (value: string): string => value.toLowerCase().replaceAll('_', ' ')

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

interface RuleInput {
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

const L = LINE_ITEM_LIMITS
const has = (limit: { values: readonly string[] }, value: string | null | undefined): boolean =>
  value !== null && value !== undefined && limit.values.includes(value)
const present = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value !== ''
const listOf = (limit: { values: readonly string[] }, name: (value: string) => string = (v) => v): string => {
  const values = limit.values.map(name)
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
}
/** Objectives in words, for messages. */
const objectivesOf = (limit: { values: readonly string[] }): string =>
  listOf(limit, (value) => OBJECTIVE_NAMES[value] ?? inWords(value))
const onPublisherNetwork = (placements: readonly string[]): boolean =>
  placements.some((placement) => has(L.publisherNetwork, placement))
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i
const IAB_CATEGORY = /^IAB\d{1,2}(-\d{1,2})?$/

function enumRule(
  id: string,
  field: LineItemScalarField,
  limit: EnumLimit<string>,
  label: string,
): LineItemRule {
  return {
    id,
    field,
    source: limit.source,
    rule: `${field} is one of ${limit.values.join(', ')}`,
    check: ({ patch }) => {
      const value = patch[field]
      return value !== undefined && !limit.values.includes(value)
        ? { code: 'invalid_value', message: `${label} must be ${listOf(limit, inWords)}` }
        : undefined
    },
  }
}

function positiveMicrosRule(
  id: string,
  field: LineItemScalarField,
  label: string,
  source: string,
): LineItemRule {
  return {
    id,
    field,
    source,
    rule: `${field} is a whole number of micro units greater than zero`,
    check: ({ patch }) => {
      const value = patch[field]
      if (value === undefined) return undefined
      if (!isMicros(value)) return { code: 'invalid_format', message: `${label} must be an amount of money` }
      return BigInt(value) > 0n
        ? undefined
        : { code: 'out_of_range', message: `${label} must be more than zero` }
    },
  }
}

/** The table. Order is the form's top-to-bottom order, so the first issue on a field is the most basic. */
export const LINE_ITEM_RULES: readonly LineItemRule[] = [
  enumRule('entity_status.values', 'entity_status', L.entityStatus, 'Status'),
  {
    id: 'start_time.iso8601',
    field: 'start_time',
    source: `${B}:185`,
    rule: 'start_time is an ISO 8601 date-time',
    check: ({ patch }) =>
      patch.start_time !== undefined && !ISO_8601.test(patch.start_time)
        ? { code: 'invalid_format', message: 'Start must be a date and time with a time zone' }
        : undefined,
  },
  {
    id: 'end_time.iso8601',
    field: 'end_time',
    source: `${B}:185`,
    rule: 'end_time is an ISO 8601 date-time',
    check: ({ patch }) =>
      patch.end_time !== undefined && !ISO_8601.test(patch.end_time)
        ? { code: 'invalid_format', message: 'End must be a date and time with a time zone' }
        : undefined,
  },
  {
    id: 'end_time.after_start',
    field: 'end_time',
    source: 'app rule: a line item cannot end before it starts (the sandbox refuses it too)',
    rule: 'end_time is after start_time',
    check: ({ patch, after }) => {
      if (patch.end_time === undefined && patch.start_time === undefined) return undefined
      const start = present(after.start_time) ? Date.parse(after.start_time) : NaN
      const end = present(after.end_time) ? Date.parse(after.end_time) : NaN
      return Number.isFinite(start) && Number.isFinite(end) && end <= start
        ? { code: 'out_of_range', message: 'End must be after the start' }
        : undefined
    },
  },
  enumRule('goal.values', 'goal', L.goals, 'Goal'),
  enumRule('bid_strategy.values', 'bid_strategy', L.bidStrategies, 'Bid strategy'),
  {
    id: 'bid_strategy.max_not_for_reach_or_followers',
    field: 'bid_strategy',
    source: `${B}:181`,
    rule: 'MAX is not for REACH or FOLLOWERS',
    check: ({ objective, after }) =>
      after.bid_strategy === 'MAX' && has(L.maxExcludedObjectives, objective)
        ? {
            code: 'not_allowed',
            message: `Maximum bid is not available for ${objectivesOf(L.maxExcludedObjectives)} line items`,
          }
        : undefined,
  },
  {
    id: 'bid_strategy.target_only_for_reach_or_website_clicks',
    field: 'bid_strategy',
    source: `${B}:181`,
    rule: 'TARGET is for REACH or WEBSITE_CLICKS',
    check: ({ objective, after }) =>
      after.bid_strategy === 'TARGET' && !has(L.targetObjectives, objective)
        ? {
            code: 'not_allowed',
            message: `Target bid is only for ${objectivesOf(L.targetObjectives)} line items`,
          }
        : undefined,
  },
  positiveMicrosRule('bid_amount.positive', 'bid_amount_local_micro', 'The bid', `${B}:180`),
  {
    id: 'bid_amount.required_for_max_or_target',
    field: 'bid_amount_local_micro',
    source: `${B}:180`,
    rule: 'bid_amount_local_micro is required when bid_strategy is MAX or TARGET',
    check: ({ after }) =>
      has(L.bidAmountStrategies, after.bid_strategy) && !present(after.bid_amount_local_micro)
        ? {
            code: 'required',
            message: `Enter a bid: the ${after.bid_strategy === 'MAX' ? 'maximum' : 'target'} bid strategy needs one`,
          }
        : undefined,
  },
  {
    id: 'bid_amount.ignored_with_auto',
    field: 'bid_amount_local_micro',
    source: `${B}:181`,
    rule: 'AUTO ignores the bid amount',
    check: ({ patch, after }) =>
      after.bid_strategy === 'AUTO' && patch.bid_amount_local_micro !== undefined
        ? { code: 'not_allowed', severity: 'warning', message: 'Automatic bidding ignores this amount' }
        : undefined,
  },
  enumRule('pay_by.values', 'pay_by', L.payBy, 'Billing'),
  {
    id: 'pay_by.changeable_only_for_app_installs',
    field: 'pay_by',
    source: `${B}:189`,
    rule: 'pay_by is changeable only for APP_INSTALLS',
    check: ({ objective, before, patch }) =>
      patch.pay_by !== undefined && patch.pay_by !== before.pay_by && !has(L.payByChangeable, objective)
        ? {
            code: 'not_allowed',
            message: `Billing can be changed only on ${objectivesOf(L.payByChangeable)} line items`,
          }
        : undefined,
  },
  {
    id: 'pay_by.allowed_for_goal',
    field: 'pay_by',
    source: `${B}:189`,
    rule: 'APP_INSTALLS goal allows APP_CLICK or IMPRESSION; LINK_CLICKS goal allows LINK_CLICK or IMPRESSION; SITE_VISITS goal allows IMPRESSION',
    check: ({ after, patch }) => {
      if (patch.pay_by === undefined && patch.goal === undefined) return undefined
      const allowed = present(after.goal) ? PAY_BY_FOR_GOAL[after.goal] : undefined
      return allowed && present(after.pay_by) && !allowed.includes(after.pay_by)
        ? {
            code: 'not_allowed',
            message: `The ${inWords(after.goal ?? '')} goal is billed per ${allowed.map(inWords).join(' or per ')}`,
          }
        : undefined
    },
  },
  {
    id: 'pay_by.link_click_not_with_target',
    field: 'pay_by',
    source: `${B}:189`,
    rule: 'LINK_CLICKS goal: LINK_CLICK billing is not available with TARGET',
    check: ({ after }) =>
      after.goal === 'LINK_CLICKS' && after.pay_by === 'LINK_CLICK' && after.bid_strategy === 'TARGET'
        ? { code: 'exclusive', message: 'Billing per link click is not available with a target bid' }
        : undefined,
  },
  positiveMicrosRule(
    'total_budget.positive',
    'total_budget_amount_local_micro',
    'The total budget',
    `${B}:190`,
  ),
  positiveMicrosRule(
    'daily_budget.positive',
    'daily_budget_amount_local_micro',
    'The daily budget',
    `${B}:191`,
  ),
  {
    id: 'daily_budget.at_most_total',
    field: 'daily_budget_amount_local_micro',
    source: `${B}:191`,
    rule: 'daily_budget_amount_local_micro is at most the total budget',
    check: ({ after }) => {
      const daily = after.daily_budget_amount_local_micro
      const total = after.total_budget_amount_local_micro
      return present(daily) &&
        present(total) &&
        isMicros(daily) &&
        isMicros(total) &&
        BigInt(daily) > BigInt(total)
        ? { code: 'out_of_range', message: 'The daily budget cannot be more than the total budget' }
        : undefined
    },
  },
  {
    id: 'daily_budget.needs_line_item_budget_optimization',
    field: 'daily_budget_amount_local_micro',
    source: `${B}:191`,
    rule: 'daily_budget_amount_local_micro only when the parent campaign has budget_optimization LINE_ITEM',
    check: ({ patch, context }) => {
      if (patch.daily_budget_amount_local_micro === undefined) return undefined
      if (context.campaignBudgetOptimization === undefined) {
        return {
          code: 'unchecked',
          severity: 'warning',
          message:
            'A daily budget needs a campaign that budgets per line item; its campaign could not be checked',
        }
      }
      return context.campaignBudgetOptimization === 'LINE_ITEM'
        ? undefined
        : {
            code: 'not_allowed',
            message: 'Its campaign sets the budget, so this line item cannot have a daily budget',
          }
    },
  },
  {
    id: 'frequency_cap.only_for_listed_objectives',
    field: 'frequency_cap',
    source: `${B}:186`,
    rule: 'frequency_cap only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS',
    check: ({ objective, patch }) =>
      patch.frequency_cap !== undefined && !has(L.frequencyCapObjectives, objective)
        ? {
            code: 'not_allowed',
            message: `A frequency cap is only for ${objectivesOf(L.frequencyCapObjectives)} line items`,
          }
        : undefined,
  },
  {
    id: 'frequency_cap.integer',
    field: 'frequency_cap',
    source: `${B}:186`,
    rule: 'frequency_cap is an int',
    check: ({ patch }) =>
      patch.frequency_cap !== undefined && !/^[1-9]\d{0,8}$/.test(patch.frequency_cap)
        ? { code: 'invalid_format', message: 'The frequency cap is a whole number of times, at least 1' }
        : undefined,
  },
  {
    id: 'duration_in_days.values',
    field: 'duration_in_days',
    source: L.durationInDays.source,
    rule: 'duration_in_days is 1, 7 or 30',
    check: ({ patch }) =>
      patch.duration_in_days !== undefined &&
      !L.durationInDays.values.map(String).includes(patch.duration_in_days)
        ? {
            code: 'invalid_value',
            message: `The frequency cap period is ${L.durationInDays.values.join(', ').replace(/, (\d+)$/, ' or $1')} days`,
          }
        : undefined,
  },
  enumRule('audience_expansion.values', 'audience_expansion', L.audienceExpansion, 'Audience expansion'),
  {
    id: 'advertiser_domain.without_protocol',
    field: 'advertiser_domain',
    source: `${B}:175`,
    rule: 'advertiser_domain is a domain without protocol',
    check: ({ patch }) =>
      patch.advertiser_domain !== undefined && !DOMAIN.test(patch.advertiser_domain)
        ? {
            code: 'invalid_format',
            message: /^[a-z]+:\/\//i.test(patch.advertiser_domain)
              ? 'Leave out the protocol: example.com, not https://example.com'
              : 'Enter a domain such as example.com',
          }
        : undefined,
  },
  {
    id: 'advertiser_domain.required_for_publisher_network',
    field: 'advertiser_domain',
    source: `${B}:175`,
    rule: 'advertiser_domain is required when placement is PUBLISHER_NETWORK',
    check: ({ placements, after }) =>
      onPublisherNetwork(placements) && !present(after.advertiser_domain)
        ? {
            code: 'required',
            message: 'Enter the advertiser domain: line items on the publisher network need one',
          }
        : undefined,
  },
  {
    id: 'categories.iab',
    field: 'categories',
    source: `${B}:182`,
    rule: 'categories are IAB categories',
    check: ({ patch }) => {
      const bad = patch.categories?.find((category) => !IAB_CATEGORY.test(category))
      return bad !== undefined
        ? {
            code: 'invalid_format',
            message: `“${bad}” is not an IAB category (IAB1 to IAB26, e.g. IAB19 or IAB8-5)`,
          }
        : undefined
    },
  },
  {
    id: 'categories.required_for_publisher_network',
    field: 'categories',
    source: `${B}:182`,
    rule: 'categories are required when placement is PUBLISHER_NETWORK',
    check: ({ placements, after }) =>
      onPublisherNetwork(placements) && (after.categories ?? []).length === 0
        ? { code: 'required', message: 'Choose categories: line items on the publisher network need them' }
        : undefined,
  },
  {
    id: 'categories.preroll_business_categories',
    field: 'categories',
    source: `${B}:163`,
    rule: 'PREROLL_VIEWS line items carry one or two advertiser business categories, as their IAB categories',
    check: ({ objective, patch, context }) => {
      if (!has(L.prerollObjective, objective) || patch.categories === undefined) return undefined
      const known = context.businessCategories
      if (known === undefined) {
        return {
          code: 'unchecked',
          severity: 'warning',
          message: 'The advertiser business categories could not be loaded to check these',
        }
      }
      const chosen = new Set<string>()
      for (const code of patch.categories) {
        const category = known.find((candidate) => candidate.iab_categories.includes(code))
        if (!category)
          return {
            code: 'invalid_value',
            message: `${code} is not the IAB category of an advertiser business category`,
          }
        chosen.add(category.id)
      }
      const { min, max } = L.businessCategoriesPerLineItem
      return chosen.size < min || chosen.size > max
        ? {
            code: chosen.size < min ? 'too_few' : 'too_many',
            message: `Choose ${min} or ${max} advertiser business categories`,
          }
        : undefined
    },
  },
  {
    id: 'app_store_id.required_for_app_objectives',
    field: 'android_app_store_identifier',
    source: `${B}:177`,
    rule: 'APP_INSTALLS and APP_ENGAGEMENTS need android_app_store_identifier or ios_app_store_identifier',
    check: ({ objective, after }) =>
      has(L.appObjectives, objective) &&
      !present(after.android_app_store_identifier) &&
      !present(after.ios_app_store_identifier)
        ? {
            code: 'required',
            message: 'Enter the app’s Google Play or App Store id: app line items need one',
          }
        : undefined,
  },
  {
    id: 'ios_app_store_identifier.numeric',
    field: 'ios_app_store_identifier',
    source: `${B}:178`,
    rule: 'ios_app_store_identifier is the numeric part of the store identifier',
    check: ({ patch }) =>
      patch.ios_app_store_identifier !== undefined && !/^\d{1,20}$/.test(patch.ios_app_store_identifier)
        ? {
            code: 'invalid_format',
            message: 'Enter only the number of the App Store id: 333903271, not id333903271',
          }
        : undefined,
  },
  {
    id: 'advertiser_user_id.preroll_only',
    field: 'advertiser_user_id',
    source: `${B}:176`,
    rule: 'advertiser_user_id is the handle promoting a PREROLL_VIEWS ad',
    check: ({ objective, patch }) =>
      patch.advertiser_user_id !== undefined && !has(L.prerollObjective, objective)
        ? {
            code: 'not_allowed',
            message: `The promoting handle is only for ${objectivesOf(L.prerollObjective)} line items`,
          }
        : undefined,
  },
]

/**
 * Every issue a change to a line item has, rule by rule, on the field each rule concerns.
 * Rules about what a line item must have read it as it would be after the change.
 */
export function validateLineItemChange(
  current: LineItemState,
  patch: LineItemPatch,
  context: LineItemRuleContext = {},
): Issue[] {
  const after: LineItemValues = { ...current.values, ...patch }
  const input: RuleInput = {
    objective: current.objective,
    placements: current.placements,
    before: current.values,
    patch,
    after,
    context,
  }
  const issues: Issue[] = []
  for (const rule of LINE_ITEM_RULES) {
    const broken = rule.check(input)
    if (!broken) continue
    const make = broken.severity === 'warning' ? warning : error
    issues.push(make([rule.field], broken.code, broken.message))
  }
  return issues
}

/** IAB categories of the chosen advertiser business categories, in order, each once. */
export function iabCategoriesOf(categories: readonly AdvertiserBusinessCategory[]): string[] {
  return [...new Set(categories.flatMap((category) => category.iab_categories))]
}

/** Country codes a line item targets that a curated category does not cover (B:165). */
export function uncoveredCountries(
  categoryCountries: readonly string[],
  lineItemCountries: readonly string[],
): string[] {
  return lineItemCountries.filter((code) => !categoryCountries.includes(code))
}
