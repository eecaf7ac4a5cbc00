// The product table: its header row, and the rows scrolling out given the content of the rows scrolling in.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { productTable } from './productTableFixture'
import { ROW_HEIGHT } from '../../../../src/renderer/features/catalog/tableWindow'

const TOTAL = 500

const productRow = (index: number) => ({
  id: `p-${index}`,
  title: `Product ${index}`,
  price: '9 USD',
  availability: 'in stock',
  status: 'sent',
  onPlatform: true,
  messages: [],
})

async function answerProducts(request: { offset: number; limit: number }) {
  return {
    ok: true,
    value: {
      total: TOTAL,
      rows: Array.from({ length: Math.min(request.limit, TOTAL - request.offset) }, (_, at) =>
        productRow(request.offset + at),
      ),
      counts: { total: TOTAL, pending: 0, sent: TOTAL, refused: 0, fixed: 0, deleting: 0 },
    },
  }
}

beforeEach(() => {
  // jsdom lays nothing out: the table's scrolling area is given a height, as a window would.
  const heightOf = (element: HTMLElement) => (element.classList.contains('product-table__scroll') ? 459 : 0)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return heightOf(this)
  })
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 1000)
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      catalog: {
        products: vi.fn(answerProducts),
      },
    },
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function scrollTo(scroller: HTMLElement, top: number) {
  await act(async () => {
    scroller.scrollTop = top
    fireEvent.scroll(scroller)
    await new Promise((done) => setTimeout(done, 50))
  })
}

describe('the product table while it scrolls', () => {
  it('keeps its rows, showing new products in them, and moves the focus off a row that now shows another to the scrolling rows', async () => {
    render(productTable())
    const checkbox = await screen.findByRole('checkbox', { name: 'Select Product 0' })
    const firstRow = checkbox.closest('[role="row"]')!
    const rowsBefore = screen.getAllByRole('row')
    checkbox.focus()
    expect(document.activeElement).toBe(checkbox)

    const rows = screen.getByRole('rowgroup', { name: 'Product rows' })
    await scrollTo(rows, 100 * ROW_HEIGHT)
    await screen.findByRole('checkbox', { name: 'Select Product 100' })

    // The same row elements, now showing other products: none was removed or created.
    expect(screen.getAllByRole('row')).toHaveLength(rowsBefore.length)
    expect(rowsBefore.every((row) => row.isConnected)).toBe(true)
    expect(firstRow.isConnected).toBe(true)
    expect(firstRow.getAttribute('aria-rowindex')).not.toBe('2')
    expect(screen.queryByRole('checkbox', { name: 'Select Product 0' })).toBeNull()
    // The focused checkbox now belongs to another product: the focus went to the scrolling rows.
    expect(document.activeElement).toBe(rows)
  })

  it('moves the focus to the scrolling rows when its row shows a placeholder while the new products load', async () => {
    // The products beyond the first page answer only when the test says so: the rows scrolling
    // in show placeholders first, and the focused checkbox leaves the DOM with its row's content.
    const answerLater: (() => void)[] = []
    Object.defineProperty(window, 'studio', {
      configurable: true,
      value: {
        catalog: {
          products: (request: { offset: number; limit: number }) =>
            request.offset === 0
              ? answerProducts(request)
              : new Promise((resolve) => answerLater.push(() => resolve(answerProducts(request)))),
        },
      },
    })
    render(productTable())
    const checkbox = await screen.findByRole('checkbox', { name: 'Select Product 0' })
    checkbox.focus()
    const rows = screen.getByRole('rowgroup', { name: 'Product rows' })
    await scrollTo(rows, 300 * ROW_HEIGHT)
    expect(screen.queryByRole('checkbox', { name: 'Select Product 0' })).toBeNull()
    expect(checkbox.isConnected).toBe(false)
    expect(document.activeElement).toBe(rows)

    await act(async () => answerLater.forEach((answer) => answer()))
    await screen.findByRole('checkbox', { name: 'Select Product 300' })
    expect(document.activeElement).toBe(rows)
  })
})

describe("the product table's header", () => {
  it('is the first row of the same table as the products, so each cell has a column name', async () => {
    render(productTable())
    const checkbox = await screen.findByRole('checkbox', { name: 'Select Product 0' })
    const table = screen.getByRole('table', { name: 'Products' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Selected', 'Image', 'ID', 'Title', 'Price', 'Availability', 'Group', 'Status'])
    expect(within(table).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1')
    expect(checkbox.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '2')
    expect(table).toHaveAttribute('aria-rowcount', String(TOTAL + 1))
  })
})
