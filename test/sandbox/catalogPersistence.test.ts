import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'
import { catalogApi } from './helpers/catalog'
import type { CatalogEnv, Envelope, Product } from './helpers/catalog'

const env = {} as CatalogEnv
const { product } = catalogApi(env)

describe('catalogs in a --data state file', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-catalog-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('keep catalogs, products and sets across restarts', async () => {
    const file = join(dir, 'state.json')
    const first = await startSandbox({ port: 0, dataFile: file, limits: { productSetProcessingMs: 0 } })
    env.sandbox = first
    let who: UserTokens
    let catalogId: string
    try {
      who = await authorizeDemoUser(first)
      const url = `${first.adsUrl}/12/product_catalogs`
      catalogId = (await call<Envelope<{ id: string }>>(who, { method: 'POST', url, form: { name: 'Kept' } }))
        .body.data.id
      await call(who, {
        method: 'PUT',
        url: `${url}/${catalogId}/products`,
        json: { products: [product('kept-1', { image_link: 'https://cdn.example.com/k.png' })] },
      })
    } finally {
      await first.close()
    }
    const second = await startSandbox({ port: 0, dataFile: file })
    try {
      expect(second.created().products).toBe(1)
      const listed = await call<Envelope<Product[]>>(who, {
        url: `${second.adsUrl}/12/product_catalogs/${catalogId}/products`,
      })
      expect(listed.body.data.map((p) => p.id)).toEqual(['kept-1'])
    } finally {
      await second.close()
    }
  })

  it('load a state file written before catalogs existed', async () => {
    const file = join(dir, 'old.json')
    const fresh = await startSandbox({ port: 0, dataFile: file })
    await fresh.close()
    const { productCatalogs: _c, products: _p, productSets: _s, ...old } = fresh.state()
    await writeFile(file, JSON.stringify(old))
    const reloaded = await startSandbox({ port: 0, dataFile: file })
    try {
      const who = await authorizeDemoUser(reloaded)
      const listed = await call<Envelope<unknown[]>>(who, { url: `${reloaded.adsUrl}/12/product_catalogs` })
      expect(listed.status).toBe(200)
      expect(listed.body.data).toEqual([])
    } finally {
      await reloaded.close()
    }
  })
})
