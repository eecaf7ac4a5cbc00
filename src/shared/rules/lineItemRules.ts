// The line item rules: every conditional of the spec's PUT line item table
// (ads-b-creatives-campaigns.md:171-191) and the PREROLL_VIEWS categories rule (:163), as one
// table. The edit form runs it on every change and main runs it again, with the line item as
// the platform has it, before a change is queued. Each rule cites the spec line it comes from;
// test/unit/rules/lineItems.test.ts checks the citations and every rule both ways.

import { LINE_ITEM_LIMITS, PAY_BY_FOR_GOAL, type LineItemRule } from './lineItemLimits'
import {
  DOMAIN,
  enumRule,
  formatRule,
  has,
  IAB_CATEGORY,
  inWords,
  ISO_8601,
  objectivesOf,
  objectivesOnlyRule,
  positiveMicrosRule,
  present,
  publisherNetworkRule,
  rule,
  unchecked,
} from './lineItemRuleKit'
import { isMicros } from './money'

const B = 'ads-b-creatives-campaigns.md'
const L = LINE_ITEM_LIMITS

/** Start and end are ISO 8601 date-times (B:185). */
const isoTimeRule = (field: 'start_time' | 'end_time', label: string): LineItemRule =>
  formatRule(
    `${field}.iso8601`,
    field,
    `${B}:185`,
    `${field} is an ISO 8601 date-time`,
    ISO_8601,
    `${label} must be a date and time with a time zone`,
  )

