import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SEEDED_AUDIENCES, SEEDED_DO_NOT_REACH_LISTS } from '../../sandbox/index'
import { call } from './helpers/client'
import type { SignedRequest } from './helpers/client'
import { useSandbox } from './helpers/setup'

type Json = Record<string, unknown>

const env = useSandbox({ limits: { audienceProcessingMs: 0 } })

const ads = (path: string): string => `${env.sandbox.adsUrl}/12${path}`
const sha = (text: string): string => createHash('sha256').update(text).digest('hex')
const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/

async function send(request: SignedRequest): Promise<Json> {
  const response = await call<{ data: Json }>(env.user, request)
  expect(response.status, response.text).toBe(200)
  return response.body.data
}

/** Reads updated_at through the API after each of three updates made back to back. */
async function stampsAfter(
  update: (i: number) => Promise<unknown>,
  read: () => Promise<Json>,
): Promise<string[]> {
  const stamps = [String((await read()).updated_at)]
  for (let i = 0; i < 3; i++) {
    await update(i)
    stamps.push(String((await read()).updated_at))
  }
  return stamps
}

function expectAdvancing(stamps: string[]): void {
  for (const stamp of stamps) expect(stamp).toMatch(SECONDS)
  for (let i = 1; i < stamps.length; i++)
    expect(Date.parse(stamps[i] ?? ''), stamps.join(' → ')).toBeGreaterThan(Date.parse(stamps[i - 1] ?? ''))
}

const state = () => env.sandbox.state()

describe('updated_at moves on at every update made through the API, even within one second', () => {
  it.each([
    [
      'account (PUT)',
      () => ads(`/accounts/${env.second}`),
      (i: number) => ({ method: 'PUT', form: { name: `Second ${i}` } }),
    ],
    [
      'card (PUT)',
      () => ads(`/accounts/${env.main}/cards/${String(state().cards[0]?.id)}`),
      (i: number) => ({ method: 'PUT', json: { name: `Card ${i}` } }),
    ],
    [
      'media library object (PUT)',
      () => ads(`/accounts/${env.main}/media_library/${String(state().mediaLibrary[0]?.media_key)}`),
      (i: number) => ({ method: 'PUT', form: { name: `Banner ${i}` } }),
    ],
    [
      'line item (PUT)',
      () => ads(`/accounts/${env.main}/line_items/${String(state().lineItems[0]?.id)}`),
      (i: number) => ({ method: 'PUT', form: { name: `Line item ${i}` } }),
    ],
    [
      'do-not-reach list (user upload)',
      () => ads(`/accounts/${env.main}/do_not_reach_lists/${SEEDED_DO_NOT_REACH_LISTS.legalHold}`),
      (i: number) => ({
        method: 'POST',
        url: ads(
          `/batch/accounts/${env.main}/do_not_reach_lists/${SEEDED_DO_NOT_REACH_LISTS.legalHold}/users`,
        ),
        json: [{ operation_type: 'Update', params: { users: [{ email: [sha(`dnr${i}@example.com`)] }] } }],
      }),
    ],
    [
      'custom audience (user upload)',
      () => ads(`/accounts/${env.main}/custom_audiences/${SEEDED_AUDIENCES.emptyList}`),
      (i: number) => ({
        method: 'POST',
        url: ads(`/accounts/${env.main}/custom_audiences/${SEEDED_AUDIENCES.emptyList}/users`),
        json: [{ operation_type: 'Update', params: { users: [{ platform_id: [sha(`${i}`)] }] } }],
      }),
    ],
  ] as const)('%s', async (_name, url, update) => {
    const stamps = await stampsAfter(
      (i) => send({ url: url(), ...update(i) } as SignedRequest),
      // A card is read as a one-element array (the spec's sample).
      async () => [await send({ url: url() })].flat()[0] as Json,
    )
    expectAdvancing(stamps)
  })

  it('line item curated category (PUT) and tailored audience permission (granted again)', async () => {
    const categories = state().curatedCategories.map((c) => String(c.id))
    const link = await send({
      method: 'POST',
      url: ads(`/accounts/${env.main}/line_item_curated_categories`),
      form: { line_item_id: String(state().lineItems[0]?.id), curated_category_id: categories[0] ?? '' },
    })
    const linkUrl = ads(`/accounts/${env.main}/line_item_curated_categories/${String(link.id)}`)
    expectAdvancing(
      await stampsAfter(
        (i) =>
          send({ method: 'PUT', url: linkUrl, form: { curated_category_id: categories[(i + 1) % 2] ?? '' } }),
        () => send({ url: linkUrl }),
      ),
    )
    const permissions = `${env.sandbox.adsUrl}/5/accounts/${env.main}/tailored_audiences/${SEEDED_AUDIENCES.purchasers}/permissions`
    const grant = (level: string) =>
      send({
        method: 'POST',
        url: permissions,
        form: { granted_account_id: env.second, permission_level: level },
      })
    const id = String((await grant('READ_ONLY')).id)
    const read = async (): Promise<Json> =>
      ((
        await call<{ data: Json[] }>(env.user, {
          url: permissions,
          query: { tailored_audience_permission_ids: id },
        })
      ).body.data[0] ?? {}) as Json
    expectAdvancing(await stampsAfter((i) => grant(i % 2 === 0 ? 'READ_WRITE' : 'READ_ONLY'), read))
  })

  it('a media library object moves on when it is first posted', async () => {
    const item = state().mediaLibrary.find(
      (m) => m._account === env.main && m.media_type === 'IMAGE' && !m.posted,
    )
    const url = ads(`/accounts/${env.main}/media_library/${String(item?.media_key)}`)
    const before = await send({ url })
    await send({
      method: 'POST',
      url: ads(`/accounts/${env.main}/post`),
      form: { as_user_id: env.user.userId, text: 'With media', media_keys: String(item?.media_key) },
    })
    const after = await send({ url })
    expect(after.posted).toBe(true)
    expect(Date.parse(String(after.updated_at))).toBeGreaterThan(Date.parse(String(before.updated_at)))
  })
})

describe('account history pages', () => {
  it('follows next_cursor to the end, each entry once', async () => {
    const lineItem = String(state().lineItems.find((l) => l.name === 'App installs')?.id)
    for (let i = 0; i < 5; i++)
      await send({
        method: 'PUT',
        url: ads(`/accounts/${env.main}/line_items/${lineItem}`),
        form: { name: `Paged ${i}` },
      })
    const hour = 3_600_000
    const query = {
      entity_type: 'LINE_ITEM',
      entity_id: lineItem,
      start_time: new Date(Date.parse('2026-01-01T00:00:00Z')).toISOString().replace('.000Z', 'Z'),
      end_time: new Date((Math.floor(Date.now() / hour) + 2) * hour).toISOString().replace('.000Z', 'Z'),
      count: '2',
    }
    const seen: Json[] = []
    let cursor: string | null | undefined
    do {
      const page = await call<{ data: Json[]; next_cursor: string | null }>(env.user, {
        url: ads(`/accounts/${env.main}/account_history`),
        query: cursor ? { ...query, cursor } : query,
      })
      expect(page.status, page.text).toBe(200)
      seen.push(...page.body.data)
      cursor = page.body.next_cursor
    } while (cursor)
    expect(seen.map((h) => (h.changes as Json | null)?.name ?? h.change_type)).toEqual([
      'CREATE',
      'Paged 0',
      'Paged 1',
      'Paged 2',
      'Paged 3',
      'Paged 4',
    ])
  })
})
