import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

// The sandbox's own reading of the "not shown" parts issue 14 needs: line item and campaign
// lists (the platform's public shape), poll media refused with 403, the PROMOTED_MEDIA_POLLS
// grant on the sandbox host, and account history refused for accounts outside the beta.

interface Envelope<T = Record<string, unknown>> {
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: { code: string; message: string; parameter?: string }[]
}
type LineItem = { id: string; name: string; campaign_id: string; deleted: boolean; entity_status: string }

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

const ads = (path: string, host = sandbox.adsUrl): string => `${host}/12${path}`
const get = <T = Record<string, unknown>>(path: string, query?: Record<string, string>) =>
  call<Envelope<T>>(user, { url: ads(path), ...(query ? { query } : {}) })
const parameters = (response: { body: Envelope<unknown> }): (string | undefined)[] =>
  (response.body.errors ?? []).map((e) => e.parameter)

describe('line item list (platform shape; not shown in the spec)', () => {
  it("lists the account's line items, filtered by ids and campaigns, with cursors and total_count", async () => {
    const all = await get<LineItem[]>(`/accounts/${main}/line_items`)
    expect(all.status).toBe(200)
    expect(all.body.data.map((l) => l.name)).toEqual([
      'Website clicks',
      'Preroll on publishers',
      'App installs',
    ])
    expect(all.body.next_cursor).toBeNull()
    const [web, preroll] = all.body.data
    const byId = await get<LineItem[]>(`/accounts/${main}/line_items`, {
      line_item_ids: `${web?.id},${preroll?.id}`,
    })
    expect(byId.body.data.map((l) => l.id)).toEqual([web?.id, preroll?.id])
    const byCampaign = await get<LineItem[]>(`/accounts/${main}/line_items`, {
      campaign_ids: String(web?.campaign_id),
    })
    expect(byCampaign.body.data.map((l) => l.name)).toEqual(['Website clicks', 'App installs'])

    const first = await get<LineItem[]>(`/accounts/${main}/line_items`, { count: '2' })
    expect(first.body.data).toHaveLength(2)
    expect(first.body.next_cursor).toEqual(expect.any(String))
    const rest = await get<LineItem[]>(`/accounts/${main}/line_items`, {
      count: '2',
      cursor: String(first.body.next_cursor),
    })
    expect(rest.body.data.map((l) => l.name)).toEqual(['App installs'])
    expect(rest.body.next_cursor).toBeNull()

    const counted = await get<LineItem[]>(`/accounts/${main}/line_items`, { with_total_count: 'true' })
    expect(counted.body.total_count).toBe(3)
    // Another account's line items never show.
    expect((await get<LineItem[]>(`/accounts/${second}/line_items`)).body.data.map((l) => l.name)).toEqual([
      'Reach',
    ])
  })

  it('refuses bad list parameters', async () => {
    expect(parameters(await get(`/accounts/${main}/line_items`, { count: '1001' }))).toEqual(['count'])
    expect(parameters(await get(`/accounts/${main}/line_items`, { line_item_ids: 'a,,b' }))).toEqual([
      'line_item_ids',
    ])
    expect(parameters(await get(`/accounts/${main}/line_items`, { objective: 'REACH' }))).toEqual([
      'objective',
    ])
  })

  it('gets one line item; a deleted one only with with_deleted, and it is listed only with with_deleted', async () => {
    const id = (await get<LineItem[]>(`/accounts/${second}/line_items`)).body.data[0]?.id ?? ''
    expect((await get<LineItem>(`/accounts/${second}/line_items/${id}`)).body.data.name).toBe('Reach')
    expect((await get(`/accounts/${main}/line_items/${id}`)).status).toBe(404)
    const deleted = await call<Envelope<LineItem>>(user, {
      method: 'DELETE',
      url: ads(`/accounts/${second}/line_items/${id}`),
    })
    expect(deleted.body.data.deleted).toBe(true)
    expect((await get(`/accounts/${second}/line_items/${id}`)).status).toBe(404)
    expect(
      (await get<LineItem>(`/accounts/${second}/line_items/${id}`, { with_deleted: 'true' })).body.data
        .deleted,
    ).toBe(true)
    expect((await get<LineItem[]>(`/accounts/${second}/line_items`)).body.data).toEqual([])
    expect(
      (await get<LineItem[]>(`/accounts/${second}/line_items`, { with_deleted: 'true' })).body.data,
    ).toHaveLength(1)
  })

  it('lists campaigns with their budget_optimization', async () => {
    const campaigns = await get<{ id: string; name: string; budget_optimization: string }[]>(
      `/accounts/${main}/campaigns`,
    )
    expect(campaigns.body.data.map((c) => [c.name, c.budget_optimization])).toEqual([
      ['Brand awareness', 'CAMPAIGN'],
      ['Performance', 'LINE_ITEM'],
    ])
    const one = campaigns.body.data[1]?.id ?? ''
    expect((await get<{ name: string }>(`/accounts/${main}/campaigns/${one}`)).body.data.name).toBe(
      'Performance',
    )
    expect((await get(`/accounts/${main}/campaigns`, { campaign_ids: one })).body.data).toHaveLength(1)
  })
})

describe('features and betas', () => {
  it('grants PROMOTED_MEDIA_POLLS on the sandbox host only, after which poll media are accepted', async () => {
    const library = await get<{ media_key: string; name: string }[]>(`/accounts/${second}/media_library`)
    const banner = library.body.data.find((m) => m.name === 'Second account banner')?.media_key ?? ''
    const poll = () =>
      call<Envelope>(user, {
        method: 'POST',
        url: ads(`/accounts/${second}/cards/poll`),
        form: {
          name: 'Poll',
          duration_in_minutes: '60',
          first_choice: 'A',
          second_choice: 'B',
          media_key: banner,
        },
      })
    const refused = await poll()
    expect(refused.status).toBe(403)
    expect(refused.body.errors?.[0]?.code).toBe('FEATURE_NOT_AVAILABLE')

    const grant = (host: string) =>
      call<Envelope<string[]>>(user, {
        method: 'POST',
        url: ads(`/accounts/${second}/features`, host),
        form: { feature_keys: 'PROMOTED_MEDIA_POLLS' },
      })
    expect((await grant(sandbox.adsUrl)).status).toBe(404)
    const granted = await grant(sandbox.adsSandboxUrl)
    expect(granted.status).toBe(200)
    expect(granted.body.data).toContain('PROMOTED_MEDIA_POLLS')
    expect((await poll()).status).toBe(200)
  })

  it('answers account history with 403 for an account outside the beta', async () => {
    const refused = await get(`/accounts/${second}/account_history`, {
      entity_type: 'LINE_ITEM',
      entity_id: 'x',
      start_time: '2026-01-05T00:00:00Z',
      end_time: '2026-01-06T00:00:00Z',
    })
    expect(refused.status).toBe(403)
    expect(refused.body.errors?.[0]?.code).toBe('NOT_ALLOWLISTED')
  })
})
