import { Save } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import type { BusinessCategoryView, LineItemView } from '../../../shared/ipc/contracts/campaign'
import type { Issue } from '../../../shared/rules/issues'
import {
  LINE_ITEM_LIMITS,
  PAY_BY_FOR_GOAL,
  type LineItemPutField,
  type LineItemRuleContext,
} from '../../../shared/rules/lineItems'
import { formatMicros, parseMoneyToMicros } from '../../../shared/rules/money'
import { Button } from '../../components/Button'
import { Segmented } from '../../components/Segmented'
import { Select } from '../../components/Select'
import { studio, unwrap } from '../../lib/ipc'
import { Field, FieldNote } from '../../components/Field'
import type { FieldMessage } from '../../components/Field'
import { lineItemFieldLabel as labelOf, valueWord as word } from '../../lib/platformWords'
import { JobReport } from '../../kits/jobs/JobReport'
import { useJob } from '../../kits/jobs/useJob'
import { BusinessCategoriesPicker } from './BusinessCategoriesPicker'
import { checkForm, initialForm, unavailableReason, type FormValues } from './lineItemForm'
import type { AccountScope } from '../../state/connection/activeProfile'

const L = LINE_ITEM_LIMITS
function messageOf(issues: readonly Issue[] | undefined): FieldMessage | undefined {
  const first = issues?.[0]
  return first ? { text: first.message, severity: first.severity } : undefined
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset li-section">
      <legend className="fieldset__legend">{title}</legend>
      {hint ? <p className="field__hint li-section__hint">{hint}</p> : null}
      {children}
    </fieldset>
  )
}

function SelectField({
  label,
  value,
  options,
  onChange,
  message,
  hint,
  disabled,
  testId,
}: {
  label: string
  value: string
  options: readonly string[]
  onChange(value: string): void
  message?: FieldMessage | undefined
  hint?: ReactNode
  disabled?: boolean
  testId?: string
}) {
  const id = useId()
  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <Select
        aria-labelledby={`${id}-label`}
        value={value === '' ? null : value}
        placeholder="Not set"
        options={options.map((option) => ({ value: option, label: word(option) }))}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={message?.severity === 'error' ? true : undefined}
        aria-describedby={`${id}-note`}
        {...(testId ? { 'data-testid': testId } : {})}
      />
      <FieldNote id={`${id}-note`} message={message} hint={hint} />
    </div>
  )
}

