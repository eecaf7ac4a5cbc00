// Product thumbnails: asked of main only for the thumbnails mounted, a few at a time, with words
// when there is no image or it could not be loaded.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProductThumb } from '../../../../src/renderer/features/catalog/ProductThumb'
import { clearProductImages } from '../../../../src/renderer/features/catalog/productImageClient'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const PIXEL = 'data:image/png;base64,iVBORw0KGgo='

let answers: Map<string, (value: unknown) => void>
let productImage: ReturnType<typeof vi.fn>

beforeEach(() => {
  clearProductImages()
  answers = new Map()
  productImage = vi.fn(
    (request: { url: string }) =>
      new Promise((resolve) => {
        answers.set(request.url, resolve)
      }),
  )
  Object.defineProperty(window, 'studio', { configurable: true, value: { catalog: { productImage } } })
})
afterEach(() => cleanup())

const answer = (url: string, value: unknown) => act(async () => answers.get(url)?.(value))

describe('ProductThumb', () => {
  it('shows the picture main fetched, decorative, once it answers', async () => {
    render(<ProductThumb profileId={PROFILE_ID} url="https://cdn.example/a.png" />)
    const tile = screen.getByTestId('product-thumb')
    expect(tile.dataset.state).toBe('loading')
    await waitFor(() => expect(productImage).toHaveBeenCalledTimes(1))
    await answer('https://cdn.example/a.png', { ok: true, value: { dataUrl: PIXEL } })
    await waitFor(() => expect(screen.getByTestId('product-thumb').dataset.state).toBe('ready'))
    expect(screen.getByTestId('product-thumb').querySelector('img')?.getAttribute('alt')).toBe('')
  })

  it('says in words when main could not load the image, and when there is none', async () => {
    render(
      <>
        <ProductThumb profileId={PROFILE_ID} url="https://cdn.example/gone.png" />
        <ProductThumb profileId={PROFILE_ID} url={undefined} />
      </>,
    )
    await waitFor(() => expect(productImage).toHaveBeenCalledTimes(1))
    await answer('https://cdn.example/gone.png', { ok: true, value: {} })
    await screen.findByText('Image could not be loaded')
    expect(screen.getByText('No image')).toBeTruthy()
  })

  it('asks for four at a time and drops a request whose thumbnail left before its turn', async () => {
    const urls = Array.from({ length: 6 }, (_, index) => `https://cdn.example/${index}.png`)
    const { rerender } = render(
      <>
        {urls.map((url) => (
          <ProductThumb key={url} profileId={PROFILE_ID} url={url} />
        ))}
      </>,
    )
    await waitFor(() => expect(productImage).toHaveBeenCalledTimes(4))
    // Two wait their turn; one of them scrolls away.
    rerender(
      <>
        {urls.slice(0, 5).map((url) => (
          <ProductThumb key={url} profileId={PROFILE_ID} url={url} />
        ))}
      </>,
    )
    for (const url of urls.slice(0, 4)) await answer(url, { ok: true, value: { dataUrl: PIXEL } })
    await waitFor(() => expect(productImage).toHaveBeenCalledTimes(5))
    const asked = productImage.mock.calls.map(([request]) => (request as { url: string }).url)
    expect(asked).not.toContain(urls[5])
    expect(asked.slice(0, 4)).toEqual(urls.slice(0, 4))
  })
})
