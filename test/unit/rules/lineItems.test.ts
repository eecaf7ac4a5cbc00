import { describe, expect, it } from 'vitest'
import { ACCOUNT_LIMITS } from '../../../src/shared/rules/accountLimits'
import {
  LINE_ITEM_LIMITS,
  LINE_ITEM_RULES,
  iabCategoriesOf,
  uncoveredCountries,
  validateLineItemChange,
  type LineItemPatch,
  type LineItemRuleContext,
  type LineItemState,
} from '../../../src/shared/rules/lineItems'
import { citedText } from '../../spec/citations'

const BUSINESS = [
  { id: 'tech', name: 'Technology', iab_categories: ['IAB19'] },
  { id: 'cpg', name: 'Consumer Packaged Goods', iab_categories: ['IAB8', 'IAB18'] },
  { id: 'travel', name: 'Travel', iab_categories: ['IAB20'] },
]

const web: LineItemState = {
  objective: 'WEBSITE_CLICKS',
  placements: ['ALL_ON_PLATFORM'],
  values: {
    goal: 'LINK_CLICKS',
    bid_strategy: 'AUTO',
    pay_by: 'IMPRESSION',
    start_time: '2026-01-05T10:00:00Z',
  },
}
const reach: LineItemState = {
  objective: 'REACH',
  placements: ['ALL_ON_PLATFORM'],
  values: { goal: 'MAX_REACH', bid_strategy: 'AUTO' },
}
const followers: LineItemState = {
  objective: 'FOLLOWERS',
  placements: ['ALL_ON_PLATFORM'],
  values: { goal: 'FOLLOWERS' },
}
const installs: LineItemState = {
  objective: 'APP_INSTALLS',
  placements: ['ALL_ON_PLATFORM'],
  values: { goal: 'APP_INSTALLS', pay_by: 'IMPRESSION', ios_app_store_identifier: '333903271' },
}
const engagements: LineItemState = {
  objective: 'APP_ENGAGEMENTS',
  placements: ['ALL_ON_PLATFORM'],
  values: {},
}
const preroll: LineItemState = {
  objective: 'PREROLL_VIEWS',
  placements: ['PUBLISHER_NETWORK'],
  values: { goal: 'VIEW_3S_100PCT', categories: ['IAB19'], advertiser_domain: 'example.com' },
}
const publisher: LineItemState = { objective: 'VIDEO_VIEWS', placements: ['PUBLISHER_NETWORK'], values: {} }

interface Case {
  state: LineItemState
  patch: LineItemPatch
  context?: LineItemRuleContext
}

