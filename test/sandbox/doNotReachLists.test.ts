import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_DO_NOT_REACH_LISTS, startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

// Do-not-reach lists (spec part A): the batch user upload, DELETE, and the list/read the sandbox
// adds because creating and listing lists is not shown.

interface Issue {
  code: string
  message: string
  parameter?: string
  index?: number
}
interface DoNotReachList {
  id: string
  name: string
  description: string | null
  targetable: boolean
  reasons_not_targetable: string[]
  list_size: number
  created_at: string
  updated_at: string
  deleted: boolean
}
interface BatchReply {
  data?: { success_count: number; total_count: number }[]
  request?:
    { params: Record<string, unknown>; operation_type: string }[] | { params: Record<string, unknown> }
  errors?: Issue[]
  operation_errors?: Issue[]
}
interface Envelope<T> {
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: Issue[]
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

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
const hashes = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => sha256(`${prefix}${i}@example.com`))
const usersUrl = (list: string, account = main): string =>
  `${sandbox.adsUrl}/12/batch/accounts/${account}/do_not_reach_lists/${list}/users`
const listUrl = (account = main): string => `${sandbox.adsUrl}/12/accounts/${account}/do_not_reach_lists`
const upload = (list: string, operations: unknown, account = main) =>
  call<BatchReply>(user, { method: 'POST', url: usersUrl(list, account), json: operations })
const members = (list: string) => {
  const summary = sandbox.doNotReachListMembers(list)
  if (!summary) throw new Error(`no list ${list}`)
  return summary
}

describe('POST batch/accounts/:account_id/do_not_reach_lists/:id/users', () => {
  it('adds email and phone hashes and answers per operation in the spec shape', async () => {
    const list = SEEDED_DO_NOT_REACH_LISTS.legalHold
    const before = members(list).count
    const phones = [sha256('447700900001'), sha256('447700900002')]
    const response = await upload(list, [
      {
        operation_type: 'Update',
        params: {
          users: hashes('dnr', 3).map((h) => ({ email: [h] })),
          expires_at: '2030-06-01T00:00:00Z',
        },
      },
      { operation_type: 'Update', params: { users: [{ phone_number: phones }] } },
    ])
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect(response.body.data).toEqual([
      { success_count: 3, total_count: 3 },
      { success_count: 1, total_count: 1 },
    ])
    const expected = new Date()
    expected.setUTCMonth(expected.getUTCMonth() + 13)
    expect(response.body.request).toEqual([
      {
        params: { do_not_reach_list_id: list, expires_at: '2030-06-01T00:00:00Z', account_id: main },
        operation_type: 'Update',
      },
      {
        params: { do_not_reach_list_id: list, expires_at: expect.stringMatching(/Z$/), account_id: main },
        operation_type: 'Update',
      },
    ])
    const defaulted = Array.isArray(response.body.request) ? response.body.request[1]?.params.expires_at : ''
    expect(Math.abs(Date.parse(String(defaulted)) - expected.getTime())).toBeLessThanOrEqual(60_000)
    expect(members(list).count).toBe(before + 5)
    expect(members(list).byType.phone_number).toBe(2)
  })

  it('Delete removes members', async () => {
    const list = SEEDED_DO_NOT_REACH_LISTS.legalHold
    const [gone, kept] = hashes('dnr-delete', 2) as [string, string]
    await upload(list, [
      { operation_type: 'Update', params: { users: [{ email: [gone] }, { email: [kept] }] } },
    ])
    const response = await upload(list, [
      { operation_type: 'Delete', params: { users: [{ email: [gone] }] } },
    ])
    expect(response.body.data).toEqual([{ success_count: 1, total_count: 1 }])
    expect(members(list).has('email', gone)).toBe(false)
    expect(members(list).has('email', kept)).toBe(true)
  })

  it('requires expires_at later than now, and takes only email and phone_number, per item', async () => {
    const list = SEEDED_DO_NOT_REACH_LISTS.legalHold
    const before = members(list).count
    const [hash] = hashes('dnr-rules', 1) as [string]
    const response = await upload(list, [
      { operation_type: 'Update', params: { users: [{ email: [hash] }] } },
      {
        operation_type: 'Update',
        params: { users: [{ email: [hash] }], expires_at: '2020-01-01T00:00:00Z' },
      },
      { operation_type: 'Update', params: { users: [{ device_id: [hash] }] } },
      {
        operation_type: 'Update',
        params: { users: [{ email: [hash] }], effective_at: '2026-01-01T00:00:00Z' },
      },
      { operation_type: 'Update', params: { users: [{ email: ['someone@example.com'] }] } },
    ])
    expect(response.status).toBe(400)
    expect((response.body.operation_errors ?? []).map((i) => [i.index, i.code, i.parameter])).toEqual([
      [1, 'INVALID_PARAMETER', 'params.expires_at'],
      [2, 'UNKNOWN_PARAMETER', 'params.users[0].device_id'],
      [2, 'MISSING_PARAMETER', 'params.users[0]'],
      [3, 'UNKNOWN_PARAMETER', 'params.effective_at'],
      [4, 'INVALID_PARAMETER', 'params.users[0].email[0]'],
    ])
    expect(JSON.stringify(response.body)).not.toContain('someone@example.com')
    expect(members(list).count).toBe(before)
  })

  it('has the request-level rules of the batch upload: JSON only, at most 2,500 operations', async () => {
    const list = SEEDED_DO_NOT_REACH_LISTS.legalHold
    const form = await call<BatchReply>(user, { method: 'POST', url: usersUrl(list), form: { users: 'x' } })
    expect(form.status).toBe(400)
    expect(form.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_CONTENT_TYPE' })])
    const op = { operation_type: 'Update', params: { users: [{ email: [sha256('x')] }] } }
    const tooMany = await upload(
      list,
      Array.from({ length: 2_501 }, () => op),
    )
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ code: 'TOO_MANY_OPERATIONS' })])
  })

  it("refuses another account's list and a deleted one (404)", async () => {
    const op = [{ operation_type: 'Update', params: { users: [{ email: [sha256('y')] }] } }]
    expect((await upload(SEEDED_DO_NOT_REACH_LISTS.second, op)).status).toBe(404)
    expect((await upload(SEEDED_DO_NOT_REACH_LISTS.foreign, op)).status).toBe(404)
    expect((await upload(SEEDED_DO_NOT_REACH_LISTS.second, op, second)).status).toBe(200)
  })

  it('the undercount fault shortens the last operation and is logged', async () => {
    const own = await startSandbox({ port: 0, faults: { undercountAudienceUploads: 1 } })
    try {
      const tokens = await authorizeDemoUser(own)
      const url = `${own.adsUrl}/12/batch/accounts/${own.demo.accountIds[0]}/do_not_reach_lists/${SEEDED_DO_NOT_REACH_LISTS.legalHold}/users`
      const users = (prefix: string) => hashes(prefix, 2).map((h) => ({ email: [h] }))
      const response = await call<BatchReply>(tokens, {
        method: 'POST',
        url,
        json: [
          { operation_type: 'Update', params: { users: users('u1') } },
          { operation_type: 'Update', params: { users: users('u2') } },
        ],
      })
      expect(response.body.data).toEqual([
        { success_count: 2, total_count: 2 },
        { success_count: 1, total_count: 1 },
      ])
      expect(own.doNotReachListMembers(SEEDED_DO_NOT_REACH_LISTS.legalHold)?.count).toBe(3)
      expect(own.audienceUploads().at(-1)).toMatchObject({
        target: 'do_not_reach_list',
        records: 4,
        processed: 3,
      })
    } finally {
      await own.close()
    }
  })
})

