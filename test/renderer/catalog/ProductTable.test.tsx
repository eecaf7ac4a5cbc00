// The product table's search on its own, with window.studio answering pages from plain data.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProductTable } from '../../../src/renderer/features/catalog/ProductTable'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const asked: { q?: string; offset: number; limit: number }[] = []

beforeEach(() => {
  asked.length = 0
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      catalog: {
        products: vi.fn(async (request: { q?: string; offset: number; limit: number }) => {
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
        }),
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
    render(
      <ProductTable
        profileId={PROFILE_ID}
        itemGroups={[]}
        version={0}
        selected={new Set()}
        onSelectedChange={() => {}}
        onOpen={() => {}}
      />,
    )
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
