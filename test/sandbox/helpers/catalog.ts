import type { Sandbox } from '../../../sandbox/index'
import { call } from './client'
import type { UserTokens } from './client'

/** Catalog, product and product set calls shared by the catalog tests. */
export interface Issue {
  code: string
  message: string
  parameter?: string
}
export interface Envelope<T = Record<string, unknown>> {
  request: { params: Record<string, unknown> }
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: Issue[]
}
export interface ItemResponse {
  warnings: Issue[]
  errors: Issue[]
  product_key: string | null
  id: string | null
  status: string
}
export type Product = Record<string, unknown> & { id: string; product_key: string }

const PLAIN_PRODUCT = {
  description: 'A plain description',
  availability: 'in stock',
  condition: 'new',
  price: '20.00 USD',
  brand: 'Acme',
}

/** Filled in by the test file's beforeAll; the helpers read it when called. */
export interface CatalogEnv {
  sandbox: Sandbox
  user: UserTokens
}

export function catalogApi(env: CatalogEnv) {
  const ads = (path: string): string => `${env.sandbox.adsUrl}/12${path}`
  const image = (size: string, extra = ''): string =>
    `${env.sandbox.apiUrl}/sample-images/${size}.png${extra}`

  /** A valid product (600x600 image, served by the sandbox itself), with `overrides` applied. */
  function product(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const links = { link: `https://shop.example.com/p/${id}`, image_link: image('600x600') }
    return { id, title: `Product ${id}`, ...PLAIN_PRODUCT, ...links, ...overrides }
  }

  async function createCatalog(who: UserTokens, name: string): Promise<string> {
    const response = await call<Envelope<{ id: string; name: string }>>(who, {
      method: 'POST',
      url: ads('/product_catalogs'),
      form: { name },
    })
    if (response.status !== 200) throw new Error(`catalog creation failed: ${response.text}`)
    return response.body.data.id
  }

  const putProducts = (catalog: string, products: unknown[], who: UserTokens = env.user) =>
    call<Envelope<{ products_response: ItemResponse[] }>>(who, {
      method: 'PUT',
      url: ads(`/product_catalogs/${catalog}/products`),
      json: { products },
    })

  const listProducts = (catalog: string, query: Record<string, string> = {}) =>
    call<Envelope<Product[]>>(env.user, { url: ads(`/product_catalogs/${catalog}/products`), query })

  async function deleteCatalogOf(who: UserTokens): Promise<void> {
    const list = await call<Envelope<{ id: string }[]>>(who, { url: ads('/product_catalogs') })
    for (const catalog of list.body.data)
      await call(who, { method: 'DELETE', url: ads(`/product_catalogs/${catalog.id}`) })
  }

  return { ads, image, product, createCatalog, putProducts, listProducts, deleteCatalogOf }
}
