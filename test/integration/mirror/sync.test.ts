import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import type { Sandbox } from '../../../sandbox/index'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import { resolveHosts } from '../../../src/main/api/hosts'
import { createHttpClient } from '../../../src/main/api/http'
import { exchangePin, requestToken } from '../../../src/main/auth/pinFlow'
import { createMirrorStore } from '../../../src/main/mirror/store'
import type { MirrorStore } from '../../../src/main/mirror/store'
import { adsPageFetcher, refreshAccount } from '../../../src/main/mirror/sync'
import type { MirrorPageFetcher } from '../../../src/main/mirror/sync'
import { approveInBrowser } from '../../support/authorizePage'

/** "Get recent changes" against the sandbox: its cursors, its rate limits, its outside edits. */

const CARDS_ROUTE = 'GET /ads/12/accounts/:account_id/cards'
let sandbox: Sandbox
let ctx: AdsContext
let accountId: string
let dir: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  const hosts = resolveHosts(
    { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    {},
  )
  const { consumerKey, consumerSecret } = sandbox.demo
  const http = createHttpClient({ timeoutMs: 10_000 })
  const pending = await requestToken({ hosts, http, consumerKey, consumerSecret, accessType: 'write' })
  const pin = await approveInBrowser(pending.authorizeUrl)
  const access = await exchangePin({ hosts, http, consumerKey, consumerSecret, ...pending, pin })
  const credentials = {
    consumerKey,
    consumerSecret,
    token: access.accessToken,
    tokenSecret: access.accessTokenSecret,
  }
  ctx = { http, hosts, credentials }
  accountId = sandbox.demo.accountIds[0]!
  // 450 filled cards and the seeded one: three pages of at most 200 (spec part B:79).
  sandbox.fill({ kind: 'cards', accountId, count: 450 })
  dir = await mkdtemp(join(tmpdir(), 'mirror-sync-'))
})
afterAll(async () => {
  await sandbox?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const storeIn = (name: string): MirrorStore =>
  createMirrorStore({ root: join(dir, name), quarantineDir: join(dir, `${name}-quarantine`) })

function cardListRequests(since: number) {
  return sandbox.requestLog(since).filter((entry) => entry.route === CARDS_ROUTE)
}

const lastSeq = (): number => sandbox.requestLog().at(-1)?.seq ?? 0

describe('getting recent changes from the sandbox', () => {
  it('pages through the cards list with its cursors and keeps every card', async () => {
    const since = lastSeq()
    const store = storeIn('paged')
    const [result] = await refreshAccount(store, 'p1', accountId, adsPageFetcher(ctx, accountId), {
      kinds: ['cards'],
    })
    expect(result).toMatchObject({ pages: 3, objects: 451, waits: 0 })
    const requests = cardListRequests(since)
    expect(requests.map((r) => [r.query.count, r.query.with_deleted, r.query.cursor !== undefined])).toEqual([
      ['200', 'true', false],
      ['200', 'true', true],
      ['200', 'true', true],
    ])
    const mirror = await store.open('p1', accountId, 'cards')
    expect(mirror.status()).toMatchObject({ count: 451, flagged: 0, run: null })
    expect(mirror.list().every((entry) => entry.updatedAt !== null)).toBe(true)
  })

  it('resumes after a crash mid-way without asking for a saved page again', async () => {
    const since = lastSeq()
    const real = adsPageFetcher(ctx, accountId)
    let calls = 0
    const crashing: MirrorPageFetcher = async (kind, cursor) => {
      if (++calls === 2) throw new Error('the app was killed')
      return real(kind, cursor)
    }
    await expect(
      refreshAccount(storeIn('crash'), 'p1', accountId, crashing, { kinds: ['cards'] }),
    ).rejects.toThrow('killed')
    // A new store, as after a restart, reads the walk from disk and goes on.
    const [result] = await refreshAccount(storeIn('crash'), 'p1', accountId, real, { kinds: ['cards'] })
    expect(result).toMatchObject({ pages: 2 })
    const cursors = cardListRequests(since).map((r) => r.query.cursor ?? 'first')
    expect(cursors).toHaveLength(3)
    expect(new Set(cursors).size).toBe(3)
    expect((await storeIn('crash').open('p1', accountId, 'cards')).status().count).toBe(451)
  })

  it('waits for the rate limit window instead of tripping a 429', async () => {
    sandbox.setLimits({ requestsPerWindow: 2, windowMs: 1_500 })
    try {
      // Let any window the earlier walks opened run out, then start with a pacer that knows nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_600))
      const since = lastSeq()
      const fresh = { ...ctx, http: createHttpClient({ timeoutMs: 10_000 }) }
      const [result] = await refreshAccount(
        storeIn('paced'),
        'p1',
        accountId,
        adsPageFetcher(fresh, accountId),
        {
          kinds: ['cards'],
        },
      )
      expect(result).toMatchObject({ pages: 3, objects: 451 })
      expect(result!.waits).toBeGreaterThanOrEqual(1)
      const statuses = cardListRequests(since).map((r) => r.status)
      expect(statuses).toEqual([200, 200, 200])
    } finally {
      sandbox.setLimits({ requestsPerWindow: 900, windowMs: 15 * 60_000 })
    }
  })

  it('sees an edit and a deletion made elsewhere on the next refresh', async () => {
    const store = storeIn('paged')
    const mirror = await store.open('p1', accountId, 'cards')
    const [edited, deleted] = mirror.list()
    const before = mirror.get(edited!.id)!
    sandbox.outsideChange({
      kind: 'cards',
      action: 'edit',
      id: edited!.id,
      fields: { name: 'Renamed in the web tool' },
    })
    sandbox.outsideChange({ kind: 'cards', action: 'delete', id: deleted!.id })
    await refreshAccount(store, 'p1', accountId, adsPageFetcher(ctx, accountId), { kinds: ['cards'] })
    const after = mirror.get(edited!.id)!
    expect(after.name).toBe('Renamed in the web tool')
    expect(after.fingerprint).not.toBe(before.fingerprint)
    expect(Date.parse(after.updatedAt!)).toBeGreaterThan(Date.parse(before.updatedAt!))
    expect(mirror.get(deleted!.id)).toMatchObject({ deleted: true })
    expect(mirror.status().count).toBe(451)
  })
})
