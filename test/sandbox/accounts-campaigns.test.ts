import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

interface Envelope<T = Record<string, unknown>> {
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: { code: string; message: string; parameter?: string }[]
}

let sandbox: Sandbox
let user: UserTokens
let main: string
let second: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  user = await authorizeDemoUser(sandbox)
  ;[main = '', second = ''] = sandbox.demo.accountIds
})
afterAll(async () => {
  await sandbox.close()
})

const ads = (path: string): string => `${sandbox.adsUrl}/12${path}`
const get = <T = Record<string, unknown>>(path: string, query?: Record<string, string>) =>
  call<Envelope<T>>(user, { url: ads(path), ...(query ? { query } : {}) })
const put = <T = Record<string, unknown>>(path: string, form: Record<string, string>) =>
  call<Envelope<T>>(user, { method: 'PUT', url: ads(path), form })
const parameters = (response: { body: Envelope<unknown> }): (string | undefined)[] =>
  (response.body.errors ?? []).map((e) => e.parameter)
function lineItem(name: string): string {
  return String(sandbox.state().lineItems.find((l) => String(l.name).startsWith(name))?.id)
}

describe('accounts', () => {
  it("lists the demo user's accounts, filters by q prefix and ids, gets and updates one", async () => {
    const all = await get<{ id: string; name: string; approval_status: string }[]>('/accounts')
    expect(all.body.data.map((a) => a.id)).toEqual([main, second])
    expect(all.body.data[0]?.approval_status).toBe('ACCEPTED')
    expect((await get<unknown[]>('/accounts', { q: 'sandbox studio s' })).body.data).toHaveLength(1)
    expect((await get<unknown[]>('/accounts', { account_ids: second })).body.data).toHaveLength(1)
    expect((await get<{ id: string }>(`/accounts/${main}`)).body.data.id).toBe(main)
    const renamed = await put<{ name: string; industry_type: string }>(`/accounts/${second}`, {
      name: 'Renamed',
      industry_type: 'RETAIL',
    })
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', industry_type: 'RETAIL' })
    expect(parameters(await put(`/accounts/${second}`, { industry_type: 'PIRACY' }))).toEqual([
      'industry_type',
    ])
  })

  it('lists account apps', async () => {
    const apps = await get<{ os_type: string }[]>(`/accounts/${main}/account_apps`)
    expect(apps.body.data.map((a) => a.os_type).sort()).toEqual(['ANDROID', 'IOS'])
    expect((await get<unknown[]>(`/accounts/${second}/account_apps`)).body.data).toEqual([])
  })

  it('returns features, filtered by feature_keys', async () => {
    expect((await get<string[]>(`/accounts/${main}/features`)).body.data).toContain('PROMOTED_MEDIA_POLLS')
    expect(
      (
        await get<string[]>(`/accounts/${main}/features`, {
          feature_keys: 'REACH_FREQUENCY_CAP,REACH_AND_FREQUENCY_ANALYTICS',
        })
      ).body.data,
    ).toEqual(['REACH_AND_FREQUENCY_ANALYTICS'])
    expect(parameters(await get(`/accounts/${main}/features`, { feature_keys: 'MIND_READING' }))).toEqual([
      'feature_keys',
    ])
    expect(
      (
        await call(user, {
          method: 'POST',
          url: ads(`/accounts/${main}/features`),
          form: { feature_keys: 'AGE_TARGETING' },
        })
      ).status,
    ).toBe(404)
  })

  it('serves advertiser business categories with IAB codes, and curated categories by country', async () => {
    const categories = await get<{ name: string; iab_categories: string[] }[]>(
      '/advertiser_business_categories',
    )
    expect(categories.body.data).toHaveLength(16)
    expect(categories.body.data.find((c) => c.name === 'Technology')?.iab_categories).toContain('IAB19')
    const curated = await get<{ id: string; country_codes: string[] }[]>(
      `/accounts/${main}/curated_categories`,
      { country_codes: 'JP' },
    )
    expect(curated.body.data).toHaveLength(1)
    expect(curated.body.total_count).toBe(1)
    expect(parameters(await get(`/accounts/${main}/curated_categories`))).toEqual(['country_codes'])
    expect(parameters(await get(`/accounts/${main}/curated_categories`, { country_codes: 'japan' }))).toEqual(
      ['country_codes'],
    )
    const one = await get<{ id: string }>(`/accounts/${main}/curated_categories/${curated.body.data[0]?.id}`)
    expect(one.body.data.id).toBe(curated.body.data[0]?.id)
    expect((await get(`/accounts/${main}/curated_categories/nope`)).status).toBe(404)
  })
})

