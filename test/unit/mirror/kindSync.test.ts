import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppFailure, appError } from '../../../src/shared/errors'
import { fingerprintOf, MIRROR_KIND_SPECS } from '../../../src/main/mirror/kinds'
import type { MirrorKind } from '../../../src/main/mirror/kinds'
import { createMirrorStore } from '../../../src/main/mirror/store'
import type { MirrorStore } from '../../../src/main/mirror/store'
import { refreshKind } from '../../../src/main/mirror/sync'
import type { MirrorPageFetcher } from '../../../src/main/mirror/sync'

/**
 * Each kind added for issue 42 item 1 walks its list the same way: page by page with the cursor,
 * on from the saved cursor after a crash, a rate limit waited out once. Objects are shaped as the
 * spec describes them (or the platform's public lists, where the spec shows none).
 */

const STAMP = '2026-12-01T09:00:00Z'

/** A well-formed object of the kind, numbered n, with the name shown in lists. */
const OBJECTS: Record<string, (n: number) => Record<string, unknown>> = {
  posts: (n) => ({ id: 1_000 + n, id_str: String(1_000 + n), name: `Post ${n}`, full_text: `Text ${n}` }),
  line_items: (n) => ({
    id: `li${n}`,
    name: `Line item ${n}`,
    campaign_id: 'c1',
    objective: 'WEBSITE_CLICKS',
    placements: ['ALL_ON_PLATFORM'],
    entity_status: 'ACTIVE',
    bid_amount_local_micro: 1_500_000,
    updated_at: STAMP,
    deleted: false,
  }),
  line_item_curated_categories: (n) => ({
    id: `lc${n}`,
    line_item_id: `li${n}`,
    curated_category_id: 'cat1',
    updated_at: STAMP,
    deleted: false,
  }),
  product_catalogs: (n) => ({ id: `cat${n}`, name: `Catalog ${n}` }),
  products: (n) => ({
    id: `SKU-${n}`,
    product_key: `pk${n}`,
    title: `Product ${n}`,
    description: 'A thing',
    availability: 'in stock',
    condition: 'new',
    price: '10.00 USD',
    link: 'https://example.com/p',
    image_link: 'https://example.com/p.png',
    brand: null,
  }),
  product_sets: (n) => ({
    id: `set${n}`,
    name: `Set ${n}`,
    description: null,
    type: 'MANUAL',
    product_ids: ['SKU-1'],
    filters: [],
    processing_status: 'DONE',
  }),
  custom_audiences: (n) => ({
    id: `ca${n}`,
    name: `Audience ${n}`,
    audience_size: 1200,
    targetable: true,
    updated_at: STAMP,
    deleted: false,
  }),
  do_not_reach_lists: (n) => ({
    id: `dnr${n}`,
    name: `List ${n}`,
    description: 'Opted out',
    targetable: false,
    reasons_not_targetable: ['PROCESSING'],
    list_size: 0,
    updated_at: STAMP,
    deleted: false,
  }),
}
const NEW_KINDS = Object.keys(OBJECTS) as MirrorKind[]
/** Links between a line item and a category have no name. */
const nameOf = (kind: MirrorKind, n: number) =>
  (OBJECTS[kind]!(n)[MIRROR_KIND_SPECS[kind].nameKey ?? 'name'] as string | undefined) ?? null
const idOf = (kind: MirrorKind, n: number) => String(OBJECTS[kind]!(n)[MIRROR_KIND_SPECS[kind].idKey])

/** A list of 5 objects, two to a page, cursors "c2" and "c4"; `before` runs ahead of each answer. */
function fakeList(kind: MirrorKind, before?: (cursor: string | null, call: number) => void) {
  const asked: (string | null)[] = []
  const fetch: MirrorPageFetcher = async (asking, cursor) => {
    expect(asking).toBe(kind)
    asked.push(cursor)
    before?.(cursor, asked.length)
    const from = cursor === null ? 0 : Number(cursor.slice(1))
    const items = [1, 2, 3, 4, 5].slice(from, from + 2).map((n) => OBJECTS[kind]!(n))
    return { items, nextCursor: from + 2 < 5 ? `c${from + 2}` : null }
  }
  return { fetch, asked }
}