/** The PUT fields of one line item, with every rule of the spec's table checked as you type. */
export function LineItemForm({
  scope,
  item,
  onSaved,
}: {
  scope: AccountScope
  item: LineItemView
  onSaved(): void
}) {
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
  const text = (field: Exclude<LineItemPutField, 'categories'>) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    message: messageAt(field),
  })
  const currency = item.currency
  const moneyHint = (field: Exclude<LineItemPutField, 'categories'>, fallback: string) => {
    const parsed = parseMoneyToMicros(form[field])
    return form[field].trim() !== '' && parsed.ok
      ? `${formatMicros(parsed.micros, currency)} — ${parsed.micros} micros`
      : fallback
  }
  const symbol = currency
    ? (new Intl.NumberFormat(undefined, { style: 'currency', currency })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency)
    : ''
  const money = (
    field: Exclude<LineItemPutField, 'categories'>,
    label: string,
    hint: string,
    reason?: string,
  ) => (
    <Field
      label={label}
      {...text(field)}
      inputMode="decimal"
      prefix={symbol}
      placeholder="0.00"
      disabled={reason !== undefined && form[field] === ''}
      hint={reason ?? moneyHint(field, hint)}
      data-testid={`field-${field}`}
    />
  )

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

  return (
    <form className="li-form" onSubmit={onSubmit} noValidate aria-label="Line item settings">
      <Section title="Basics">
        <Field label={labelOf('name')} {...text('name')} data-testid="field-name" />
        <div className="field">
          <span className="field__label" id="li-status-label">
            {labelOf('entity_status')}
          </span>
          <Segmented
            label={labelOf('entity_status')}
            value={form.entity_status === 'PAUSED' ? 'PAUSED' : 'ACTIVE'}
            options={L.entityStatus.values.map((value) => ({
              value,
              label: word(value),
            }))}
            onChange={set('entity_status')}
            testIdPrefix="status"
          />
        </div>
        <div className="grid-2">
          <Field
            label={labelOf('start_time')}
            type="datetime-local"
            {...text('start_time')}
            data-testid="field-start_time"
          />
          <Field
            label={labelOf('end_time')}
            type="datetime-local"
            {...text('end_time')}
            hint="Leave empty to run until paused."
            data-testid="field-end_time"
          />
        </div>
      </Section>

      <Section title="Bidding and billing">
        <div className="grid-2">
          <SelectField
            label={labelOf('goal')}
            value={form.goal}
            options={L.goals.values}
            onChange={set('goal')}
            message={messageAt('goal')}
            testId="field-goal"
          />
          <SelectField
            label={labelOf('bid_strategy')}
            value={form.bid_strategy}
            options={L.bidStrategies.values}
            onChange={set('bid_strategy')}
            message={messageAt('bid_strategy')}
            hint={
              form.bid_strategy === 'TARGET'
                ? 'Keeps the daily average bid within 20% of the amount.'
                : undefined
            }
            testId="field-bid_strategy"
          />
        </div>
        <div className="grid-2">
          {money(
            'bid_amount_local_micro',
            labelOf('bid_amount_local_micro'),
            'Per billing event, in the account currency.',
            unavailableReason(item, 'bid_amount_local_micro', form.bid_strategy),
          )}
          <SelectField
            label={labelOf('pay_by')}
            value={form.pay_by}
            options={payByOptions}
            onChange={set('pay_by')}
            message={messageAt('pay_by')}
            disabled={unavailableReason(item, 'pay_by', form.bid_strategy) !== undefined}
            hint={
              unavailableReason(item, 'pay_by', form.bid_strategy) ??
              (goalPayBy
                ? `The ${word(form.goal).toLowerCase()} goal allows ${goalPayBy.map(word).join(' or ').toLowerCase()}.`
                : undefined)
            }
            testId="field-pay_by"
          />
        </div>
      </Section>

      <Section title="Budget">
        <div className="grid-2">
          {money(
            'total_budget_amount_local_micro',
            labelOf('total_budget_amount_local_micro'),
            'For the whole flight.',
          )}
          {money(
            'daily_budget_amount_local_micro',
            labelOf('daily_budget_amount_local_micro'),
            'At most the total budget.',
            unavailableReason(item, 'daily_budget_amount_local_micro', form.bid_strategy),
          )}
        </div>
      </Section>

      <Section title="Frequency and audience" {...(frequencyReason ? { hint: frequencyReason } : {})}>
        <div className="grid-3">
          <Field
            label={labelOf('frequency_cap')}
            {...text('frequency_cap')}
            inputMode="numeric"
            disabled={frequencyReason !== undefined && form.frequency_cap === ''}
            hint={frequencyReason ? undefined : 'Impressions per person.'}
            data-testid="field-frequency_cap"
          />
          <SelectField
            label="Per"
            value={form.duration_in_days}
            options={L.durationInDays.values.map(String)}
            onChange={set('duration_in_days')}
            message={messageAt('duration_in_days')}
            disabled={frequencyReason !== undefined && form.duration_in_days === ''}
            testId="field-duration_in_days"
          />
          <SelectField
            label={labelOf('audience_expansion')}
            value={form.audience_expansion}
            options={L.audienceExpansion.values}
            onChange={set('audience_expansion')}
            message={messageAt('audience_expansion')}
          />
        </div>
      </Section>

      {publisher || preroll || form.advertiser_domain !== '' || form.categories.length > 0 ? (
        <Section
          title={publisher ? 'Publisher network' : 'Categories'}
          hint={
            publisher
              ? 'Line items on the publisher network need the advertiser’s domain and categories.'
              : undefined
          }
        >
          <Field
            label={labelOf('advertiser_domain')}
            {...text('advertiser_domain')}
            placeholder="example.com"
            data-testid="field-advertiser_domain"
          />
          {preroll ? (
            <BusinessCategoriesPicker
              categories={business}
              value={form.categories}
              onChange={(categories) => {
                if (settled) job.reset()
                setForm((current) => ({ ...current, categories }))
              }}
              message={messageAt('categories')}
            />
          ) : (
            <Field
              label={labelOf('categories')}
              value={iabText}
              onChange={(event) => {
                if (settled) job.reset()
                setIabText(event.target.value)
                const categories = event.target.value
                  .split(',')
                  .map((code) => code.trim())
                  .filter(Boolean)
                setForm((current) => ({ ...current, categories }))
              }}
              placeholder="IAB1, IAB19"
              message={messageAt('categories')}
              hint="Comma-separated, e.g. IAB19 for technology."
              data-testid="field-categories"
            />
          )}
          {preroll ? (
            <Field
              label={labelOf('advertiser_user_id')}
              {...text('advertiser_user_id')}
              inputMode="numeric"
              hint="Optional; only certain clients may set it."
            />
          ) : null}
        </Section>
      ) : null}

      {app || form.android_app_store_identifier !== '' || form.ios_app_store_identifier !== '' ? (
        <Section title="App" hint="App installs and re-engagements need the app in at least one store.">
          <div className="grid-2">
            <Field
              label={labelOf('android_app_store_identifier')}
              {...text('android_app_store_identifier')}
              placeholder="com.example.app"
              data-testid="field-android_app_store_identifier"
            />
            <Field
              label={labelOf('ios_app_store_identifier')}
              {...text('ios_app_store_identifier')}
              inputMode="numeric"
              placeholder="333903271"
              data-testid="field-ios_app_store_identifier"
            />
          </div>
        </Section>
      ) : null}

      <div className="li-form__footer">
        <JobReport state={job.state} onRetry={() => void job.retry()} done={() => 'Saved.'} />
        <div className="li-form__actions">
          {errors > 0 ? (
            <button
              type="button"
              className="link-button li-form__problems"
              onClick={(event) => {
                const first = event.currentTarget.form?.querySelector<HTMLElement>('[aria-invalid="true"]')
                first?.scrollIntoView({ block: 'center' })
                first?.focus()
              }}
              data-testid="show-problems"
            >
              {`${errors} ${errors === 1 ? 'problem' : 'problems'} to fix before saving — show`}
            </button>
          ) : (
            <span className="field__hint" aria-live="polite">
              {check.changed ? 'Unsaved changes' : 'No changes'}
            </span>
          )}
          <Button
            type="submit"
            variant="primary"
            disabled={check.hasErrors || !check.changed}
            busy={job.busy}
            data-testid="save-line-item"
          >
            <Save size={16} aria-hidden="true" />
            Save changes
          </Button>
        </div>
      </div>
    </form>
  )
}