describe('line items', () => {
  it('updates a line item with PUT and records the change in account history', async () => {
    const id = lineItem('Website clicks')
    const paused = await put<{
      entity_status: string
      name: string
      daily_budget_amount_local_micro: number
    }>(`/accounts/${main}/line_items/${id}`, {
      entity_status: 'PAUSED',
      name: 'Website clicks (paused)',
      bid_strategy: 'TARGET',
      bid_amount_local_micro: '1500000',
      total_budget_amount_local_micro: '100000000',
      daily_budget_amount_local_micro: '5000000',
    })
    expect(paused.status, JSON.stringify(paused.body.errors)).toBe(200)
    expect(paused.body.data).toMatchObject({
      entity_status: 'PAUSED',
      name: 'Website clicks (paused)',
      daily_budget_amount_local_micro: 5_000_000,
    })
    const hour = 3_600_000
    const start = new Date(Math.floor(Date.now() / hour) * hour).toISOString()
    const end = new Date(Math.floor(Date.now() / hour) * hour + hour).toISOString()
    const history = await get<{ change_type: string }[]>(`/accounts/${main}/account_history`, {
      entity_type: 'LINE_ITEM',
      entity_id: id,
      start_time: start,
      end_time: end,
    })
    expect(history.body.data.map((h) => h.change_type)).toEqual(['UPDATE'])
    const seeded = await get<{ change_type: string }[]>(`/accounts/${main}/account_history`, {
      entity_type: 'LINE_ITEM',
      entity_id: id,
      start_time: '2026-01-05T00:00:00Z',
      end_time: '2026-01-06T00:00:00Z',
    })
    expect(seeded.body.data.map((h) => h.change_type)).toEqual(['CREATE'])
  })

  it('rejects account history requests that break its rules', async () => {
    const base = {
      entity_type: 'LINE_ITEM',
      entity_id: 'x',
      start_time: '2026-01-05T00:00:00Z',
      end_time: '2026-01-06T00:00:00Z',
    }
    expect(
      parameters(
        await get(`/accounts/${main}/account_history`, { ...base, start_time: '2026-01-05T00:30:00Z' }),
      ),
    ).toEqual(['start_time'])
    expect(
      parameters(await get(`/accounts/${main}/account_history`, { ...base, entity_type: 'AD' })),
    ).toEqual(['entity_type'])
    const { entity_id: _omitted, ...withoutId } = base
    expect(parameters(await get(`/accounts/${main}/account_history`, withoutId))).toEqual(['entity_id'])
  })

  it('rejects each line item rule', async () => {
    const web = lineItem('Website clicks')
    const preroll = lineItem('Preroll on publishers')
    const installs = lineItem('App installs')
    const reach = sandbox.state().lineItems.find((l) => l.name === 'Reach')?.id as string
    const cases: [string, string, Record<string, string>, string][] = [
      [main, web, { entity_status: 'DELETED' }, 'entity_status'],
      [main, web, { duration_in_days: '3' }, 'duration_in_days'],
      [main, web, { bid_amount_local_micro: '0' }, 'bid_amount_local_micro'],
      [main, installs, { bid_strategy: 'MAX' }, 'bid_amount_local_micro'],
      [main, installs, { bid_strategy: 'TARGET', bid_amount_local_micro: '10' }, 'bid_strategy'],
      [second, reach, { bid_strategy: 'MAX', bid_amount_local_micro: '10' }, 'bid_strategy'],
      [main, web, { frequency_cap: '3' }, 'frequency_cap'],
      [main, web, { pay_by: 'LINK_CLICK' }, 'pay_by'],
      [main, installs, { pay_by: 'LINK_CLICK' }, 'pay_by'],
      [main, installs, { ios_app_store_identifier: 'id333903271' }, 'ios_app_store_identifier'],
      [main, web, { advertiser_domain: 'https://example.com' }, 'advertiser_domain'],
      [main, web, { advertiser_user_id: 'someone' }, 'advertiser_user_id'],
      [main, web, { goal: 'WORLD_DOMINATION' }, 'goal'],
      [main, web, { start_time: 'tomorrow' }, 'start_time'],
      [main, web, { start_time: '2026-02-01T00:00:00Z', end_time: '2026-01-01T00:00:00Z' }, 'end_time'],
      [main, preroll, { daily_budget_amount_local_micro: '10' }, 'daily_budget_amount_local_micro'],
      [
        main,
        web,
        { total_budget_amount_local_micro: '10', daily_budget_amount_local_micro: '20' },
        'daily_budget_amount_local_micro',
      ],
      [main, preroll, { categories: 'IAB1,IAB2,IAB19' }, 'categories'],
      [main, preroll, { categories: 'IAB999' }, 'categories'],
      [main, web, { audience_expansion: 'HUGE' }, 'audience_expansion'],
    ]
    for (const [account, id, form, parameter] of cases) {
      const response = await put(`/accounts/${account}/line_items/${id}`, form)
      expect(response.status, JSON.stringify(form)).toBe(400)
      expect(parameters(response), JSON.stringify(form)).toContain(parameter)
    }
    const valid = [
      put(`/accounts/${main}/line_items/${preroll}`, {
        categories: 'IAB1,IAB19',
        frequency_cap: '2',
        duration_in_days: '7',
        advertiser_user_id: 'sandbox_designer',
      }),
      put(`/accounts/${main}/line_items/${installs}`, {
        pay_by: 'APP_CLICK',
        android_app_store_identifier: 'com.example.app',
      }),
    ]
    for (const response of await Promise.all(valid))
      expect(response.status, JSON.stringify(response.body.errors)).toBe(200)
  })

  it('deletes a line item once; a repeated DELETE and a later PUT are 404', async () => {
    const id = lineItem('App installs')
    const removed = await call<Envelope<{ deleted: boolean }>>(user, {
      method: 'DELETE',
      url: ads(`/accounts/${main}/line_items/${id}`),
    })
    expect(removed.status).toBe(200)
    expect(removed.body.data.deleted).toBe(true)
    expect(
      (await call(user, { method: 'DELETE', url: ads(`/accounts/${main}/line_items/${id}`) })).status,
    ).toBe(404)
    expect((await put(`/accounts/${main}/line_items/${id}`, { name: 'zombie' })).status).toBe(404)
  })
})

