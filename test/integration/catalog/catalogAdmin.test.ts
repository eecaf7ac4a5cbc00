// The user's one catalog (A:9, A:97) found before a second is made, and deleting it (A:99)
// behind a typed confirmation, through the outbox, against the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatalog } from '../../../src/main/api/catalog'
import type { CatalogState } from '../../../src/shared/ipc/contracts/catalogs'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

let sandbox: Sandbox
let app: ConnectedApp

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, {
    keychainService: `Ads Studio catalog admin test ${process.pid}`,
    config: { outbox: { backoffBaseMs: 20, backoffMaxMs: 100 } },
  })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const profileId = () => app.profile.id
const live = () => sandbox.list('product_catalogs').filter((catalog) => catalog.deleted !== true)

describe("the user's one catalog", () => {
  it('names the catalog made elsewhere instead of creating a second one, and adopts it when asked', async () => {
    await createCatalog(await app.adsContext(), 'Made on the web')
    await expect(app.call('catalog.save', { profileId: profileId(), name: 'Shop' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'existingCatalog',
      message: expect.stringContaining('“Made on the web”'),
    })
    expect(live()).toHaveLength(1)
    const state = await app.call<CatalogState>('catalog.refresh', { profileId: profileId() })
    expect(state.catalog).toMatchObject({ name: 'Made on the web', status: 'created' })
  })

  it('deletes it only when its name is typed, through the outbox, and forgets it here', async () => {
    await expect(
      app.call('catalog.delete', { profileId: profileId(), confirmName: 'Made on the' }),
    ).rejects.toMatchObject({ field: 'confirmName' })
    expect(live()).toHaveLength(1)
    const { job } = await app.call<{ job: OutboxJobView }>('catalog.delete', {
      profileId: profileId(),
      confirmName: 'Made on the web',
    })
    expect(job.title).toMatch(
      /^Deleting “Made on the web” deletes it on the platform permanently, with .*products? and .*product sets?\.$/,
    )
    await app.services.outbox.idle()
    expect(live()).toEqual([])
    const state = await app.call<CatalogState>('catalog.state', { profileId: profileId() })
    expect(state.catalog).toBeNull()
    // With none left, a new catalog can be made.
    await app.call('catalog.save', { profileId: profileId(), name: 'Shop' })
    await app.services.outbox.idle()
    expect(live().map((catalog) => catalog.name)).toEqual(['Shop'])
  })
})