/** The table. Order is the form's top-to-bottom order, so the first issue on a field is the most basic. */
export const LINE_ITEM_RULES: readonly LineItemRule[] = [
  enumRule('entity_status.values', 'entity_status', L.entityStatus, 'Status'),
  isoTimeRule('start_time', 'Start'),
  isoTimeRule('end_time', 'End'),
  rule(
    'end_time.after_start',
    'end_time',
    'app rule: a line item cannot end before it starts (the sandbox refuses it too)',
    'end_time is after start_time',
    ({ patch, after }) => {
      if (patch.end_time === undefined && patch.start_time === undefined) return false
      const start = present(after.start_time) ? Date.parse(after.start_time) : NaN
      const end = present(after.end_time) ? Date.parse(after.end_time) : NaN
      return Number.isFinite(start) && Number.isFinite(end) && end <= start
    },
    { code: 'out_of_range', message: 'End must be after the start' },
  ),
  enumRule('goal.values', 'goal', L.goals, 'Goal'),
  enumRule('bid_strategy.values', 'bid_strategy', L.bidStrategies, 'Bid strategy'),
  rule(
    'bid_strategy.max_not_for_reach_or_followers',
    'bid_strategy',
    `${B}:181`,
    'MAX is not for REACH or FOLLOWERS',
    ({ objective, after }) => after.bid_strategy === 'MAX' && has(L.maxExcludedObjectives, objective),
    {
      code: 'not_allowed',
      message: `Maximum bid is not available for ${objectivesOf(L.maxExcludedObjectives)} line items`,
    },
  ),
  rule(
    'bid_strategy.target_only_for_reach_or_website_clicks',
    'bid_strategy',
    `${B}:181`,
    'TARGET is for REACH or WEBSITE_CLICKS',
    ({ objective, after }) => after.bid_strategy === 'TARGET' && !has(L.targetObjectives, objective),
    { code: 'not_allowed', message: `Target bid is only for ${objectivesOf(L.targetObjectives)} line items` },
  ),
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
  rule(
    'bid_amount.ignored_with_auto',
    'bid_amount_local_micro',
    `${B}:181`,
    'AUTO ignores the bid amount',
    ({ patch, after }) => after.bid_strategy === 'AUTO' && patch.bid_amount_local_micro !== undefined,
    { code: 'not_allowed', severity: 'warning', message: 'Automatic bidding ignores this amount' },
  ),
  enumRule('pay_by.values', 'pay_by', L.payBy, 'Billing'),
  rule(
    'pay_by.changeable_only_for_app_installs',
    'pay_by',
    `${B}:189`,
    'pay_by is changeable only for APP_INSTALLS',
    ({ objective, before, patch }) =>
      patch.pay_by !== undefined && patch.pay_by !== before.pay_by && !has(L.payByChangeable, objective),
    {
      code: 'not_allowed',
      message: `Billing can be changed only on ${objectivesOf(L.payByChangeable)} line items`,
    },
  ),
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
  rule(
    'pay_by.link_click_not_with_target',
    'pay_by',
    `${B}:189`,
    'LINK_CLICKS goal: LINK_CLICK billing is not available with TARGET',
    ({ after }) =>
      after.goal === 'LINK_CLICKS' && after.pay_by === 'LINK_CLICK' && after.bid_strategy === 'TARGET',
    { code: 'exclusive', message: 'Billing per link click is not available with a target bid' },
  ),
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
  rule(
    'daily_budget.at_most_total',
    'daily_budget_amount_local_micro',
    `${B}:191`,
    'daily_budget_amount_local_micro is at most the total budget',
    ({ after }) => {
      const daily = after.daily_budget_amount_local_micro
      const total = after.total_budget_amount_local_micro
      return (
        present(daily) &&
        present(total) &&
        isMicros(daily) &&
        isMicros(total) &&
        BigInt(daily) > BigInt(total)
      )
    },
    { code: 'out_of_range', message: 'The daily budget cannot be more than the total budget' },
  ),
  {
    id: 'daily_budget.needs_line_item_budget_optimization',
    field: 'daily_budget_amount_local_micro',
    source: `${B}:191`,
    rule: 'daily_budget_amount_local_micro only when the parent campaign has budget_optimization LINE_ITEM',
    check: ({ patch, context }) => {
      if (patch.daily_budget_amount_local_micro === undefined) return undefined
      if (context.campaignBudgetOptimization === undefined) {
        return unchecked(
          'A daily budget needs a campaign that budgets per line item; its campaign could not be checked',
        )
      }
      return context.campaignBudgetOptimization === 'LINE_ITEM'
        ? undefined
        : {
            code: 'not_allowed',
            message: 'Its campaign sets the budget, so this line item cannot have a daily budget',
          }
    },
  },
  objectivesOnlyRule(
    'frequency_cap.only_for_listed_objectives',
    'frequency_cap',
    `${B}:186`,
    'frequency_cap only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS',
    L.frequencyCapObjectives,
    'A frequency cap is',
  ),
  formatRule(
    'frequency_cap.integer',
    'frequency_cap',
    `${B}:186`,
    'frequency_cap is an int',
    /^[1-9]\d{0,8}$/,
    'The frequency cap is a whole number of times, at least 1',
  ),
  rule(
    'duration_in_days.values',
    'duration_in_days',
    L.durationInDays.source,
    'duration_in_days is 1, 7 or 30',
    ({ patch }) =>
      patch.duration_in_days !== undefined &&
      !L.durationInDays.values.map(String).includes(patch.duration_in_days),
    {
      code: 'invalid_value',
      message: `The frequency cap period is ${L.durationInDays.values.join(', ').replace(/, (\d+)$/, ' or $1')} days`,
    },
  ),
  enumRule('audience_expansion.values', 'audience_expansion', L.audienceExpansion, 'Audience expansion'),
  formatRule(
    'advertiser_domain.without_protocol',
    'advertiser_domain',
    `${B}:175`,
    'advertiser_domain is a domain without protocol',
    DOMAIN,
    (value) =>
      /^[a-z]+:\/\//i.test(value)
        ? 'Leave out the protocol: example.com, not https://example.com'
        : 'Enter a domain such as example.com',
  ),
  publisherNetworkRule(
    'advertiser_domain.required_for_publisher_network',
    'advertiser_domain',
    `${B}:175`,
    'advertiser_domain is required when placement is PUBLISHER_NETWORK',
    ({ after }) => !present(after.advertiser_domain),
    'Enter the advertiser domain: line items on the publisher network need one',
  ),
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
  publisherNetworkRule(
    'categories.required_for_publisher_network',
    'categories',
    `${B}:182`,
    'categories are required when placement is PUBLISHER_NETWORK',
    ({ after }) => (after.categories ?? []).length === 0,
    'Choose categories: line items on the publisher network need them',
  ),
  {
    id: 'categories.preroll_business_categories',
    field: 'categories',
    source: `${B}:163`,
    rule: 'PREROLL_VIEWS line items carry one or two advertiser business categories, as their IAB categories',
    check: ({ objective, patch, context }) => {
      if (!has(L.prerollObjective, objective) || patch.categories === undefined) return undefined
      const known = context.businessCategories
      if (known === undefined)
        return unchecked('The advertiser business categories could not be loaded to check these')
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
  rule(
    'app_store_id.required_for_app_objectives',
    'android_app_store_identifier',
    `${B}:177`,
    'APP_INSTALLS and APP_ENGAGEMENTS need android_app_store_identifier or ios_app_store_identifier',
    ({ objective, after }) =>
      has(L.appObjectives, objective) &&
      !present(after.android_app_store_identifier) &&
      !present(after.ios_app_store_identifier),
    { code: 'required', message: 'Enter the app’s Google Play or App Store id: app line items need one' },
  ),
  formatRule(
    'ios_app_store_identifier.numeric',
    'ios_app_store_identifier',
    `${B}:178`,
    'ios_app_store_identifier is the numeric part of the store identifier',
    /^\d{1,20}$/,
    'Enter only the number of the App Store id: 333903271, not id333903271',
  ),
  objectivesOnlyRule(
    'advertiser_user_id.preroll_only',
    'advertiser_user_id',
    `${B}:176`,
    'advertiser_user_id is the handle promoting a PREROLL_VIEWS ad',
    L.prerollObjective,
    'The promoting handle is',
  ),
]