/** For every rule: a change it lets through and one it refuses (or warns about). */
const CASES: Record<string, { pass: Case; fail: Case }> = {
  'entity_status.values': {
    pass: { state: web, patch: { entity_status: 'PAUSED' } },
    fail: { state: web, patch: { entity_status: 'DELETED' } },
  },
  'start_time.iso8601': {
    pass: { state: web, patch: { start_time: '2026-02-01T09:00:00Z' } },
    fail: { state: web, patch: { start_time: '1 February 2026' } },
  },
  'end_time.iso8601': {
    pass: { state: web, patch: { end_time: '2026-02-01T09:00:00+01:00' } },
    fail: { state: web, patch: { end_time: '2026-02-01' } },
  },
  'end_time.after_start': {
    pass: { state: web, patch: { end_time: '2026-01-06T10:00:00Z' } },
    fail: { state: web, patch: { end_time: '2026-01-04T10:00:00Z' } },
  },
  'goal.values': {
    pass: { state: web, patch: { goal: 'WEBSITE_CONVERSIONS' } },
    fail: { state: web, patch: { goal: 'WORLD_DOMINATION' } },
  },
  'bid_strategy.values': {
    pass: { state: web, patch: { bid_strategy: 'AUTO' } },
    fail: { state: web, patch: { bid_strategy: 'LOWEST' } },
  },
  'bid_strategy.max_not_for_reach_or_followers': {
    pass: { state: web, patch: { bid_strategy: 'MAX', bid_amount_local_micro: '1000000' } },
    fail: { state: followers, patch: { bid_strategy: 'MAX', bid_amount_local_micro: '1000000' } },
  },
  'bid_strategy.target_only_for_reach_or_website_clicks': {
    pass: { state: reach, patch: { bid_strategy: 'TARGET', bid_amount_local_micro: '1000000' } },
    fail: { state: installs, patch: { bid_strategy: 'TARGET', bid_amount_local_micro: '1000000' } },
  },
  'bid_amount.positive': {
    pass: { state: web, patch: { bid_strategy: 'MAX', bid_amount_local_micro: '1' } },
    fail: { state: web, patch: { bid_strategy: 'MAX', bid_amount_local_micro: '0' } },
  },
  'bid_amount.required_for_max_or_target': {
    pass: { state: web, patch: { bid_strategy: 'TARGET', bid_amount_local_micro: '2500000' } },
    fail: { state: web, patch: { bid_strategy: 'TARGET' } },
  },
  'bid_amount.ignored_with_auto': {
    pass: { state: web, patch: { bid_strategy: 'MAX', bid_amount_local_micro: '2500000' } },
    fail: { state: web, patch: { bid_amount_local_micro: '2500000' } },
  },
  'pay_by.values': {
    pass: { state: installs, patch: { pay_by: 'APP_CLICK' } },
    fail: { state: installs, patch: { pay_by: 'PER_SMILE' } },
  },
  'pay_by.changeable_only_for_app_installs': {
    pass: { state: installs, patch: { pay_by: 'APP_CLICK' } },
    fail: { state: web, patch: { pay_by: 'LINK_CLICK' } },
  },
  'pay_by.allowed_for_goal': {
    pass: { state: installs, patch: { pay_by: 'IMPRESSION' } },
    fail: { state: installs, patch: { pay_by: 'LINK_CLICK' } },
  },
  'pay_by.link_click_not_with_target': {
    pass: { state: { ...web, values: { ...web.values, pay_by: 'LINK_CLICK' } }, patch: { name: 'Renamed' } },
    fail: {
      state: { ...web, values: { ...web.values, pay_by: 'LINK_CLICK' } },
      patch: { bid_strategy: 'TARGET', bid_amount_local_micro: '1000000' },
    },
  },
  'total_budget.positive': {
    pass: { state: web, patch: { total_budget_amount_local_micro: '100000000' } },
    fail: { state: web, patch: { total_budget_amount_local_micro: '12.5' } },
  },
  'daily_budget.positive': {
    pass: {
      state: web,
      patch: { daily_budget_amount_local_micro: '5000000' },
      context: { campaignBudgetOptimization: 'LINE_ITEM' },
    },
    fail: {
      state: web,
      patch: { daily_budget_amount_local_micro: '0' },
      context: { campaignBudgetOptimization: 'LINE_ITEM' },
    },
  },
  'daily_budget.at_most_total': {
    pass: {
      state: web,
      patch: { daily_budget_amount_local_micro: '100000000', total_budget_amount_local_micro: '100000000' },
      context: { campaignBudgetOptimization: 'LINE_ITEM' },
    },
    fail: {
      state: web,
      // 9,007,199,254,740,993 is beyond 2^53: a float comparison would call these equal.
      patch: {
        daily_budget_amount_local_micro: '9007199254740993',
        total_budget_amount_local_micro: '9007199254740992',
      },
      context: { campaignBudgetOptimization: 'LINE_ITEM' },
    },
  },
  'daily_budget.needs_line_item_budget_optimization': {
    pass: {
      state: web,
      patch: { daily_budget_amount_local_micro: '5000000' },
      context: { campaignBudgetOptimization: 'LINE_ITEM' },
    },
    fail: {
      state: web,
      patch: { daily_budget_amount_local_micro: '5000000' },
      context: { campaignBudgetOptimization: 'CAMPAIGN' },
    },
  },
  'frequency_cap.only_for_listed_objectives': {
    pass: { state: reach, patch: { frequency_cap: '3', duration_in_days: '7' } },
    fail: { state: web, patch: { frequency_cap: '3' } },
  },
  'frequency_cap.integer': {
    pass: { state: preroll, patch: { frequency_cap: '12' } },
    fail: { state: preroll, patch: { frequency_cap: '2.5' } },
  },
  'duration_in_days.values': {
    pass: { state: reach, patch: { duration_in_days: '30' } },
    fail: { state: reach, patch: { duration_in_days: '14' } },
  },
  'audience_expansion.values': {
    pass: { state: web, patch: { audience_expansion: 'EXPANDED' } },
    fail: { state: web, patch: { audience_expansion: 'UNLIMITED' } },
  },
  'advertiser_domain.without_protocol': {
    pass: { state: web, patch: { advertiser_domain: 'shop.example.com' } },
    fail: { state: web, patch: { advertiser_domain: 'https://example.com' } },
  },
  'advertiser_domain.required_for_publisher_network': {
    pass: { state: publisher, patch: { advertiser_domain: 'example.com', categories: ['IAB1'] } },
    fail: { state: publisher, patch: { categories: ['IAB1'] } },
  },
  'categories.iab': {
    pass: { state: web, patch: { categories: ['IAB1', 'IAB8-5'] } },
    fail: { state: web, patch: { categories: ['Sports'] } },
  },
  'categories.required_for_publisher_network': {
    pass: { state: publisher, patch: { advertiser_domain: 'example.com', categories: ['IAB19'] } },
    fail: { state: publisher, patch: { advertiser_domain: 'example.com' } },
  },
  'categories.preroll_business_categories': {
    pass: {
      state: preroll,
      patch: { categories: iabCategoriesOf(BUSINESS.slice(0, 2)) },
      context: { businessCategories: BUSINESS },
    },
    fail: {
      state: preroll,
      patch: { categories: iabCategoriesOf(BUSINESS) },
      context: { businessCategories: BUSINESS },
    },
  },
  'app_store_id.required_for_app_objectives': {
    pass: { state: engagements, patch: { android_app_store_identifier: 'com.example.app' } },
    fail: { state: engagements, patch: { name: 'No store id yet' } },
  },
  'ios_app_store_identifier.numeric': {
    pass: { state: installs, patch: { ios_app_store_identifier: '333903271' } },
    fail: { state: installs, patch: { ios_app_store_identifier: 'id333903271' } },
  },
  'advertiser_user_id.preroll_only': {
    pass: { state: preroll, patch: { advertiser_user_id: '1580000000000000001' } },
    fail: { state: web, patch: { advertiser_user_id: '1580000000000000001' } },
  },
}

