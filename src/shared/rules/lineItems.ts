// The line item rules' public face: the limits and names of the PUT line item table
// (lineItemLimits.ts), the rules table (lineItemRules.ts), and the check that runs it. The edit
// form runs it on every change and main runs it again, with the line item as the platform has
// it, before a change is queued.

import type { Issue } from './issues'
import { error, warning } from './issues'
import type {
  AdvertiserBusinessCategory,
  LineItemPatch,
  LineItemRuleContext,
  LineItemState,
  LineItemValues,
  RuleInput,
} from './lineItemLimits'
import { LINE_ITEM_RULES } from './lineItemRules'

export {
  LINE_ITEM_LIMITS,
  LINE_ITEM_PUT_FIELDS,
  OBJECTIVE_NAMES,
  PAY_BY_FOR_GOAL,
  type AdvertiserBusinessCategory,
  type LineItemPatch,
  type LineItemPutField,
  type LineItemRule,
  type LineItemRuleContext,
  type LineItemScalarField,
  type LineItemState,
  type LineItemValues,
  type NumberSetLimit,
} from './lineItemLimits'
export { LINE_ITEM_RULES } from './lineItemRules'

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
