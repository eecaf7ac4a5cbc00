import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  OUTSIDE_KINDS,
  SEEDED_AUDIENCES,
  SEEDED_DO_NOT_REACH_LISTS,
  SEEDED_PERMISSIONS,
  startSandbox,
} from '../../sandbox/index'
import type { OutsideChange, OutsideKind, Sandbox } from '../../sandbox/index'
import { admin } from './helpers/admin'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

type Json = Record<string, unknown>

let sandbox: Sandbox
let user: UserTokens
let main: string
let second: string
const ids = {} as Record<OutsideKind, string>

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { productSetProcessingMs: 0 } })
  user = await authorizeDemoUser(sandbox)
  ;[main = '', second = ''] = sandbox.demo.accountIds
  const state = sandbox.state()
  const send = async (method: string, path: string, body: { form?: Json; json?: unknown }): Promise<Json> => {
    const response = await call<{ data: Json }>(user, { method, url: ads(path), ...body } as never)
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.text}`)
    return response.body.data
  }
  const library = (name: string): string =>
    String(state.mediaLibrary.find((m) => m._account === main && m.name === name)?.media_key)
  ids.cards = String(state.cards.find((c) => c._account === main)?.id)
  ids.poll_cards = String(
    (
      await send('POST', `/accounts/${main}/cards/poll`, {
        form: { name: 'Poll', duration_in_minutes: '60', first_choice: 'Yes', second_choice: 'No' },
      })
    ).id,
  )
  ids.video_conversation_cards = String(
    (
      await send('POST', `/accounts/${main}/cards/video_conversation`, {
        form: {
          name: 'Conversation',
          title: 'Pick one',
          first_cta: '#Yes',
          first_cta_post: 'Yes please',
          thank_you_text: 'Thanks',
          media_key: library('Product video 16x9'),
        },
      })
    ).id,
  )
  ids.posts = String(
    (
      await send('POST', `/accounts/${main}/post`, {
        form: { as_user_id: user.userId, text: 'Hi', name: 'Post' },
      })
    ).id_str,
  )
  ids.media_library = library('Square video 1x1')
  ids.line_items = String(state.lineItems.find((l) => l._account === main)?.id)
  ids.line_item_curated_categories = String(
    (
      await send('POST', `/accounts/${main}/line_item_curated_categories`, {
        form: { line_item_id: ids.line_items, curated_category_id: String(state.curatedCategories[0]?.id) },
      })
    ).id,
  )
  ids.product_catalogs = String((await send('POST', '/product_catalogs', { form: { name: 'Shop' } })).id)
  const product = {
    id: 'sku-1',
    title: 'Mug',
    description: 'A mug',
    availability: 'in stock',
    condition: 'new',
    price: '12.00 USD',
    link: 'https://shop.example.com/mug',
    image_link: 'https://cdn.example.com/mug.png',
    brand: 'Acme',
  }
  const put = await send('PUT', `/product_catalogs/${ids.product_catalogs}/products`, {
    json: { products: [product, { ...product, id: 'sku-2' }] },
  })
  const keys = (put.products_response as { product_key: string }[]).map((r) => r.product_key)
  ids.products = 'sku-1'
  ids.product_sets = String(
    (
      await send('POST', `/product_catalogs/${ids.product_catalogs}/product_sets`, {
        json: { name: 'Picked', type: 'MANUAL', product_keys: keys },
      })
    ).id,
  )
  ids.custom_audiences = SEEDED_AUDIENCES.emptyList
  ids.do_not_reach_lists = SEEDED_DO_NOT_REACH_LISTS.legalHold
  ids.tailored_audience_permissions = SEEDED_PERMISSIONS.newsletterToSecond
  ids.accounts = second
})
afterAll(async () => {
  await sandbox.close()
})

const ads = (path: string): string => `${sandbox.adsUrl}/12${path}`

async function get(url: string, query: Record<string, string> = {}): Promise<unknown> {
  const response = await call<{ data: unknown }>(user, { url, query })
  return response.status === 200 ? response.body.data : undefined
}
const first = (list: unknown, key: string, id: string): Json | undefined =>
  (list as Json[] | undefined)?.find((r) => String(r[key]) === id)
const deletedToo = { with_deleted: 'true' }

/** Each kind read back through the platform API, as the app reads it; undefined once gone. */
const READ: Record<OutsideKind, (id: string) => Promise<Json | undefined>> = {
  cards: async (id) => first(await get(ads(`/accounts/${main}/cards/${id}`), deletedToo), 'id', id),
  poll_cards: async (id) => (await get(ads(`/accounts/${main}/cards/poll/${id}`), deletedToo)) as Json,
  video_conversation_cards: async (id) =>
    (await get(ads(`/accounts/${main}/cards/video_conversation/${id}`), deletedToo)) as Json,
  posts: async (id) =>
    first(await get(ads(`/accounts/${main}/posts`), { post_type: 'PUBLISHED', post_ids: id }), 'id_str', id),
  media_library: async (id) => (await get(ads(`/accounts/${main}/media_library/${id}`))) as Json | undefined,
  line_items: async (id) => (await get(ads(`/accounts/${main}/line_items/${id}`), deletedToo)) as Json,
  line_item_curated_categories: async (id) =>
    (await get(ads(`/accounts/${main}/line_item_curated_categories/${id}`), deletedToo)) as Json,
  product_catalogs: async (id) => first(await get(ads('/product_catalogs')), 'id', id),
  products: async (id) =>
    first(await get(ads(`/product_catalogs/${ids.product_catalogs}/products`)), 'id', id),
  product_sets: async (id) =>
    (await get(ads(`/product_catalogs/${ids.product_catalogs}/product_sets/${id}`))) as Json | undefined,
  custom_audiences: async (id) =>
    (await get(ads(`/accounts/${main}/custom_audiences/${id}`))) as Json | undefined,
  do_not_reach_lists: async (id) =>
    (await get(ads(`/accounts/${main}/do_not_reach_lists/${id}`), deletedToo)) as Json,
  tailored_audience_permissions: async (id) =>
    first(
      await get(
        `${sandbox.adsUrl}/5/accounts/${main}/tailored_audiences/${SEEDED_AUDIENCES.newsletter}/permissions`,
        deletedToo,
      ),
      'id',
      id,
    ),
  accounts: async (id) => (await get(ads(`/accounts/${id}`))) as Json,
}

const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/
const outside = (body: Json) => admin<OutsideChange>(sandbox, 'POST', '/outside-edits', body)
const EDITABLE = OUTSIDE_KINDS.filter((kind) => kind !== 'poll_cards')
// Catalogs last: deleting one takes its products and product sets with it.
const DELETABLE = [
  ...OUTSIDE_KINDS.filter((kind) => kind !== 'accounts' && kind !== 'product_catalogs'),
  'product_catalogs',
] as const

describe('outside edits behind the app’s back (POST /__admin/outside-edits)', () => {
  it.each(EDITABLE)('edits %s: the API shows the new values and a later updated_at', async (kind) => {
    const before = await READ[kind](ids[kind])
    expect(before, `${kind} ${ids[kind]} is readable`).toBeDefined()
    const change = await outside({ kind, id: ids[kind] })
    expect(change.status, JSON.stringify(change.body)).toBe(200)
    const data = change.body.data as OutsideChange
    expect(data).toMatchObject({ kind, id: ids[kind], action: 'edit', source: 'request' })
    expect(Object.keys(data.changes).length).toBeGreaterThan(0)
    const after = await READ[kind](ids[kind])
    for (const [field, { from, to }] of Object.entries(data.changes)) {
      expect(before?.[field] ?? null).toEqual(from)
      expect(after?.[field]).toEqual(to)
    }
    if (before && 'updated_at' in before) {
      expect(after?.updated_at).toMatch(SECONDS)
      expect(Date.parse(String(after?.updated_at))).toBeGreaterThan(Date.parse(String(before.updated_at)))
      expect(data.updated_at).toBe(after?.updated_at)
    }
  })

  it('takes the values it is given, checked against the field’s rules', async () => {
    const renamed = await outside({
      kind: 'cards',
      id: ids.cards,
      fields: { name: 'Renamed by a colleague' },
    })
    expect((await READ.cards(ids.cards))?.name).toBe('Renamed by a colleague')
    expect(renamed.body.data?.changes).toEqual({
      name: { from: expect.any(String), to: 'Renamed by a colleague' },
    })
    const tooLong = await outside({ kind: 'cards', id: ids.cards, fields: { name: 'x'.repeat(81) } })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error?.message).toMatch(/name must be .* at most 80/)
    const notAField = await outside({
      kind: 'line_items',
      id: ids.line_items,
      fields: { objective: 'REACH' },
    })
    expect(notAField.status).toBe(400)
    const budget = await outside({
      kind: 'line_items',
      id: ids.line_items,
      fields: { entity_status: 'PAUSED', total_budget_amount_local_micro: 750_000_000 },
    })
    expect(budget.status).toBe(200)
    expect(await READ.line_items(ids.line_items)).toMatchObject({
      entity_status: 'PAUSED',
      total_budget_amount_local_micro: 750_000_000,
    })
  })

  it('moves updated_at on at every change, even several within one second', async () => {
    const stamps: string[] = []
    for (let i = 0; i < 3; i++)
      stamps.push(String((await outside({ kind: 'cards', id: ids.cards })).body.data?.updated_at))
    expect(new Set(stamps).size).toBe(3)
    expect([...stamps].sort()).toEqual(stamps)
  })

  it('writes line item changes into account history as someone else’s, on the web', async () => {
    await outside({ kind: 'line_items', id: ids.line_items, fields: { name: 'Renamed on the web' } })
    const entry = sandbox.state().history.findLast((h) => h.entity_id === ids.line_items)
    expect(entry).toMatchObject({
      change_type: 'UPDATE',
      change_by: { platform: 'WEB' },
      changes: { name: 'Renamed on the web' },
    })
  })

  it('refuses what the world cannot do either: editing a poll card, deleting an ad account', async () => {
    expect((await outside({ kind: 'poll_cards', id: ids.poll_cards })).body.error?.message).toMatch(
      /cannot be updated/,
    )
    expect((await outside({ kind: 'accounts', id: second, action: 'delete' })).status).toBe(400)
    expect((await outside({ kind: 'cards', id: 'nope' })).status).toBe(404)
    expect((await outside({ kind: 'spaceships' })).status).toBe(400)
  })

  it.each(DELETABLE)('deletes %s: the API shows it deleted, or no longer has it', async (kind) => {
    const change = await outside({ kind, id: ids[kind], action: 'delete' })
    expect(change.status, JSON.stringify(change.body)).toBe(200)
    const after = await READ[kind](ids[kind])
    if (after !== undefined) expect(after.deleted).toBe(true)
    expect((await outside({ kind, id: ids[kind], action: 'delete' })).status).toBe(404)
  })

  it('picks an object at random when no id is given, within an account when one is named', async () => {
    const picked = await outside({ kind: 'media_library', account_id: second })
    expect(picked.status).toBe(200)
    expect(sandbox.state().mediaLibrary.find((m) => m.media_key === picked.body.data?.id)?._account).toBe(
      second,
    )
    expect(sandbox.outsideChanges().at(-1)).toMatchObject({ kind: 'media_library', id: picked.body.data?.id })
  })
})
