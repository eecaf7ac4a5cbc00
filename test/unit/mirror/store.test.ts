import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppFailure, appError } from '../../../src/shared/errors'
import { fingerprintOf } from '../../../src/main/mirror/kinds'
import { recordOf } from '../../../src/main/mirror/records'
import { createMirrorStore } from '../../../src/main/mirror/store'
import type { MirrorStore } from '../../../src/main/mirror/store'
import { refreshKind } from '../../../src/main/mirror/sync'
import type { MirrorPageFetcher } from '../../../src/main/mirror/sync'

const AT = '2026-12-07T10:00:00.000Z'
const card = (id: string, name: string, updated = '2026-12-01T09:00:00Z') => ({
  id,
  name,
  card_type: 'IMAGE_WEBSITE',
  components: [{ type: 'DETAILS', title: 'Sale' }],
  created_at: '2026-11-01T09:00:00Z',
  updated_at: updated,
  deleted: false,
})

let dir: string
let store: MirrorStore
const storeAt = (): MirrorStore =>
  createMirrorStore({ root: join(dir, 'mirror'), quarantineDir: join(dir, 'quarantine') })

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mirror-store-'))
  store = storeAt()
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('fingerprint', () => {
  it('is the same whatever the key order, and ignores fields the app cannot edit', () => {
    const a = card('1', 'Summer')
    const reordered = Object.fromEntries(Object.entries(a).reverse())
    expect(fingerprintOf('cards', reordered)).toBe(fingerprintOf('cards', a))
    expect(fingerprintOf('cards', { ...a, updated_at: '2026-12-05T00:00:00Z' })).toBe(
      fingerprintOf('cards', a),
    )
    expect(fingerprintOf('cards', { ...a, name: 'Winter' })).not.toBe(fingerprintOf('cards', a))
    expect(fingerprintOf('cards', { ...a, components: [{ title: 'Sale', type: 'DETAILS' }] })).toBe(
      fingerprintOf('cards', a),
    )
  })

  it('covers a media library object’s editable fields only', () => {
    const item = { media_key: '3_1', name: 'Banner', media_url: 'https://x/1.png', updated_at: AT }
    expect(fingerprintOf('media_library', { ...item, media_url: 'https://x/2.png' })).toBe(
      fingerprintOf('media_library', item),
    )
    expect(fingerprintOf('media_library', { ...item, title: 'New' })).not.toBe(
      fingerprintOf('media_library', item),
    )
  })
})

describe('records of odd objects', () => {
  it('keeps an object in an unexpected shape raw and flagged, keyed even without an id', () => {
    const noStamp = recordOf('cards', { id: '7', name: 'No stamp' }, AT)
    expect(noStamp).toMatchObject({
      id: '7',
      updatedAt: null,
      flagged: expect.stringContaining('updated_at'),
    })
    const noId = recordOf('cards', { name: 42, updated_at: AT }, AT)
    expect(noId.id).toMatch(/^unkeyed-/)
    expect(noId.flagged).toContain('not the shape')
    expect(noId.raw).toEqual({ name: 42, updated_at: AT })
    expect(recordOf('cards', card('8', 'Fine'), AT).flagged).toBeUndefined()
  })
})

