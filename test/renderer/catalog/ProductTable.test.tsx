// The product table's search on its own, with window.studio answering pages from plain data.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { productTable } from './productTableFixture'

const asked: { q?: string; itemGroup?: string; offset: number; limit: number }[] = []

beforeEach(() => {
  // Radix Select measures and scrolls; jsdom has neither.
  Element.prototype.scrollIntoView = vi.fn()
  Element.prototype.hasPointerCapture = vi.fn(() => false)
  Element.prototype.releasePointerCapture = vi.fn()
  asked.length = 0
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      catalog: {
        products: vi.fn(
          async (request: { q?: string; itemGroup?: string; offset: number; limit: number }) => {
            asked.push(request)
            return {
              ok: true,
              value: {
                total: 1,
                rows: [
                  {
                    id: 'a',
                    title: 'Trail shoe',
                    price: '9 USD',
                    availability: 'in stock',
                    status: 'sent',
                    onPlatform: true,
                    messages: [],
                  },
                ],
                counts: { total: 1, pending: 0, sent: 1, refused: 0, fixed: 0, deleting: 0 },
              },
            }
          },
        ),
      },
    },
  })
})
afterEach(() => {
  cleanup()
})

const pause = () => act(() => new Promise((done) => setTimeout(done, 300)))

describe('the product table search', () => {
  it('asks again for a new search, and not for one typed and erased before the pause', async () => {
    render(productTable())
    await screen.findByText('1 product')
    expect(asked).toHaveLength(1)
    const search = screen.getByRole('searchbox', { name: 'Search products by title or ID' })

    fireEvent.change(search, { target: { value: 'x' } })
    fireEvent.change(search, { target: { value: '' } })
    await pause()
    // Same query as shown: the rows stay, nothing is fetched, no placeholders in between.
    expect(asked).toHaveLength(1)
    expect(screen.getByText('1 product')).toBeTruthy()

    fireEvent.change(search, { target: { value: 'Trail' } })
    await waitFor(() => expect(asked.at(-1)?.q).toBe('Trail'))
    expect(asked).toHaveLength(2)
  })
})

describe('the item-group filter of a big catalog', () => {
  const groups = Array.from({ length: 150 }, (_, index) => `group-${String(index).padStart(3, '0')}`)
  const table = productTable

  it('lists every group when opened with the pointer, and filters by the one picked', async () => {
    render(table(groups))
    await screen.findByText('1 product')
    const trigger = screen.getByTestId('filter-item-group')
    expect(trigger.textContent).toContain('All item groups')
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' })
    const listbox = await screen.findByRole('listbox')
    expect(within(listbox).getAllByRole('option')).toHaveLength(groups.length + 1)
    fireEvent.click(within(listbox).getByRole('option', { name: 'group-123' }))
    await waitFor(() => expect(asked.at(-1)?.itemGroup).toBe('group-123'))
    expect(trigger.textContent).toContain('group-123')
  })

  it('has every group, the new ones of a changed list too, once the trigger has focus (keyboard)', async () => {
    const { rerender } = render(table(groups))
    await screen.findByText('1 product')
    const more = [...groups, 'group-new']
    rerender(table(more))
    const trigger = screen.getByTestId('filter-item-group')
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'ArrowDown' })
    const listbox = await screen.findByRole('listbox')
    expect(within(listbox).getAllByRole('option')).toHaveLength(more.length + 1)
    expect(within(listbox).getByRole('option', { name: 'group-new' })).toBeTruthy()
  })
})