function issuesOf(ruleId: string, c: Case) {
  const rule = LINE_ITEM_RULES.find((candidate) => candidate.id === ruleId)
  if (!rule) throw new Error(`no rule ${ruleId}`)
  const all = validateLineItemChange(c.state, c.patch, c.context ?? {})
  // A rule's own verdict: the issues on its field that its check produces for this input.
  const own = rule.check({
    objective: c.state.objective,
    placements: c.state.placements,
    before: c.state.values,
    patch: c.patch,
    after: { ...c.state.values, ...c.patch },
    context: c.context ?? {},
  } as Parameters<typeof rule.check>[0])
  return { all, own, rule }
}

describe('line item rules table', () => {
  it('has a passing and a failing case for every rule, and nothing else', () => {
    expect(Object.keys(CASES).sort()).toEqual(LINE_ITEM_RULES.map((rule) => rule.id).sort())
  })

  it.each(Object.entries(CASES).map(([id, cases]) => ({ id, ...cases })))('$id', ({ id, pass, fail }) => {
    const passed = issuesOf(id, pass)
    expect(passed.own, `${id} should let the passing case through`).toBeUndefined()
    // The passing case is a clean change as a whole, so the rule is not hiding behind another.
    expect(passed.all.filter((issue) => issue.severity === 'error')).toEqual([])
    const failed = issuesOf(id, fail)
    expect(failed.own, `${id} should refuse the failing case`).toBeDefined()
    // Messages are for designers: objectives, goals and billing in words, not API values.
    expect(failed.own?.message).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/)
    expect(
      failed.all.some(
        (issue) => issue.path[0] === failed.rule.field && issue.message === failed.own?.message,
      ),
    ).toBe(true)
  })

  it('says "unchecked" rather than guessing when the campaign or business categories are unknown', () => {
    const daily = validateLineItemChange(web, { daily_budget_amount_local_micro: '5000000' })
    expect(daily).toEqual([expect.objectContaining({ code: 'unchecked', severity: 'warning' })])
    const categories = validateLineItemChange(preroll, { categories: ['IAB19'] })
    expect(categories).toEqual([expect.objectContaining({ code: 'unchecked', severity: 'warning' })])
  })

  it('every rule cites a spec line that names its field, or says it is an app rule', () => {
    for (const rule of LINE_ITEM_RULES) {
      if (rule.source.startsWith('app rule')) continue
      const text = citedText(rule.source)
      const words =
        rule.field === 'android_app_store_identifier' ? ['APP_INSTALLS'] : [rule.field.split('_')[0] ?? '']
      for (const word of words)
        expect(text.toLowerCase(), `${rule.id} cites ${rule.source}`).toContain(word.toLowerCase())
    }
  })

  it('every enum value of the line item and account tables is written on the line it cites', () => {
    const tables = { ...LINE_ITEM_LIMITS, ...ACCOUNT_LIMITS } as Record<
      string,
      { source: string; values?: readonly unknown[] }
    >
    for (const [name, entry] of Object.entries(tables)) {
      if (!/\.md:\d/.test(entry.source) || entry.source.startsWith('app rule')) continue
      const text = citedText(entry.source)
      for (const value of entry.values ?? [])
        expect(text, `${name}: ${String(value)}`).toContain(String(value))
    }
  })

  it('lists the countries a curated category does not cover', () => {
    expect(uncoveredCountries(['US', 'GB'], ['US', 'FR', 'DE'])).toEqual(['FR', 'DE'])
    expect(uncoveredCountries(['US', 'GB'], ['GB'])).toEqual([])
  })
})
