import { useId } from 'react'
import type { BusinessCategoryView } from '../../../shared/ipc/contracts/campaign'
import { LINE_ITEM_LIMITS, iabCategoriesOf } from '../../../shared/rules/lineItems'
import { CheckboxRow } from '../../components/CheckboxRow'
import { FieldNote } from '../../components/Field'
import type { FieldMessage } from '../../components/Field'

const { min, max } = LINE_ITEM_LIMITS.businessCategoriesPerLineItem

/**
 * Advertiser business categories for a PREROLL_VIEWS line item (B:163): one or two, sent as
 * their IAB categories. Once two are chosen the others wait until one is cleared.
 */
export function BusinessCategoriesPicker({
  categories,
  value,
  onChange,
  message,
}: {
  categories: readonly BusinessCategoryView[] | undefined
  /** The line item's IAB categories. */
  value: readonly string[]
  onChange(iabCategories: string[]): void
  message?: FieldMessage | undefined
}) {
  const id = useId()
  if (!categories) {
    return (
      <div className="field">
        <span className="field__label">Advertiser business categories</span>
        <p className="field__hint" role="status">
          Loading the categories…
        </p>
        <FieldNote id={`${id}-note`} message={message} />
      </div>
    )
  }
  const chosen = categories.filter((category) => category.iabCategories.some((code) => value.includes(code)))
  const full = chosen.length >= max
  const toggle = (category: BusinessCategoryView, on: boolean) => {
    const next = on ? [...chosen, category] : chosen.filter((c) => c.id !== category.id)
    onChange(iabCategoriesOf(next.map((c) => ({ id: c.id, name: c.name, iab_categories: c.iabCategories }))))
  }
  return (
    <fieldset className="fieldset" aria-describedby={`${id}-note`}>
      <legend className="fieldset__legend">
        Advertiser business categories{' '}
        <span className="muted">
          — choose {min} or {max}
        </span>
      </legend>
      <div className="business-grid" data-testid="business-categories">
        {categories.map((category) => {
          const checked = chosen.some((c) => c.id === category.id)
          return (
            <CheckboxRow
              key={category.id}
              id={`${id}-${category.id}`}
              className="business-grid__item"
              checked={checked}
              disabled={!checked && full}
              onChange={(next) => toggle(category, next)}
              iconSize={12}
              label={
                <>
                  {category.name}{' '}
                  <span className="li-sub li-sub--inline">{category.iabCategories.join(', ')}</span>
                </>
              }
            />
          )
        })}
      </div>
      <FieldNote
        id={`${id}-note`}
        message={message}
        hint={
          full ? `Two chosen: clear one to choose another.` : 'Sent as the IAB categories shown beside each.'
        }
      />
    </fieldset>
  )
}
