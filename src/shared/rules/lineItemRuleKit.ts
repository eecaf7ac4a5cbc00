// Building blocks of the line item rules table (lineItemRules.ts): the shapes its rules share
// and the words its messages use.

import type { EnumLimit } from './limits'
import {
  LINE_ITEM_LIMITS,
  OBJECTIVE_NAMES,
  type LineItemPutField,
  type LineItemRule,
  type LineItemScalarField,
  type RuleInput,
} from './lineItemLimits'
import { isMicros } from './money'

export type Broken = ReturnType<LineItemRule['check']>

/** An API value in words, for a message: LINK_CLICKS → "link clicks". */
export const inWords = (value: string): string => value.toLowerCase().replaceAll('_', ' ')
export const has = (limit: { values: readonly string[] }, value: string | null | undefined): boolean =>
  value !== null && value !== undefined && limit.values.includes(value)
export const present = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value !== ''
const listOf = (limit: { values: readonly string[] }, name: (value: string) => string = (v) => v): string => {
  const values = limit.values.map(name)
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
}
/** Objectives in words, for messages. */
export const objectivesOf = (limit: { values: readonly string[] }): string =>
  listOf(limit, (value) => OBJECTIVE_NAMES[value] ?? inWords(value))
const onPublisherNetwork = (placements: readonly string[]): boolean =>
  placements.some((placement) => has(LINE_ITEM_LIMITS.publisherNetwork, placement))
export const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/
export const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i
export const IAB_CATEGORY = /^IAB\d{1,2}(-\d{1,2})?$/

/** A rule whose break is fully described by when it breaks and what it says. */
export function rule(
  id: string,
  field: LineItemPutField,
  source: string,
  text: string,
  breaks: (input: RuleInput) => boolean,
  broken: Exclude<Broken, undefined>,
): LineItemRule {
  return { id, field, source, rule: text, check: (input) => (breaks(input) ? broken : undefined) }
}

export function enumRule(
  id: string,
  field: LineItemScalarField,
  limit: EnumLimit<string>,
  label: string,
): LineItemRule {
  return rule(
    id,
    field,
    limit.source,
    `${field} is one of ${limit.values.join(', ')}`,
    ({ patch }) => {
      const value = patch[field]
      return value !== undefined && !limit.values.includes(value)
    },
    { code: 'invalid_value', message: `${label} must be ${listOf(limit, inWords)}` },
  )
}

/** A value the patch sets that must match a pattern; the message may depend on the value. */
export function formatRule(
  id: string,
  field: LineItemScalarField,
  source: string,
  text: string,
  pattern: RegExp,
  message: string | ((value: string) => string),
): LineItemRule {
  return {
    id,
    field,
    source,
    rule: text,
    check: ({ patch }) => {
      const value = patch[field]
      if (value === undefined || pattern.test(value)) return undefined
      return { code: 'invalid_format', message: typeof message === 'string' ? message : message(value) }
    },
  }
}

/** A field the patch may set only on line items of the listed objectives. */
export function objectivesOnlyRule(
  id: string,
  field: LineItemScalarField,
  source: string,
  text: string,
  objectives: EnumLimit<string>,
  what: string,
): LineItemRule {
  return rule(
    id,
    field,
    source,
    text,
    ({ objective, patch }) => patch[field] !== undefined && !has(objectives, objective),
    { code: 'not_allowed', message: `${what} only for ${objectivesOf(objectives)} line items` },
  )
}

/** Line items on the publisher network must have this field. */
export function publisherNetworkRule(
  id: string,
  field: LineItemPutField,
  source: string,
  text: string,
  missing: (input: RuleInput) => boolean,
  message: string,
): LineItemRule {
  return rule(id, field, source, text, (input) => onPublisherNetwork(input.placements) && missing(input), {
    code: 'required',
    message,
  })
}

export function positiveMicrosRule(
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

/** A rule that cannot be checked until the platform told main something: said as a warning. */
export const unchecked = (message: string): Broken => ({ code: 'unchecked', severity: 'warning', message })