describe('do-not-reach list read, list and DELETE', () => {
  it("lists the account's lists with the spec's fields", async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const response = await call<Envelope<DoNotReachList[]>>(tokens, {
        url: `${own.adsUrl}/12/accounts/${own.demo.accountIds[0]}/do_not_reach_lists`,
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body.data).toEqual([
        {
          id: SEEDED_DO_NOT_REACH_LISTS.unsubscribed,
          name: 'Unsubscribed customers',
          description: 'People who asked not to be contacted',
          targetable: true,
          reasons_not_targetable: [],
          list_size: 300,
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
          updated_at: expect.stringMatching(/Z$/),
          deleted: false,
        },
        {
          id: SEEDED_DO_NOT_REACH_LISTS.legalHold,
          name: 'Legal hold',
          description: null,
          targetable: false,
          reasons_not_targetable: ['TOO_SMALL'],
          list_size: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          deleted: false,
        },
      ])
      const total = await call<Envelope<unknown[]>>(tokens, {
        url: `${own.adsUrl}/12/accounts/${own.demo.accountIds[0]}/do_not_reach_lists`,
        query: { with_total_count: 'true', count: '1' },
      })
      expect(total.body.total_count).toBe(2)
      expect(total.body.data).toHaveLength(1)
    } finally {
      await own.close()
    }
  })

  it('reads one list; another account’s is not found', async () => {
    const one = await call<Envelope<DoNotReachList>>(user, {
      url: `${listUrl()}/${SEEDED_DO_NOT_REACH_LISTS.unsubscribed}`,
    })
    expect(one.body.data.list_size).toBe(300)
    const foreign = await call(user, { url: `${listUrl()}/${SEEDED_DO_NOT_REACH_LISTS.foreign}` })
    expect(foreign.status).toBe(404)
  })

  it('DELETE answers the list with deleted true, hides it, and a second DELETE is 404', async () => {
    const id = SEEDED_DO_NOT_REACH_LISTS.second
    const url = `${listUrl(second)}/${id}`
    const deleted = await call<Envelope<DoNotReachList>>(user, { method: 'DELETE', url })
    expect(deleted.status, deleted.text).toBe(200)
    expect(deleted.body.data).toMatchObject({ id, name: 'Second account suppression', deleted: true })
    const listed = await call<Envelope<DoNotReachList[]>>(user, { url: listUrl(second) })
    expect(listed.body.data.map((l) => l.id)).not.toContain(id)
    const withDeleted = await call<Envelope<DoNotReachList[]>>(user, {
      url: listUrl(second),
      query: { with_deleted: 'true' },
    })
    expect(withDeleted.body.data.map((l) => [l.id, l.deleted])).toEqual([[id, true]])
    expect((await call(user, { method: 'DELETE', url })).status).toBe(404)
    const op = [{ operation_type: 'Update', params: { users: [{ email: [sha256('z')] }] } }]
    expect((await upload(id, op, second)).status).toBe(404)
  })

  it('DELETE takes no parameters and only the owning account', async () => {
    const withParam = await call<Envelope<unknown>>(user, {
      method: 'DELETE',
      url: `${listUrl()}/${SEEDED_DO_NOT_REACH_LISTS.legalHold}`,
      query: { force: 'true' },
    })
    expect(withParam.status).toBe(400)
    const foreign = await call(user, {
      method: 'DELETE',
      url: `${listUrl()}/${SEEDED_DO_NOT_REACH_LISTS.foreign}`,
    })
    expect(foreign.status).toBe(404)
  })
})
