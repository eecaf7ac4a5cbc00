import { useEffect, useMemo, useState, type FormEvent } from 'react'
import type { BusinessCategoryView, LineItemView } from '../../../shared/ipc/contracts/campaign'
import type { Issue } from '../../../shared/rules/issues'
import {
  LINE_ITEM_LIMITS,
  PAY_BY_FOR_GOAL,
  type LineItemPutField,
  type LineItemRuleContext,
} from '../../../shared/rules/lineItems'
import { formatMicros, parseMoneyToMicros } from '../../../shared/rules/money'
import type { FieldMessage } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { useJob } from '../../kits/jobs/useJob'
import type { AccountScope } from '../../state/connection/activeProfile'
import { checkForm, initialForm, unavailableReason, type FormValues } from './lineItemForm'
const L = LINE_ITEM_LIMITS

function messageOf(issues: readonly Issue[] | undefined): FieldMessage | undefined {
  const first = issues?.[0]
  return first ? { text: first.message, severity: first.severity } : undefined
}

type MoneyField = Exclude<LineItemPutField, 'categories'>

/** The line item the form edits, where it lives, and what to do once a save is done. */
export interface LineItemFormProps {
  scope: AccountScope
  item: LineItemView
  onSaved(): void
}

/** A text field's value, change handler and message. */
export type TextBinding = {
  value: string
  onChange(event: { target: { value: string } }): void
  message: FieldMessage | undefined
}

/**
 * The line item form's state: the values as typed, every rule of the spec's table checked on
 * each change, the message of each field (main's or the platform's refusal first, until the
 * field is edited), and the save, queued through the outbox.
 */
export function useLineItemForm({ scope, item, onSaved }: LineItemFormProps) {
  const [form, setForm] = useState<FormValues>(() => initialForm(item))
  // The line item as the platform now has it (after a save, the list reloads): start from it,
  // keeping what the last save said until the next edit.
  const [shownVersion, setShownVersion] = useState(item.updatedAt)
  /** What is typed in the IAB categories field, commas and spaces included. */
  const [iabText, setIabText] = useState(() => (item.values.categories ?? []).join(', '))
  if (item.updatedAt !== shownVersion) {
    setShownVersion(item.updatedAt)
    setForm(initialForm(item))
    setIabText((item.values.categories ?? []).join(', '))
  }
  const [business, setBusiness] = useState<readonly BusinessCategoryView[] | undefined>(undefined)
  const job = useJob((finished) => {
    if (finished.state === 'done') onSaved()
  })
  const preroll = (L.prerollObjective.values as readonly string[]).includes(item.objective)
  const publisher = item.placements.some((p) => (L.publisherNetwork.values as readonly string[]).includes(p))
  const app = (L.appObjectives.values as readonly string[]).includes(item.objective)

  useEffect(() => {
    if (!preroll) return
    let current = true
    unwrap(studio().businessCategories.list({ profileId: scope.profileId })).then(
      ({ categories }) => current && setBusiness(categories),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [preroll, scope.profileId])

  const context: LineItemRuleContext = useMemo(
    () => ({
      ...(item.campaignBudgetOptimization !== undefined
        ? { campaignBudgetOptimization: item.campaignBudgetOptimization }
        : {}),
      ...(business
        ? {
            businessCategories: business.map((c) => ({
              id: c.id,
              name: c.name,
              iab_categories: c.iabCategories,
            })),
          }
        : {}),
    }),
    [item.campaignBudgetOptimization, business],
  )
  const check = useMemo(() => checkForm(item, form, context), [item, form, context])
  // What main or the platform refused, on the field it named, until the form is edited again.
  const failed =
    job.state.phase === 'finished' && job.state.job.state === 'failed' ? job.state.job : undefined
  const serverError =
    job.state.phase === 'refused'
      ? { field: job.state.field, message: job.state.message }
      : failed
        ? {
            field: failed.steps[0]?.error?.apiField ?? failed.error?.apiField,
            message: failed.steps[0]?.error?.message ?? failed.error?.message ?? '',
          }
        : undefined
  const messageAt = (field: LineItemPutField): FieldMessage | undefined =>
    serverError?.field === field
      ? { text: serverError.message, severity: 'error' }
      : messageOf(check.issues[field])
  const settled =
    serverError !== undefined || (job.state.phase === 'finished' && job.state.job.state === 'done')
  const set = (field: keyof FormValues) => (value: string) => {
    if (settled) job.reset()
    setForm((current) => ({ ...current, [field]: value }))
  }
  const text = (field: Exclude<LineItemPutField, 'categories'>): TextBinding => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    message: messageAt(field),
  })
  const currency = item.currency
  const moneyHint = (field: Exclude<LineItemPutField, 'categories'>, fallback: string) => {
    const parsed = parseMoneyToMicros(form[field])
    return form[field].trim() !== '' && parsed.ok ? formatMicros(parsed.micros, currency) : fallback
  }
  const symbol = currency
    ? (new Intl.NumberFormat(undefined, { style: 'currency', currency })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency)
    : ''
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (check.hasErrors || !check.changed) return
    const patch = check.patch
    void job.start(() => unwrap(studio().lineItems.update({ ...scope, lineItemId: item.id, patch })))
  }

  const goalPayBy = PAY_BY_FOR_GOAL[form.goal]
  const payByOptions = goalPayBy ?? L.payBy.values
  const frequencyReason = unavailableReason(item, 'frequency_cap', form.bid_strategy)
  const errors = Object.values(check.issues)
    .flat()
    .filter((issue) => issue.severity === 'error').length
  const setCategories = (categories: string[]) => {
    if (settled) job.reset()
    setForm((current) => ({ ...current, categories }))
  }
  const setIabCategories = (typed: string) => {
    setIabText(typed)
    setCategories(
      typed
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
  }

  /** A money field’s props: the amount typed, in the account currency, read back as money in the hint. */
  const money = (field: MoneyField, hint: string, reason?: string) => ({
    ...text(field),
    inputMode: 'decimal' as const,
    prefix: symbol,
    placeholder: '0.00',
    disabled: reason !== undefined && form[field] === '',
    hint: reason ?? moneyHint(field, hint),
    'data-testid': `field-${field}`,
  })

  return {
    form,
    check,
    job,
    business,
    iabText,
    errors,
    /** Which sections apply: a pre-roll objective, the publisher network, an app objective. */
    kind: { preroll, publisher, app },
    goalPayBy,
    payByOptions,
    frequencyReason,
    messageAt,
    set,
    text,
    money,
    setCategories,
    setIabCategories,
    onSubmit,
  }
}
