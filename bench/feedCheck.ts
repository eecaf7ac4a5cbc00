/**
 * Checking a merchant-style feed's products in Node (validateProduct, no UI): 10,000 products
 * with a long description, a link with a query and four image links each. A reference for the
 * catalog rows (the check is one part of Choose file → report painted), not a target of its own.
 */
import { validateProduct, type Product } from '../src/shared/catalog/product'

export function merchantProducts(count = 10_000): Product[] {
  return Array.from(
    { length: count },
    (_, index) =>
      ({
        id: `sku-${index}`,
        title: `Product ${index}`,
        description: 'A product with a long description, as merchants write them. '.repeat(12),
        availability: 'in stock',
        condition: 'new',
        price: '19.99 USD',
        link: `https://www.shop.example/products/item-${index}?utm_source=feed&variant=${index}`,
        image_link: `https://cdn.shop.example/images/${index}/main-1200x1200.jpg`,
        additional_image_link: [1, 2, 3]
          .map((k) => `https://cdn.shop.example/images/${index}/alt-${k}.jpg`)
          .join(','),
      }) as Product,
  )
}

/** ms per full check of the feed, `rounds` times after one warm-up round. */
export function benchFeedCheck(rounds = 10, count = 10_000): number[] {
  const products = merchantProducts(count)
  const samples: number[] = []
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now()
    for (const product of products) validateProduct(product)
    if (round > 0) samples.push(performance.now() - started)
  }
  return samples
}