describe('line item curated categories', () => {
  it('creates, lists, gets, updates and deletes links', async () => {
    const [first, other] = sandbox.state().curatedCategories.map((c) => String(c.id))
    const web = lineItem('Website clicks')
    const base = `/accounts/${main}/line_item_curated_categories`
    const created = await call<Envelope<{ id: string; line_item_id: string; curated_category_id: string }>>(
      user,
      { method: 'POST', url: ads(base), form: { line_item_id: web, curated_category_id: first ?? '' } },
    )
    expect(created.body.data).toMatchObject({ line_item_id: web, curated_category_id: first })
    const id = created.body.data.id
    expect((await get<unknown[]>(base, { with_total_count: 'true' })).body.total_count).toBe(1)
    expect((await get<{ id: string }>(`${base}/${id}`)).body.data.id).toBe(id)
    const updated = await put<{ curated_category_id: string }>(`${base}/${id}`, {
      curated_category_id: other ?? '',
    })
    expect(updated.body.data.curated_category_id).toBe(other)
    expect(parameters(await put(`${base}/${id}`, { curated_category_id: 'nope' }))).toEqual([
      'curated_category_id',
    ])
    const removed = await call<Envelope<{ deleted: boolean }>>(user, {
      method: 'DELETE',
      url: ads(`${base}/${id}`),
    })
    expect(removed.body.data.deleted).toBe(true)
    expect((await get<unknown[]>(base)).body.data).toEqual([])
    expect((await get<unknown[]>(base, { with_deleted: 'true' })).body.data).toHaveLength(1)
  })

  it('requires both ids on create and a line item of the same account', async () => {
    const base = `/accounts/${main}/line_item_curated_categories`
    const missing = await call<Envelope>(user, { method: 'POST', url: ads(base), form: {} })
    expect(parameters(missing).sort()).toEqual(['curated_category_id', 'line_item_id'])
    const reach = sandbox.state().lineItems.find((l) => l.name === 'Reach')?.id as string
    const curated = String(sandbox.state().curatedCategories[0]?.id)
    const foreign = await call<Envelope>(user, {
      method: 'POST',
      url: ads(base),
      form: { line_item_id: reach, curated_category_id: curated },
    })
    expect(parameters(foreign)).toEqual(['line_item_id'])
  })
})
