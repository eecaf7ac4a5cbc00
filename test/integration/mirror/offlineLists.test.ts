import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import type { Sandbox } from '../../../sandbox/index'
import { createCatalog, putProducts } from '../../../src/main/api/catalog'
import { openConnectedApp } from '../library/connectedApp'
import type { ConnectedApp } from '../library/connectedApp'

/**
 * Offline, the line items, audiences and catalog lists read the account mirror and say how old
 * it is; online they read the platform and say nothing of the mirror.
 */

let sandbox: Sandbox
let app: ConnectedApp
let accountId: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  accountId = sandbox.demo.accountIds[0]!
  sandbox.fill({ kind: 'line_items', accountId, count: 3 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio mirror lists ${process.pid}` })
  const ctx = await app.adsContext()
  const catalog = await createCatalog(ctx, 'Offline catalog')
  await putProducts(ctx, catalog.id, [
    {
      id: 'sku-offline',
      title: 'Mirrored lamp',
      description: 'A lamp',
      availability: 'in stock',
      condition: 'new',
      price: '30.00 USD',
      link: 'https://example.com/lamp',
      image_link: 'https://example.com/lamp.png',
      brand: 'Acme',
    },
  ])
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const scope = () => ({ profileId: app.profile.id, accountId })

interface LineItemsPage {
  lineItems: { id: string; name: string | null }[]
  nextCursor: string | null
  mirror?: { asOf: string }
}

describe('lists offline, from the account mirror', () => {
  it('reads the platform online, then the mirror once the platform is gone', async () => {
    const online = await app.call<LineItemsPage>('lineItems.list', scope())
    expect(online.mirror).toBeUndefined()
    expect(online.lineItems.map((i) => i.name)).toContain('Filled line item 3')
    await app.call('mirror.refresh', scope())
    // Made after the mirror's walk: offline, the mirror does not know it.
    sandbox.fill({ kind: 'line_items', accountId, count: 4 })

    await sandbox.close()
    const offline = await app.call<LineItemsPage>('lineItems.list', scope())
    expect(offline.mirror?.asOf).toEqual(expect.any(String))
    expect(offline.nextCursor).toBeNull()
    expect(offline.lineItems.map((i) => i.name).sort()).toEqual(online.lineItems.map((i) => i.name).sort())

    const links = await app.call<{ links: unknown[]; mirror?: { asOf: string } }>('lineItems.categories', {
      ...scope(),
      lineItemId: offline.lineItems[0]!.id,
    })
    expect(links.mirror?.asOf).toEqual(expect.any(String))

    const audiences = await app.call<{
      audiences: { name: string }[]
      doNotReachLists: { name: string }[]
      mirror?: { asOf: string }
    }>('audiences.list', { profileId: app.profile.id })
    expect(audiences.mirror?.asOf).toEqual(expect.any(String))
    expect(audiences.audiences.length).toBeGreaterThan(0)
    expect(audiences.doNotReachLists.length).toBeGreaterThan(0)

    const catalog = await app.call<{ counts: { sent: number }; mirror?: { asOf: string } }>(
      'catalog.refresh',
      {
        profileId: app.profile.id,
      },
    )
    expect(catalog.mirror?.asOf).toEqual(expect.any(String))
    expect(catalog.counts.sent).toBe(1)
    const products = await app.call<{ rows: { id: string; title?: string }[] }>('catalog.products', {
      profileId: app.profile.id,
      offset: 0,
      limit: 10,
    })
    expect(products.rows.map((r) => r.id)).toEqual(['sku-offline'])
  })
})
