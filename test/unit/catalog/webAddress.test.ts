import { afterEach, describe, expect, it, vi } from 'vitest'
import { validateProduct, type Product } from '../../../src/shared/catalog/product'
import { parseWebAddress, readWebAddress } from '../../../src/shared/catalog/webAddress'

const LINKS = [
  'https://shop.example/p/1',
  'https://cdn.shop.example/img/p-1.png',
  'http://shop.example',
  'http://localhost:8080/a.jpg?size=2#top',
  'https://shop.example/a%20b/c.webp',
  'https://shop.example/%zz',
  "https://shop.example/it's(1)*.png",
  'https://shop.example/a/../b.jpg',
  'https://shop.example/a/%2E%2e/b.gif',
  'https://shop.example/.well-known/x',
  'https://a..b/x.jpg',
  'http://1.2.3.4/x.png',
  'http://1.2.3.256/',
  'http://shop.123/',
  'http://shop.0x/',
  'http://shop.example:99999/',
  'http://shop.example:80abc/',
  'https://shop.example/a b.png',
  ' https://shop.example/trimmed.png ',
  'https://shop.example/a\tb.png',
  'HTTPS://Shop.Example/Upper.PNG',
  'https://user:pass@shop.example/x.png',
  'https://shop.example\\evil/x.png',
  'https://xn--bcher-kva.example/b.png',
  'https://bücher.example/b.png',
  'https://-shop.example/x',
  'ftp://shop.example/x.png',
  'shop.example/x.png',
  'https://',
  '',
]

describe('reading a feed link as a web address', () => {
  it.each(LINKS)('agrees with the URL parser on %j', (link) => {
    expect(readWebAddress(link)).toEqual(parseWebAddress(link))
  })

  describe('without a parse per link', () => {
    afterEach(() => vi.restoreAllMocks())

    it('checks a product with plain links without constructing a URL', () => {
      const product: Product = {
        id: 'sku-1',
        title: 'Shoe',
        description: 'A shoe',
        availability: 'in stock',
        condition: 'new',
        price: '10.00 USD',
        link: 'https://shop.example/p/sku-1',
        image_link: 'https://cdn.shop.example/img/sku-1.jpg',
        additional_image_link:
          'https://cdn.shop.example/img/sku-1-b.jpg,https://cdn.shop.example/img/sku-1-c.png',
      } as Product
      const constructed = vi.spyOn(globalThis, 'URL')
      const issues = validateProduct(product)
      expect(constructed).not.toHaveBeenCalled()
      expect(issues.filter((issue) => issue.code === 'invalid_format')).toEqual([])
    })
  })
})
