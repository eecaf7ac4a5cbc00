import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LineItemView } from '../../../../src/shared/ipc/contracts/campaign'
import type { OutboxJobView } from '../../../../src/shared/ipc/contracts/outbox'
import { LineItemForm } from '../../../../src/renderer/features/line-items/LineItemForm'
import { polyfillRadix } from '../library/fakeStudio'

// The edit form: the rules table checked as you type, on the field; money typed as decimals and
// sent as exact micros; the save queued in the outbox and followed until it is done.

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const scope = { profileId: '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00', accountId: 'acc-main' }

function lineItem(overrides: Partial<LineItemView> = {}): LineItemView {
  return {
    id: 'li1',
    name: 'Website clicks',
    campaignId: 'c1',
    campaignName: 'Performance',
    campaignBudgetOptimization: 'CAMPAIGN',
    objective: 'WEBSITE_CLICKS',
    placements: ['ALL_ON_PLATFORM'],
    currency: 'USD',
    values: {
      name: 'Website clicks',
      entity_status: 'ACTIVE',
      goal: 'LINK_CLICKS',
      bid_strategy: 'AUTO',
      pay_by: 'IMPRESSION',
      start_time: '2026-01-05T10:00:00Z',
      total_budget_amount_local_micro: '100000000',
      categories: [],
    },
    ...overrides,
  }
}

function job(state: OutboxJobView['state']): OutboxJobView {
  return {
    id: 'c6d7a4de-92b4-4a0f-9f76-4e2b8f2f1d11',
    type: 'operation',
    title: 'Update “Website clicks”',
    area: 'line_items',
    profileId: scope.profileId,
    accountId: scope.accountId,
    state,
    steps: [
      { kind: 'operation', label: 'Update “Website clicks”', status: state === 'done' ? 'done' : 'pending' },
    ],
    stepsDone: state === 'done' ? 1 : 0,
    created: { mediaKeys: [] },
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
  }
}

function installStudio() {
  const update = vi.fn(() => ok({ job: job('queued') }))
  const get = vi.fn(() => ok({ job: job('done') }))
  const business = vi.fn(() =>
    ok({
      categories: [
        { id: 'tech', name: 'Technology', iabCategories: ['IAB19'] },
        { id: 'travel', name: 'Travel', iabCategories: ['IAB20'] },
        { id: 'retail', name: 'Retail', iabCategories: ['IAB22'] },
      ],
    }),
  )
  polyfillRadix()
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: { lineItems: { update }, outbox: { get }, businessCategories: { list: business } },
  })
  return { update, get }
}

afterEach(() => {
  cleanup()
  Reflect.deleteProperty(window, 'studio')
})

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement
const save = () => screen.getByTestId('save-line-item')

describe('LineItemForm', () => {
  it('marks each broken rule on its field as you type, and will not save until it is fixed', async () => {
    const { update } = installStudio()
    render(<LineItemForm scope={scope} item={lineItem()} onSaved={() => undefined} />)
    // Nothing to save yet: unavailable, yet focusable (a saved form keeps focus on it).
    expect(save()).toHaveAttribute('aria-disabled', 'true')
    expect(save()).toBeEnabled()

    // Its campaign budgets per campaign: no daily budget, said on the field (and the field is locked).
    expect(field('field-daily_budget_amount_local_micro')).toBeDisabled()
    expect(screen.getByText(/“Performance” sets the budget for all its line items/)).toBeInTheDocument()

    fireEvent.change(field('field-total_budget_amount_local_micro'), { target: { value: '12,5' } })
    expect(await screen.findByText(/Enter an amount such as 12.50/)).toBeInTheDocument()
    expect(save()).toBeDisabled()
    fireEvent.change(field('field-total_budget_amount_local_micro'), { target: { value: '0' } })
    expect(await screen.findByText('The total budget must be more than zero')).toBeInTheDocument()
    fireEvent.change(field('field-total_budget_amount_local_micro'), { target: { value: '' } })
    expect(await screen.findByText(/This cannot be removed here, only changed/)).toBeInTheDocument()
    expect(update).not.toHaveBeenCalled()
  })

  it('sends only what changed, with money as exact micros, and follows the job until it is done', async () => {
    const { update, get } = installStudio()
    const onSaved = vi.fn()
    render(<LineItemForm scope={scope} item={lineItem()} onSaved={onSaved} />)
    fireEvent.change(field('field-total_budget_amount_local_micro'), { target: { value: '1,234.29' } })
    expect(await screen.findByText('$1,234.29')).toBeInTheDocument()
    fireEvent.change(field('field-name'), { target: { value: 'Website clicks, spring' } })
    await waitFor(() => expect(save()).toBeEnabled())
    await act(async () => {
      fireEvent.click(save())
    })
    expect(update).toHaveBeenCalledWith({
      ...scope,
      lineItemId: 'li1',
      patch: { name: 'Website clicks, spring', total_budget_amount_local_micro: '1234290000' },
    })
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1))
    expect(get).toHaveBeenCalled()
    expect(screen.getByTestId('job-report')).toHaveTextContent('Saved.')
  })

  it('offers PREROLL_VIEWS line items one or two advertiser business categories, sent as IAB codes', async () => {
    const { update } = installStudio()
    render(
      <LineItemForm
        scope={scope}
        item={lineItem({
          objective: 'PREROLL_VIEWS',
          placements: ['PUBLISHER_NETWORK'],
          values: {
            ...lineItem().values,
            categories: ['IAB19'],
            advertiser_domain: 'example.com',
            pay_by: null,
          },
        })}
        onSaved={() => undefined}
      />,
    )
    fireEvent.change(field('field-advertiser_domain'), { target: { value: 'https://example.com' } })
    expect(
      await screen.findByText('Leave out the protocol: example.com, not https://example.com'),
    ).toBeInTheDocument()
    fireEvent.change(field('field-advertiser_domain'), { target: { value: 'example.com' } })
    const travel = await screen.findByRole('checkbox', { name: /Travel/ })
    expect(screen.getByRole('checkbox', { name: /Technology/ })).toBeChecked()
    fireEvent.click(travel)
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Retail/ })).toBeDisabled())
    await act(async () => {
      fireEvent.click(save())
    })
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ patch: { categories: ['IAB19', 'IAB20'] } }),
    )
  })
})