describe('mirror store', () => {
  it('keeps a finished walk across a restart, flagged objects included', async () => {
    const mirror = await store.open('p1', 'acc1', 'cards')
    await mirror.beginRun()
    await mirror.savePage([recordOf('cards', card('1', 'One'), AT), recordOf('cards', 'nonsense', AT)], null)
    await mirror.finishRun()

    const again = await storeAt().open('p1', 'acc1', 'cards')
    expect(again.status()).toMatchObject({ count: 2, flagged: 1, run: null, asOf: expect.any(String) })
    expect(again.get('1')).toMatchObject({ name: 'One', updatedAt: '2026-12-01T09:00:00Z' })
    expect(again.get('1')).not.toHaveProperty('raw')
    const snapshot = JSON.parse(
      await readFile(join(dir, 'mirror', 'p1', 'acc1', 'cards', 'snapshot.json'), 'utf8'),
    ) as { records: { raw: unknown; flagged?: string }[] }
    expect(snapshot.records.find((r) => r.flagged)?.raw).toBe('nonsense')
  })

  it('marks objects a complete walk no longer sees as missing, and keeps them', async () => {
    const mirror = await store.open('p1', 'acc1', 'cards')
    await mirror.beginRun()
    await mirror.savePage(
      [recordOf('cards', card('1', 'One'), AT), recordOf('cards', card('2', 'Two'), AT)],
      null,
    )
    await mirror.finishRun()
    await mirror.beginRun()
    await mirror.savePage([recordOf('cards', card('1', 'One'), AT)], null)
    await mirror.finishRun()
    expect(mirror.get('2')).toMatchObject({ missing: true })
    expect(mirror.get('1')?.missing).toBeUndefined()
  })

  it('quarantines a damaged snapshot and starts empty, so the next walk fetches it again', async () => {
    const kindDir = join(dir, 'mirror', 'p1', 'acc1', 'cards')
    const mirror = await store.open('p1', 'acc1', 'cards')
    await mirror.beginRun()
    await mirror.savePage([recordOf('cards', card('1', 'One'), AT)], null)
    await mirror.finishRun()
    await writeFile(join(kindDir, 'snapshot.json'), '{"schema":1,"kind":"cards","asOf":"x","records":[{"id":')

    const fresh = storeAt()
    const reopened = await fresh.open('p1', 'acc1', 'cards')
    expect(reopened.status()).toMatchObject({ count: 0, asOf: null })
    expect(fresh.quarantined()).toEqual([
      expect.objectContaining({ file: 'p1--acc1--cards--snapshot.json', why: 'it is not valid JSON' }),
    ])
    expect(await readdir(join(dir, 'quarantine'))).toHaveLength(1)
    expect(await readdir(kindDir)).not.toContain('snapshot.json')
  })

  it('resumes a walk from the page after the last one saved, dropping the page in flight', async () => {
    const kindDir = join(dir, 'mirror', 'p1', 'acc1', 'cards')
    const mirror = await store.open('p1', 'acc1', 'cards')
    await mirror.beginRun()
    await mirror.savePage([recordOf('cards', card('1', 'One'), AT)], 'cursor-2')
    // The crash came after page 2 was written but before the run counted it.
    await writeFile(join(kindDir, 'page-000002.json'), '{"schema":1,"records":[]}')

    const reopened = await storeAt().open('p1', 'acc1', 'cards')
    expect(reopened.status().run).toMatchObject({ cursor: 'cursor-2', pages: 1, done: false })
    expect(reopened.get('1')?.name).toBe('One')
    expect(await readdir(kindDir)).not.toContain('page-000002.json')
  })

  it('refuses a profile or account id that could leave its folder', async () => {
    await expect(store.open('../p', 'acc1', 'cards')).rejects.toThrow()
    await expect(store.open('p1', 'a/b', 'cards')).rejects.toThrow()
  })
})

describe('refreshKind', () => {
  it('waits out a rate limit and asks for the same page again', async () => {
    const asked: (string | null)[] = []
    const slept: number[] = []
    let refused = false
    const fetchPage: MirrorPageFetcher = async (_kind, cursor) => {
      asked.push(cursor)
      if (cursor === 'c2' && !refused) {
        refused = true
        throw new AppFailure(appError('rate_limited', 'wait', { retryAfter: 3 }))
      }
      return cursor === null
        ? { items: [card('1', 'One')], nextCursor: 'c2' }
        : { items: [card('2', 'Two')], nextCursor: null }
    }
    const mirror = await store.open('p1', 'acc1', 'cards')
    const result = await refreshKind(mirror, fetchPage, { sleep: async (ms) => void slept.push(ms) })
    expect(asked).toEqual([null, 'c2', 'c2'])
    expect(slept).toEqual([3000])
    expect(result).toMatchObject({ pages: 2, objects: 2, waits: 1 })
    expect(mirror.status()).toMatchObject({ count: 2, run: null })
  })

  it('stops on a failure other than a rate limit, keeping the pages saved for the next refresh', async () => {
    let offline = true
    const asked: (string | null)[] = []
    const fetchPage: MirrorPageFetcher = async (_kind, cursor) => {
      asked.push(cursor)
      if (cursor === 'c2' && offline) throw new AppFailure(appError('offline', 'offline'))
      return cursor === null
        ? { items: [card('1', 'One')], nextCursor: 'c2' }
        : { items: [card('2', 'Two')], nextCursor: null }
    }
    await expect(refreshKind(await store.open('p1', 'acc1', 'cards'), fetchPage)).rejects.toThrow('offline')
    offline = false
    await refreshKind(await storeAt().open('p1', 'acc1', 'cards'), fetchPage)
    expect(asked).toEqual([null, 'c2', 'c2'])
  })
})
