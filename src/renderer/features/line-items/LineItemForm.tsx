import { Save } from 'lucide-react'
import type { ReactNode } from 'react'
import { LINE_ITEM_LIMITS, type LineItemPutField } from '../../../shared/rules/lineItems'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { SegmentedField } from '../../components/Segmented'
import { SelectField } from '../../components/SelectField'
import { lineItemFieldLabel as labelOf, valueWord as word } from '../../../shared/platformWords'
import { JobReport } from '../../kits/jobs/JobReport'
import { BusinessCategoriesPicker } from './BusinessCategoriesPicker'
import { unavailableReason } from './lineItemForm'
import { useLineItemForm, type LineItemFormProps } from './useLineItemForm'

const L = LINE_ITEM_LIMITS

/** The platform's values as options, in words. */
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: word(value) }))

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset li-section">
      <legend className="fieldset__legend">{title}</legend>
      {hint ? <p className="field__hint li-section__hint">{hint}</p> : null}
      {children}
    </fieldset>
  )
}

/** The PUT fields of one line item, with every rule of the spec's table checked as you type. */
export function LineItemForm(props: LineItemFormProps) {
  const { item } = props
  const lineItem = useLineItemForm(props)
  const { form, check, job, messageAt, set, text, money, frequencyReason } = lineItem
  const { preroll, publisher, app } = lineItem.kind
  /** A field picked from the platform's values: its label, value in words, message and edits. */
  const choice = (field: Exclude<LineItemPutField, 'categories'>, values: readonly string[]) => ({
    placeholder: 'Not set',
    label: labelOf(field),
    value: form[field] || null,
    options: choices(values),
    onChange: set(field),
    message: messageAt(field),
  })

  return (
    <form className="li-form" onSubmit={lineItem.onSubmit} noValidate aria-label="Line item settings">
      <Section title="Basics">
        <Field label={labelOf('name')} {...text('name')} data-testid="field-name" />
        <SegmentedField
          label={labelOf('entity_status')}
          value={form.entity_status === 'PAUSED' ? 'PAUSED' : 'ACTIVE'}
          options={L.entityStatus.values.map((value) => ({
            value,
            label: word(value),
          }))}
          onChange={set('entity_status')}
          testIdPrefix="status"
        />
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
          <SelectField {...choice('goal', L.goals.values)} data-testid="field-goal" />
          <SelectField
            {...choice('bid_strategy', L.bidStrategies.values)}
            hint={
              form.bid_strategy === 'TARGET'
                ? 'Keeps the daily average bid within 20% of the amount.'
                : undefined
            }
            data-testid="field-bid_strategy"
          />
        </div>
        <div className="grid-2">
          <Field
            label={labelOf('bid_amount_local_micro')}
            {...money(
              'bid_amount_local_micro',
              'Per billing event, in the account currency.',
              unavailableReason(item, 'bid_amount_local_micro', form.bid_strategy),
            )}
          />
          <SelectField
            {...choice('pay_by', lineItem.payByOptions)}
            disabled={unavailableReason(item, 'pay_by', form.bid_strategy) !== undefined}
            hint={
              unavailableReason(item, 'pay_by', form.bid_strategy) ??
              (lineItem.goalPayBy
                ? `The ${word(form.goal).toLowerCase()} goal allows ${lineItem.goalPayBy.map(word).join(' or ').toLowerCase()}.`
                : undefined)
            }
            data-testid="field-pay_by"
          />
        </div>
      </Section>

      <Section title="Budget">
        <div className="grid-2">
          <Field
            label={labelOf('total_budget_amount_local_micro')}
            {...money('total_budget_amount_local_micro', 'For the whole flight.')}
          />
          <Field
            label={labelOf('daily_budget_amount_local_micro')}
            {...money(
              'daily_budget_amount_local_micro',
              'At most the total budget.',
              unavailableReason(item, 'daily_budget_amount_local_micro', form.bid_strategy),
            )}
          />
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
            {...choice('duration_in_days', L.durationInDays.values.map(String))}
            label="Per"
            disabled={frequencyReason !== undefined && form.duration_in_days === ''}
            data-testid="field-duration_in_days"
          />
          <SelectField {...choice('audience_expansion', L.audienceExpansion.values)} />
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
              categories={lineItem.business}
              value={form.categories}
              onChange={lineItem.setCategories}
              message={messageAt('categories')}
            />
          ) : (
            <Field
              label={labelOf('categories')}
              value={lineItem.iabText}
              onChange={(event) => lineItem.setIabCategories(event.target.value)}
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
        <div className="actions li-form__actions">
          {lineItem.errors > 0 ? (
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
              {`${lineItem.errors} ${lineItem.errors === 1 ? 'problem' : 'problems'} to fix before saving — show`}
            </button>
          ) : (
            <span className="field__hint" aria-live="polite">
              {check.changed ? 'Unsaved changes' : 'No changes'}
            </span>
          )}
          <Button
            type="submit"
            variant="primary"
            disabled={check.hasErrors}
            // Saved, nothing is left to save, but the button keeps the focus the save gave it.
            aria-disabled={!check.changed}
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
