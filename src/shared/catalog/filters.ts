// Product set filters (spec part A, "Product sets", line 118): which products a set of filters
// selects. The spec lists attributes and operators without restricting how they pair, so every
// operator applies to every attribute (price CONTAINS "USD" is every dollar price). The app's
// reading of what each means:
// - filters are AND-ed: a product belongs when it passes every one;
// - GREATER_THAN and LESS_THAN compare numbers, on any attribute: the value is an amount ("20");
//   EQUAL_TO compares amounts on price, sale_price and inventory, and is exact on text;
// - MATCH (the whole value, ignoring case and repeated spaces), CONTAINS and NOT_CONTAINS
//   (ignoring case) read any attribute as text, numbers included;
// - a price value is an amount ("20") or an amount and a currency ("20 USD"), which then
//   matches only prices in that currency.

import { LIMITS } from '../rules/limits'
import { error, type Issue } from '../rules/issues'
import type { Product } from './product'

export type FilterAttribute = (typeof LIMITS.productSet.filterAttributes.values)[number]
export type FilterOperator = (typeof LIMITS.productSet.filterOperators.values)[number]

export interface ProductFilter {
  attribute: string
  operator: string
  value: string
}

const NUMERIC_ATTRIBUTES: readonly string[] = ['price', 'sale_price', 'inventory']
const ORDER_OPERATORS: readonly string[] = ['GREATER_THAN', 'LESS_THAN']
const AMOUNT = /^(\d+(?:\.\d+)?)(?: ([A-Z]{3}))?$/

export const FILTER_ATTRIBUTE_LABELS: Record<string, string> = {
  price: 'Price',
  product_type: 'Product type',
  google_product_category: 'Google product category',
  sale_price: 'Sale price',
  inventory: 'Inventory',
  custom_label_0: 'Custom label 0',
  custom_label_1: 'Custom label 1',
  custom_label_2: 'Custom label 2',
  custom_label_3: 'Custom label 3',
  custom_label_4: 'Custom label 4',
}

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  GREATER_THAN: 'is greater than',
  LESS_THAN: 'is less than',
  EQUAL_TO: 'is exactly',
  MATCH: 'matches (any case)',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
}

export function isNumericAttribute(attribute: string): boolean {
  return NUMERIC_ATTRIBUTES.includes(attribute)
}

/** Whether a filter compares amounts (and its value must be one). */
function comparesAmounts(filter: { attribute: string; operator: string }): boolean {
  return (
    ORDER_OPERATORS.includes(filter.operator) ||
    (filter.operator === 'EQUAL_TO' && isNumericAttribute(filter.attribute))
  )
}

/** The operators an attribute takes: all of them (A:118), none for an attribute the spec does not list. */
export function operatorsFor(attribute: string): readonly FilterOperator[] {
  if (!(LIMITS.productSet.filterAttributes.values as readonly string[]).includes(attribute)) return []
  return LIMITS.productSet.filterOperators.values
}

/** Issues of one filter, with paths under ['filters', index]. */
export function validateFilter(filter: ProductFilter, index: number): Issue[] {
  const issues: Issue[] = []
  const at = (field: string) => ['filters', index, field]
  const attributes = LIMITS.productSet.filterAttributes.values as readonly string[]
  if (!attributes.includes(filter.attribute)) {
    issues.push(error(at('attribute'), 'invalid_value', 'Choose an attribute to filter on'))
    return issues
  }
  if (!operatorsFor(filter.attribute).includes(filter.operator as FilterOperator))
    issues.push(error(at('operator'), 'invalid_value', 'Choose how to compare'))
  const value = filter.value.trim()
  if (value === '') issues.push(error(at('value'), 'required', 'Enter a value to compare with'))
  else if (comparesAmounts(filter) && !AMOUNT.test(value))
    issues.push(
      error(
        at('value'),
        'invalid_format',
        filter.attribute === 'inventory' ? 'Enter a whole number' : 'Enter an amount, like 20 or 20 USD',
      ),
    )
  return issues
}

export function validateFilters(filters: readonly ProductFilter[]): Issue[] {
  if (filters.length === 0) return [error(['filters'], 'too_few', 'Add at least one filter', 1)]
  return filters.flatMap((filter, index) => validateFilter(filter, index))
}

function numberOf(product: Product, attribute: string): { amount: number; currency?: string } | undefined {
  const value = (product as Record<string, unknown>)[attribute]
  if (typeof value === 'number') return { amount: value }
  if (typeof value !== 'string') return undefined
  const match = AMOUNT.exec(value.trim())
  return match ? { amount: Number(match[1]), ...(match[2] ? { currency: match[2] } : {}) } : undefined
}

const fold = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

export function passesFilter(product: Product, filter: ProductFilter): boolean {
  if (comparesAmounts(filter)) {
    const actual = numberOf(product, filter.attribute)
    const wanted = AMOUNT.exec(filter.value.trim())
    if (!actual || !wanted) return false
    if (wanted[2] && actual.currency !== wanted[2]) return false
    const target = Number(wanted[1])
    if (filter.operator === 'GREATER_THAN') return actual.amount > target
    if (filter.operator === 'LESS_THAN') return actual.amount < target
    return filter.operator === 'EQUAL_TO' && actual.amount === target
  }
  const raw = (product as Record<string, unknown>)[filter.attribute]
  const text = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : undefined
  const wanted = filter.value
  switch (filter.operator) {
    case 'EQUAL_TO':
      return text === wanted
    case 'MATCH':
      return text !== undefined && fold(text) === fold(wanted)
    case 'CONTAINS':
      return text !== undefined && text.toLowerCase().includes(wanted.toLowerCase())
    case 'NOT_CONTAINS':
      return text === undefined || !text.toLowerCase().includes(wanted.toLowerCase())
    default:
      return false
  }
}

export function matchesAll(product: Product, filters: readonly ProductFilter[]): boolean {
  return filters.every((filter) => passesFilter(product, filter))
}
