// The filter builder on its own, with window.studio answering the preview from plain data.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProductSets } from '../../../../src/renderer/features/catalog/ProductSets'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const previews: unknown[] = []
const created: unknown[] = []

beforeEach(() => {
  previews.length = 0
  created.length = 0
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      catalog: {
        previewSet: vi.fn(async (request: { filters: unknown[] }) => {
          previews.push(request.filters)
          return {
            ok: true,
            value: {
              total: 2,
              sample: [
                {
                  id: 'a',
                  title: 'Trail shoe',
                  price: '9 USD',
                  availability: 'in stock',
                  status: 'sent',
                  onPlatform: true,
                  messages: [],
                },
                {
                  id: 'b',
                  title: 'Road shoe',
                  price: '12 USD',
                  availability: 'in stock',
                  status: 'sent',
                  onPlatform: true,
                  messages: [],
                },
              ],
              issues: [],
            },
          }
        }),
        createSet: vi.fn(async (request: unknown) => {
          created.push(request)
          return { ok: true, value: { set: {}, jobId: 'j' } }
        }),
        products: vi.fn(async () => ({ ok: true, value: { total: 0, rows: [], counts: {} } })),
      },
    },
  })
  // Radix Select measures and scrolls; jsdom has neither.
  Element.prototype.scrollIntoView = vi.fn()
  Element.prototype.hasPointerCapture = vi.fn(() => false)
  Element.prototype.releasePointerCapture = vi.fn()
})
afterEach(() => {
  cleanup()
})

async function chooseOption(trigger: HTMLElement, name: string): Promise<void> {
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' })
  fireEvent.click(await screen.findByRole('option', { name }))
}

describe('filter builder', () => {
  it('offers every operator for every attribute (A:118) and keeps the chosen one', async () => {
    render(<ProductSets profileId={PROFILE_ID} sets={[]} hasCatalog onChanged={() => {}} />)
    const operator = screen.getByTestId('filter-0-operator')
    fireEvent.pointerDown(operator, { button: 0, ctrlKey: false, pointerType: 'mouse' })
    const listbox = await screen.findByRole('listbox')
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'is greater than',
      'is exactly',
      'is less than',
      'matches (any case)',
      'does not contain',
      'contains',
    ])
    fireEvent.keyDown(listbox, { key: 'Escape' })

    const before = screen.getByTestId('filter-0-operator').textContent
    await chooseOption(screen.getByTestId('filter-0-attribute'), 'Product type')
    expect(screen.getByTestId('filter-0-operator').textContent).toBe(before)
    await chooseOption(screen.getByTestId('filter-0-operator'), 'contains')
    fireEvent.change(screen.getByTestId('filter-0-value'), { target: { value: 'shoes' } })
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)))
    expect(previews.at(-1)).toEqual([{ attribute: 'product_type', operator: 'CONTAINS', value: 'shoes' }])
    expect(screen.getByTestId('set-preview').textContent).toContain('2 of your products match')

    fireEvent.change(screen.getByTestId('set-name'), { target: { value: 'Shoes' } })
    await act(async () => fireEvent.click(screen.getByTestId('set-create')))
    expect(created).toEqual([
      {
        profileId: PROFILE_ID,
        name: 'Shoes',
        type: 'FILTERED',
        filters: [{ attribute: 'product_type', operator: 'CONTAINS', value: 'shoes' }],
      },
    ])
  })

  it('names the problem with a value that does not fit a number and keeps Create disabled', async () => {
    render(<ProductSets profileId={PROFILE_ID} sets={[]} hasCatalog onChanged={() => {}} />)
    fireEvent.change(screen.getByTestId('set-name'), { target: { value: 'Cheap' } })
    fireEvent.change(screen.getByTestId('filter-0-value'), { target: { value: 'cheap' } })
    expect(screen.getByText('Enter an amount, like 20 or 20 USD')).toBeTruthy()
    // The value field says why it is invalid, not only that it is.
    expect(screen.getByTestId('filter-0-value')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('filter-0-value')).toHaveAccessibleDescription(
      'Enter an amount, like 20 or 20 USD',
    )
    expect((screen.getByTestId('set-create') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByTestId('filter-0-value'), { target: { value: '20 USD' } })
    expect((screen.getByTestId('set-create') as HTMLButtonElement).disabled).toBe(false)
  })
})
