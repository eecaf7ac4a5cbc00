import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openCatalogStore, type StoredProduct } from '../../../src/main/catalog/catalogStore'
import { readJson, useTempDirs } from '../drafts/helpers'

function record(id: string): StoredProduct {
  return {
    product: { id, title: `Product ${id}` } as StoredProduct['product'],
    status: 'pending',
    messages: [],
    revision: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  }
}

describe('the catalog store file', () => {
  const tempDir = useTempDirs()

  it('writes exactly the store’s state, records changed in place included, whether named or not', async () => {
    const dataDir = await tempDir()
    const fileOf = () => readJson(join(dataDir, 'catalog', 'p1.json'))
    const store = await openCatalogStore(dataDir, 'p1')
    store.setCatalog({ name: 'Spring', status: 'pending' })
    for (const id of ['a', 'b', 'c']) store.put(record(id))
    await store.flush()

    // Named: only these are written out again.
    store.get('a')!.status = 'sent'
    store.get('a')!.productKey = 'key-a'
    store.touch(['a'])
    await store.flush()
    const expected = () => ({
      schema: 1,
      catalog: store.catalog(),
      products: store.all(),
      sets: store.sets(),
    })
    expect(await fileOf()).toEqual(JSON.parse(JSON.stringify(expected())))

    // Not named: every record is written out again.
    store.get('b')!.status = 'refused'
    store.get('c')!.jobId = 'job-1'
    store.touch()
    store.remove('a')
    store.put({ ...record('d'), status: 'fixed' })
    await store.flush()
    expect(await fileOf()).toEqual(JSON.parse(JSON.stringify(expected())))

    const reopened = await openCatalogStore(dataDir, 'p1')
    expect(reopened.all().map((entry) => [entry.product.id, entry.status, entry.jobId])).toEqual([
      ['b', 'refused', undefined],
      ['c', 'pending', 'job-1'],
      ['d', 'fixed', undefined],
    ])
  })
})
