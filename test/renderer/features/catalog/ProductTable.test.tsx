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
  const groups = Array.from({ length: 3_000 }, (_, index) => `group-${String(index).padStart(4, '0')}`)
  const table = productTable

  it('lists none of the groups until it is used, then at most fifty, and says how many more match', async () => {
    render(table(groups))
    await screen.findByText('1 product')
    const field = screen.getByRole('combobox', { name: 'Item group' })
    expect(field).toHaveProperty('value', 'All item groups')
    expect(screen.queryAllByRole('option')).toHaveLength(0)

    fireEvent.click(field)
    const listbox = screen.getByRole('listbox', { name: 'Item groups' })
    const options = within(listbox).getAllByRole('option')
    expect(options).toHaveLength(50)
    expect(options[0]!.textContent).toBe('All item groups')
    expect(screen.getByText('50 of 3,001 shown — type to narrow')).toBeTruthy()
  })

  it('finds a group by part of its name and filters by the one picked with the keyboard', async () => {
    render(table(groups))
    await screen.findByText('1 product')
    const field = screen.getByRole('combobox', { name: 'Item group' })
    act(() => field.focus())
    fireEvent.change(field, { target: { value: '123' } })
    const listbox = screen.getByRole('listbox')
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'group-0123',
      'group-1123',
      'group-1230',
      'group-1231',
      'group-1232',
      'group-1233',
      'group-1234',
      'group-1235',
      'group-1236',
      'group-1237',
      'group-1238',
      'group-1239',
      'group-2123',
    ])
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() => expect(asked.at(-1)?.itemGroup).toBe('group-1123'))
    expect(field).toHaveProperty('value', 'group-1123')
    expect(field.getAttribute('aria-expanded')).toBe('false')

    fireEvent.change(field, { target: { value: 'nothing like it' } })
    expect(screen.getByText('No item group matches “nothing like it”.')).toBeTruthy()
    fireEvent.keyDown(field, { key: 'Escape' })
    // Escape keeps the group that was chosen.
    expect(field).toHaveProperty('value', 'group-1123')
  })

  it('has the new groups of a changed list (an import adds groups while it sends)', async () => {
    const { rerender } = render(table(groups))
    await screen.findByText('1 product')
    rerender(table([...groups, 'summer-new']))
    const field = screen.getByRole('combobox', { name: 'Item group' })
    fireEvent.change(field, { target: { value: 'summer' } })
    fireEvent.mouseDown(screen.getByRole('option', { name: 'summer-new' }))
    await waitFor(() => expect(asked.at(-1)?.itemGroup).toBe('summer-new'))
  })

  it('goes back to every group when "All item groups" is picked', async () => {
    render(table(groups))
    await screen.findByText('1 product')
    const field = screen.getByRole('combobox', { name: 'Item group' })
    fireEvent.change(field, { target: { value: 'group-0007' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() => expect(asked.at(-1)?.itemGroup).toBe('group-0007'))
    fireEvent.change(field, { target: { value: 'all' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() => expect(asked.at(-1)?.itemGroup).toBeFalsy())
    expect(field).toHaveProperty('value', 'All item groups')
  })
})
