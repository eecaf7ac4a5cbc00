import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_AUDIENCES, startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

// Custom audience list and read (not shown in the spec: the platform's public v12 shape, seeded
// audiences) and the audience targeting look-up (spec part A, "Audience targeting look-up").

interface Envelope<T = Record<string, unknown>> {
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: { code: string; message: string; parameter?: string }[]
}
interface Audience {
  id: string
  name: string
  audience_size: number
  targetable: boolean
  reasons_not_targetable: string[]
  is_owner: boolean
  permission_level: string
  owner_account_id: string
  [field: string]: unknown
}
interface Targeted {
  campaign_id: string
  campaign_name: string
  line_items: { id: string; name: string | null; servable: boolean }[]
}

let sandbox: Sandbox
let user: UserTokens
let main: string
let second: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, limits: { audienceProcessingMs: 0 } })
  user = await authorizeDemoUser(sandbox)
  ;[main = '', second = ''] = sandbox.demo.accountIds
})
afterAll(async () => {
  await sandbox.close()
})

const ads = (path: string): string => `${sandbox.adsUrl}/12${path}`
const get = <T>(path: string, query?: Record<string, string>) =>
  call<Envelope<T>>(user, { url: ads(path), ...(query ? { query } : {}) })
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

describe('GET accounts/:account_id/custom_audiences', () => {
  it('lists owned audiences and those shared with the account, with the platform fields', async () => {
    const list = await get<Audience[]>(`/accounts/${main}/custom_audiences`)
    expect(list.status, list.text).toBe(200)
    const byId = new Map(list.body.data.map((a) => [a.id, a]))
    expect([...byId.keys()].sort()).toEqual(
      [
        SEEDED_AUDIENCES.newsletter,
        SEEDED_AUDIENCES.purchasers,
        SEEDED_AUDIENCES.emptyList,
        SEEDED_AUDIENCES.secondCrm,
      ].sort(),
    )
    expect(byId.get(SEEDED_AUDIENCES.newsletter)).toEqual({
      id: SEEDED_AUDIENCES.newsletter,
      name: 'Newsletter subscribers',
      description: 'Customers who opted in to the newsletter',
      audience_type: 'LIST',
      audience_size: 1_500,
      targetable: true,
      reasons_not_targetable: [],
      targetable_types: ['CRM', 'EXCLUDED_CRM'],
      partner_source: 'OTHER',
      owner_account_id: main,
      is_owner: true,
      permission_level: 'READ_WRITE',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      updated_at: expect.stringMatching(/Z$/),
      deleted: false,
    })
    expect(byId.get(SEEDED_AUDIENCES.emptyList)).toMatchObject({
      audience_size: 0,
      targetable: false,
      reasons_not_targetable: ['TOO_SMALL'],
    })
    expect(byId.get(SEEDED_AUDIENCES.secondCrm)).toMatchObject({
      is_owner: false,
      permission_level: 'READ_ONLY',
      owner_account_id: second,
      audience_size: 180,
    })
  })

  it('filters by custom_audience_ids (up to 200) and q, pages with cursors and counts with total_count', async () => {
    const ids = await get<Audience[]>(`/accounts/${main}/custom_audiences`, {
      custom_audience_ids: `${SEEDED_AUDIENCES.purchasers},${SEEDED_AUDIENCES.foreign}`,
    })
    expect(ids.body.data.map((a) => a.id)).toEqual([SEEDED_AUDIENCES.purchasers])
    const tooMany = await get(`/accounts/${main}/custom_audiences`, {
      custom_audience_ids: Array.from({ length: 201 }, (_, i) => `a${i}`).join(','),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors?.[0]?.parameter).toBe('custom_audience_ids')
    const q = await get<Audience[]>(`/accounts/${main}/custom_audiences`, { q: 'past' })
    expect(q.body.data.map((a) => a.name)).toEqual(['Past purchasers'])

    const first = await get<Audience[]>(`/accounts/${main}/custom_audiences`, {
      count: '3',
      sort_by: 'name-asc',
    })
    expect(first.body.data.map((a) => a.name)).toEqual([
      'New customer list',
      'Newsletter subscribers',
      'Past purchasers',
    ])
    const rest = await get<Audience[]>(`/accounts/${main}/custom_audiences`, {
      count: '3',
      sort_by: 'name-asc',
      cursor: String(first.body.next_cursor),
    })
    expect(rest.body.data.map((a) => a.name)).toEqual(['Second account CRM'])
    expect(rest.body.next_cursor).toBeNull()
    const total = await get(`/accounts/${main}/custom_audiences`, { with_total_count: 'true' })
    expect(total.body.total_count).toBe(4)
    const badCount = await get(`/accounts/${main}/custom_audiences`, { count: '1001' })
    expect(badCount.status).toBe(400)
  })

  it("reads one audience the account can see; another advertiser's is not found", async () => {
    const shared = await get<Audience>(`/accounts/${main}/custom_audiences/${SEEDED_AUDIENCES.secondCrm}`)
    expect(shared.status).toBe(200)
    expect(shared.body.data.is_owner).toBe(false)
    const foreign = await get(`/accounts/${main}/custom_audiences/${SEEDED_AUDIENCES.foreign}`)
    expect(foreign.status).toBe(404)
    const otherUser = await get(`/accounts/${sandbox.demo.otherAccountId}/custom_audiences`)
    expect(otherUser.status).toBe(403)
  })

  it('reports PROCESSING after an upload while the processing time runs, and the new size', async () => {
    const own = await startSandbox({ port: 0, limits: { audienceProcessingMs: 3_600_000 } })
    try {
      const tokens = await authorizeDemoUser(own)
      const account = own.demo.accountIds[0] ?? ''
      const users = Array.from({ length: 100 }, (_, i) => ({ email: [sha256(`p${i}@example.com`)] }))
      const upload = await call(tokens, {
        method: 'POST',
        url: `${own.adsUrl}/12/accounts/${account}/custom_audiences/${SEEDED_AUDIENCES.emptyList}/users`,
        json: [{ operation_type: 'Update', params: { users } }],
      })
      expect(upload.status).toBe(200)
      const read = await call<Envelope<Audience>>(tokens, {
        url: `${own.adsUrl}/12/accounts/${account}/custom_audiences/${SEEDED_AUDIENCES.emptyList}`,
      })
      expect(read.body.data).toMatchObject({
        audience_size: 100,
        targetable: false,
        reasons_not_targetable: ['PROCESSING'],
      })
    } finally {
      await own.close()
    }
  })
})

describe('GET custom_audiences/:id/targeted', () => {
  const targeted = (account: string, audience: string, query?: Record<string, string>) =>
    get<Targeted[]>(`/accounts/${account}/custom_audiences/${audience}/targeted`, query)

  it("lists the account's campaigns and servable line items that target the audience", async () => {
    const response = await targeted(main, SEEDED_AUDIENCES.newsletter)
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toEqual([
      {
        campaign_id: expect.any(String),
        campaign_name: 'Performance',
        line_items: [
          { id: expect.any(String), name: 'Website clicks', servable: true },
          { id: expect.any(String), name: 'App installs', servable: true },
        ],
      },
    ])
    expect(response.body.next_cursor).toBeNull()
    const purchasers = await targeted(main, SEEDED_AUDIENCES.purchasers)
    expect(purchasers.body.data.map((e) => [e.campaign_name, e.line_items.map((l) => l.name)])).toEqual([
      ['Brand awareness', ['Preroll on publishers']],
    ])
    const untargeted = await targeted(main, SEEDED_AUDIENCES.emptyList)
    expect(untargeted.body.data).toEqual([])
  })

  it('with_active=false also includes line items that are not servable', async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const account = own.demo.accountIds[0] ?? ''
      const url = `${own.adsUrl}/12/accounts/${account}/custom_audiences/${SEEDED_AUDIENCES.newsletter}/targeted`
      const before = await call<Envelope<Targeted[]>>(tokens, { url })
      const appInstalls = before.body.data[0]?.line_items.find((l) => l.name === 'App installs')
      const paused = await call(tokens, {
        method: 'PUT',
        url: `${own.adsUrl}/12/accounts/${account}/line_items/${appInstalls?.id}`,
        form: { entity_status: 'PAUSED' },
      })
      expect(paused.status, paused.text).toBe(200)
      const active = await call<Envelope<Targeted[]>>(tokens, { url })
      expect(active.body.data[0]?.line_items.map((l) => l.name)).toEqual(['Website clicks'])
      const all = await call<Envelope<Targeted[]>>(tokens, { url, query: { with_active: 'false' } })
      expect(all.body.data[0]?.line_items).toEqual([
        { id: expect.any(String), name: 'Website clicks', servable: true },
        { id: appInstalls?.id, name: 'App installs', servable: false },
      ])
    } finally {
      await own.close()
    }
  })

  it('answers for a shared audience from the granted account, and 404 for one it cannot see', async () => {
    const fromSecond = await targeted(second, SEEDED_AUDIENCES.newsletter)
    expect(fromSecond.body.data.map((e) => [e.campaign_name, e.line_items.map((l) => l.name)])).toEqual([
      ['Second account reach', ['Reach']],
    ])
    expect((await targeted(main, SEEDED_AUDIENCES.foreign)).status).toBe(404)
    const bad = await targeted(main, SEEDED_AUDIENCES.newsletter, { with_active: 'maybe' })
    expect(bad.status).toBe(400)
    const unknown = await targeted(main, SEEDED_AUDIENCES.newsletter, { count: '5' })
    expect(unknown.status).toBe(400)
  })
})
