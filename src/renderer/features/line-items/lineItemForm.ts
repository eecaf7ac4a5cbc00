import type { LineItemView } from '../../../shared/ipc/contracts/campaign'
import type { Issue } from '../../../shared/rules/issues'
import {
  LINE_ITEM_LIMITS,
  LINE_ITEM_PUT_FIELDS,
  OBJECTIVE_NAMES,
  validateLineItemChange,
  type LineItemPatch,
  type LineItemPutField,
  type LineItemRuleContext,
  type LineItemScalarField,
  type LineItemState,
} from '../../../shared/rules/lineItems'
import { microsToDecimal, parseMoneyToMicros } from '../../../shared/rules/money'

/**
 * The edit form's model: what the designer typed (decimals, local times) ⇄ the PUT patch (micros,
 * ISO 8601), and the issues on each field — the rules table's, plus the form's own (an amount
 * that is not one, a value that cannot be removed).
 */

export const MONEY_FIELDS = [
  'bid_amount_local_micro',
  'total_budget_amount_local_micro',
  'daily_budget_amount_local_micro',
] as const satisfies readonly LineItemScalarField[]
const TIME_FIELDS = ['start_time', 'end_time'] as const satisfies readonly LineItemScalarField[]

export type FormValues = { [F in LineItemScalarField]: string } & { categories: string[] }

const isMoney = (field: string): field is (typeof MONEY_FIELDS)[number] =>
  (MONEY_FIELDS as readonly string[]).includes(field)
const isTime = (field: string): field is (typeof TIME_FIELDS)[number] =>
  (TIME_FIELDS as readonly string[]).includes(field)

const pad = (n: number) => String(n).padStart(2, '0')

/** ISO 8601 → the value of a datetime-local input, in the designer's time zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A datetime-local value (local time) → ISO 8601 in UTC, whole seconds; undefined when not a time. */
export function localInputToIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace('.000Z', 'Z')
}

export function initialForm(item: LineItemView): FormValues {
  const values = {} as FormValues
  for (const field of LINE_ITEM_PUT_FIELDS) {
    if (field === 'categories') continue
    const value = item.values[field]
    if (value === null || value === undefined) values[field] = ''
    else if (isMoney(field)) values[field] = microsToDecimal(value, item.currency)
    else if (isTime(field)) values[field] = isoToLocalInput(value)
    else values[field] = value
  }
  values.categories = [...(item.values.categories ?? [])]
  return values
}

export function stateOf(item: LineItemView): LineItemState {
  return { objective: item.objective, placements: item.placements, values: item.values }
}

export interface FormCheck {
  patch: LineItemPatch
  /** Issues by field, errors first. */
  issues: Partial<Record<LineItemPutField, Issue[]>>
  hasErrors: boolean
  changed: boolean
}

const formError = (field: LineItemPutField, message: string): Issue => ({
  path: [field],
  code: 'invalid_format',
  message,
  severity: 'error',
})

/** Compares what was typed with the line item, builds the patch, and runs the rules table on it. */
export function checkForm(item: LineItemView, form: FormValues, context: LineItemRuleContext): FormCheck {
  const patch: LineItemPatch = {}
  const own: Issue[] = []
  for (const field of LINE_ITEM_PUT_FIELDS) {
    if (field === 'categories') continue
    const original = item.values[field] ?? null
    const typed = form[field].trim()
    if (typed === '') {
      // The spec shows no way to remove a value through PUT; an empty field keeps it.
      if (original !== null && original !== '')
        own.push(formError(field, 'This cannot be removed here, only changed: enter a new value'))
      continue
    }
    if (isMoney(field)) {
      const parsed = parseMoneyToMicros(typed)
      if (!parsed.ok) own.push(formError(field, parsed.message))
      else if (parsed.micros !== original) patch[field] = parsed.micros
    } else if (isTime(field)) {
      const iso = localInputToIso(typed)
      if (iso === undefined) own.push(formError(field, 'Enter a date and a time'))
      else if (original === null || Date.parse(original) !== Date.parse(iso)) patch[field] = iso
    } else if (typed !== original) {
      patch[field] = typed
    }
  }
  const before = item.values.categories ?? []
  if (form.categories.length !== before.length || form.categories.some((code, i) => code !== before[i])) {
    if (form.categories.length === 0 && before.length > 0)
      own.push(formError('categories', 'Categories cannot be removed here, only changed'))
    else patch.categories = [...form.categories]
  }
  const ruled = validateLineItemChange(stateOf(item), patch, context)
  const issues: FormCheck['issues'] = {}
  for (const issue of [...own, ...ruled]) {
    const field = issue.path[0] as LineItemPutField
    ;(issues[field] ??= []).push(issue)
  }
  for (const list of Object.values(issues))
    list.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
  const hasErrors = [...own, ...ruled].some((issue) => issue.severity === 'error')
  return { patch, issues, hasErrors, changed: Object.keys(patch).length > 0 }
}

const has = (values: readonly string[], value: string) => values.includes(value)
const list = (values: readonly string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`

/** Why a field cannot be used on this line item, from the rules table; undefined when it can. */
export function unavailableReason(
  item: LineItemView,
  field: LineItemPutField,
  bidStrategy: string,
): string | undefined {
  const L = LINE_ITEM_LIMITS
  switch (field) {
    case 'frequency_cap':
    case 'duration_in_days':
      return has(L.frequencyCapObjectives.values, item.objective)
        ? undefined
        : `Frequency caps are only for ${list(L.frequencyCapObjectives.values.map(objectiveLabel))} line items.`
    case 'pay_by':
      return has(L.payByChangeable.values, item.objective)
        ? undefined
        : `Billing can be changed only on ${list(L.payByChangeable.values.map(objectiveLabel))} line items.`
    case 'bid_amount_local_micro':
      return bidStrategy === 'AUTO' ? 'Automatic bidding sets the bid itself.' : undefined
    case 'daily_budget_amount_local_micro':
      return item.campaignBudgetOptimization === undefined || item.campaignBudgetOptimization === 'LINE_ITEM'
        ? undefined
        : `${item.campaignName ? `“${item.campaignName}”` : 'Its campaign'} sets the budget for all its line items, so there is no daily budget here.`
    case 'advertiser_user_id':
      return has(L.prerollObjective.values, item.objective)
        ? undefined
        : `Only ${list(L.prerollObjective.values.map(objectiveLabel))} line items name a promoting handle.`
    default:
      return undefined
  }
}

/** One table of objective names, in the rules (their messages use it too). */
export const OBJECTIVE_LABELS = OBJECTIVE_NAMES

export const objectiveLabel = (objective: string) => OBJECTIVE_LABELS[objective] ?? objective
export const lineItemName = (item: Pick<LineItemView, 'id' | 'name'>) =>
  item.name?.trim() || `Line item ${item.id}`
export const isPaused = (item: LineItemView) => item.values.entity_status === 'PAUSED'