let dir: string
const storeAt = (): MirrorStore =>
  createMirrorStore({ root: join(dir, 'mirror'), quarantineDir: join(dir, 'quarantine') })

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mirror-kinds-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe.each(NEW_KINDS)('getting recent %s', (kind) => {
  it('pages through the list with its cursors and keeps every object, none flagged', async () => {
    const { fetch, asked } = fakeList(kind)
    const mirror = await storeAt().open('p1', '18ce54d4x5t', kind)
    const result = await refreshKind(mirror, fetch)
    expect(result).toMatchObject({ pages: 3, objects: 5, waits: 0 })
    expect(asked).toEqual([null, 'c2', 'c4'])
    expect(mirror.status()).toMatchObject({ count: 5, flagged: 0, run: null, asOf: expect.any(String) })
    const entry = mirror.get(idOf(kind, 3))
    expect(entry).toMatchObject({ name: nameOf(kind, 3), deleted: false })
    expect(entry?.fingerprint).toBe(fingerprintOf(kind, OBJECTS[kind]!(3)))
    // The kinds that carry updated_at keep it as sent; the others have none to keep.
    expect(entry?.updatedAt).toBe(MIRROR_KIND_SPECS[kind].stamped === false ? null : STAMP)
  })

  it('goes on from the saved cursor after a crash, asking no saved page again', async () => {
    const crashing = fakeList(kind, (_cursor, call) => {
      if (call === 2) throw new Error('the app was killed')
    })
    await expect(
      refreshKind(await storeAt().open('p1', '18ce54d4x5t', kind), crashing.fetch),
    ).rejects.toThrow('killed')
    // A new store, as after a restart, reads the walk from disk and goes on from "c2".
    const again = fakeList(kind)
    const mirror = await storeAt().open('p1', '18ce54d4x5t', kind)
    expect(mirror.status()).toMatchObject({ count: 2, run: { cursor: 'c2', pages: 1 } })
    const result = await refreshKind(mirror, again.fetch)
    expect(again.asked).toEqual(['c2', 'c4'])
    expect(result).toMatchObject({ pages: 2, objects: 3 })
    expect(mirror.status()).toMatchObject({ count: 5, run: null })
  })

  it('waits out a rate limit once, for as long as the platform says, then asks the same page', async () => {
    let limited = false
    const { fetch, asked } = fakeList(kind, (cursor) => {
      if (cursor === 'c2' && !limited) {
        limited = true
        throw new AppFailure(appError('rate_limited', 'Too many requests', { retryAfter: 7 }))
      }
    })
    const slept: number[] = []
    const mirror = await storeAt().open('p1', '18ce54d4x5t', kind)
    const result = await refreshKind(mirror, fetch, { sleep: async (ms) => void slept.push(ms) })
    expect(slept).toEqual([7_000])
    expect(result).toMatchObject({ waits: 1, pages: 3, objects: 5 })
    expect(asked).toEqual([null, 'c2', 'c2', 'c4'])
  })
})

describe('editable fields', () => {
  it('a line item’s fingerprint moves with its budget, not with its updated_at', () => {
    const item = OBJECTS.line_items!(1)
    expect(fingerprintOf('line_items', { ...item, updated_at: '2026-12-06T00:00:00Z' })).toBe(
      fingerprintOf('line_items', item),
    )
    expect(fingerprintOf('line_items', { ...item, bid_amount_local_micro: 2_000_000 })).not.toBe(
      fingerprintOf('line_items', item),
    )
  })

  it('a post’s fingerprint covers its name only', () => {
    const post = OBJECTS.posts!(1)
    expect(fingerprintOf('posts', { ...post, favorite_count: 9 })).toBe(fingerprintOf('posts', post))
    expect(fingerprintOf('posts', { ...post, name: 'Renamed' })).not.toBe(fingerprintOf('posts', post))
  })

  it('a product’s covers the fields a PUT replaces, not the service’s product_key', () => {
    const product = OBJECTS.products!(1)
    expect(fingerprintOf('products', { ...product, product_key: 'other' })).toBe(
      fingerprintOf('products', product),
    )
    expect(fingerprintOf('products', { ...product, price: '12.00 USD' })).not.toBe(
      fingerprintOf('products', product),
    )
  })
})

describe('objects read one by one', () => {
  it('are kept over an older reading, survive a restart and fold into the next walk', async () => {
    const { fetch } = fakeList('line_items')
    const mirror = await storeAt().open('p1', '18ce54d4x5t', 'line_items')
    await refreshKind(mirror, fetch)
    const before = mirror.get('li2')!
    const { recordOf } = await import('../../../src/main/mirror/records')
    const fresh = recordOf(
      'line_items',
      { ...OBJECTS.line_items!(2), name: 'Renamed elsewhere', updated_at: '2026-12-07T09:00:00Z' },
      new Date(Date.parse(before.fetchedAt) + 1_000).toISOString(),
    )
    await mirror.putRecord(fresh)
    expect(mirror.get('li2')).toMatchObject({ name: 'Renamed elsewhere' })

    const reopened = await storeAt().open('p1', '18ce54d4x5t', 'line_items')
    expect(reopened.get('li2')).toMatchObject({ name: 'Renamed elsewhere' })
    expect((await reopened.readRecord('li2'))?.raw).toMatchObject({ name: 'Renamed elsewhere' })
    expect((await reopened.readRecords()).find((r) => r.id === 'li2')?.name).toBe('Renamed elsewhere')

    // The next walk reads it later than the single reading: the walk's reading wins.
    await refreshKind(reopened, fakeList('line_items').fetch, {
      now: () => Date.parse(fresh.fetchedAt) + 60_000,
    })
    expect(reopened.get('li2')).toMatchObject({ name: 'Line item 2' })
  })
})
