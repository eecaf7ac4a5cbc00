// The product table gives the rows scrolling out the content of the rows scrolling in.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { productTable } from './productTableFixture'
import { ROW_HEIGHT } from '../../../src/renderer/features/catalog/tableWindow'

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
  const heightOf = (element: HTMLElement) => (element.getAttribute('role') === 'table' ? 459 : 0)
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

async function scrollTo(table: HTMLElement, top: number) {
  await act(async () => {
    table.scrollTop = top
    fireEvent.scroll(table)
    await new Promise((done) => setTimeout(done, 50))
  })
}

describe('the product table while it scrolls', () => {
  it('keeps its rows, showing new products in them, and moves the focus off a row that now shows another', async () => {
    render(productTable())
    const checkbox = await screen.findByRole('checkbox', { name: 'Select Product 0' })
    const firstRow = checkbox.closest('[role="row"]')!
    const rowsBefore = screen.getAllByRole('row')
    checkbox.focus()
    expect(document.activeElement).toBe(checkbox)

    const table = screen.getByRole('table', { name: 'Products' })
    await scrollTo(table, 100 * ROW_HEIGHT)
    await screen.findByRole('checkbox', { name: 'Select Product 100' })

    // The same row elements, now showing other products: none was removed or created.
    expect(screen.getAllByRole('row')).toHaveLength(rowsBefore.length)
    expect(rowsBefore.every((row) => row.isConnected)).toBe(true)
    expect(firstRow.isConnected).toBe(true)
    expect(firstRow.getAttribute('aria-rowindex')).not.toBe('1')
    expect(screen.queryByRole('checkbox', { name: 'Select Product 0' })).toBeNull()
    // The focused checkbox now belongs to another product: the focus went to the table.
    expect(document.activeElement).toBe(table)
  })

  it('moves the focus to the table when its row shows a placeholder while the new products load', async () => {
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
    const table = screen.getByRole('table', { name: 'Products' })
    await scrollTo(table, 300 * ROW_HEIGHT)
    expect(screen.queryByRole('checkbox', { name: 'Select Product 0' })).toBeNull()
    expect(checkbox.isConnected).toBe(false)
    expect(document.activeElement).toBe(table)

    await act(async () => answerLater.forEach((answer) => answer()))
    await screen.findByRole('checkbox', { name: 'Select Product 300' })
    expect(document.activeElement).toBe(table)
  })
})
