import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_AUDIENCES, SEEDED_PERMISSIONS, startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

/** Custom audience user upload (spec part A, "Custom audience user upload", "Errors", "Limits"). */

interface Issue {
  code: string
  message: string
  parameter?: string
  index?: number
}
interface UploadReply {
  request: { params: Record<string, unknown> }
  data?: { success_count: number; total_count: number }
  errors?: Issue[]
  operation_errors?: Issue[]
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
const emails = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => sha256(`${prefix}${i}@example.com`))
const usersUrl = (audience: string, account = main): string =>
  `${sandbox.adsUrl}/12/accounts/${account}/custom_audiences/${audience}/users`

function update(hashes: string[], params: Record<string, unknown> = {}) {
  return { operation_type: 'Update', params: { users: hashes.map((h) => ({ email: [h] })), ...params } }
}

function upload(audience: string, operations: unknown, account = main) {
  return call<UploadReply>(user, { method: 'POST', url: usersUrl(audience, account), json: operations })
}

/** A fresh audience per test would need a create endpoint (not shown); tests count differences instead. */
function members(audience: string) {
  const summary = sandbox.customAudienceMembers(audience)
  if (!summary) throw new Error(`no audience ${audience}`)
  return summary
}

describe('POST custom_audiences/:id/users', () => {
  it('adds hashed members and answers success_count = total_count = user objects processed', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const before = members(audience).count
    const hashes = emails('first-upload', 5)
    const response = await upload(audience, [update(hashes.slice(0, 3)), update(hashes.slice(3))])
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toEqual({ success_count: 5, total_count: 5 })
    expect(response.body.request.params).toEqual({ account_id: main, custom_audience_id: audience })
    expect(members(audience).count).toBe(before + 5)
    expect(hashes.every((h) => members(audience).has('email', h))).toBe(true)
  })

  it('counts distinct members: the same hash sent twice is one member', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const before = members(audience).count
    const hashes = emails('dedupe', 4)
    expect((await upload(audience, [update(hashes)])).status).toBe(200)
    const again = await upload(audience, [update([...hashes.slice(0, 2), hashes[0] ?? ''])])
    expect(again.body.data).toEqual({ success_count: 3, total_count: 3 })
    expect(members(audience).count).toBe(before + 4)
  })

  it('counts each identifier type of a user object, and stores partner_user_id unhashed', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const before = members(audience)
    const phone = sha256('447700900123')
    const device = sha256('38400000-8cf0-11bd-b23e-10b96e40000d')
    const response = await upload(audience, [
      {
        operation_type: 'Update',
        params: {
          users: [
            { phone_number: [phone], device_id: [device], partner_user_id: ['crm-000417'] },
            { handle: [sha256('sandbox_designer')], platform_id: [sha256('1580000000000000001')] },
          ],
        },
      },
    ])
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toEqual({ success_count: 2, total_count: 2 })
    const after = members(audience)
    expect(after.count).toBe(before.count + 5)
    expect(after.has('partner_user_id', 'crm-000417')).toBe(true)
    expect(after.has('phone_number', phone)).toBe(true)
    expect(after.byType.device_id).toBe((before.byType.device_id ?? 0) + 1)
  })

  it('Delete removes members; deleting an absent one is processed and changes nothing', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const hashes = emails('to-delete', 3)
    await upload(audience, [update(hashes)])
    const before = members(audience).count
    const response = await upload(audience, [
      {
        operation_type: 'Delete',
        params: { users: [{ email: [hashes[0]] }, { email: [sha256('never-added@example.com')] }] },
      },
    ])
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toEqual({ success_count: 2, total_count: 2 })
    expect(members(audience).count).toBe(before - 1)
    expect(members(audience).has('email', hashes[0] ?? '')).toBe(false)
    expect(members(audience).has('email', hashes[1] ?? '')).toBe(true)
  })

  it('keeps effective_at and expires_at per member; expires_at defaults to 13 months after the request', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const [dated, defaulted, future] = emails('windows', 3) as [string, string, string]
    const start = Date.now()
    const response = await upload(audience, [
      update([dated], { effective_at: '2026-01-01T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' }),
      update([defaulted]),
      update([future], { effective_at: '2035-01-01T00:00:00Z', expires_at: '2036-01-01T00:00:00Z' }),
    ])
    expect(response.status, response.text).toBe(200)
    const table = sandbox.state().customAudiences.find((a) => a.id === audience)?._members as Record<
      string,
      [number, number]
    >
    expect(table[`email:${dated}`]).toEqual([
      Date.parse('2026-01-01T00:00:00Z') / 1000,
      Date.parse('2030-01-01T00:00:00Z') / 1000,
    ])
    const expected = new Date(start)
    expected.setUTCMonth(expected.getUTCMonth() + 13)
    const [, expires] = table[`email:${defaulted}`] ?? [0, 0]
    expect(Math.abs(expires - expected.getTime() / 1000)).toBeLessThanOrEqual(60)
    // A member whose effective_at is in the future is stored but not yet active.
    const summary = members(audience)
    expect(summary.has('email', future)).toBe(true)
    expect(summary.active).toBe(summary.count - 1)
  })

  it('refuses expires_at that is not later than effective_at, per item, and applies nothing', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const before = members(audience).count
    const response = await upload(audience, [
      update(emails('valid-neighbour', 2)),
      update(emails('bad-window', 1), {
        effective_at: '2027-01-01T00:00:00Z',
        expires_at: '2027-01-01T00:00:00Z',
      }),
      update(emails('bad-time', 1), { effective_at: 'next tuesday' }),
    ])
    expect(response.status).toBe(400)
    expect(response.body.errors).toBeUndefined()
    expect(response.body.operation_errors).toEqual([
      expect.objectContaining({ index: 1, code: 'INVALID_PARAMETER', parameter: 'params.expires_at' }),
      expect.objectContaining({ index: 2, code: 'INVALID_PARAMETER', parameter: 'params.effective_at' }),
    ])
    expect(members(audience).count).toBe(before)
  })

  it('rejects values that are not 64-character lowercase hex, except partner_user_id, without echoing them', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const before = members(audience).count
    const good = sha256('fine@example.com')
    const response = await upload(audience, [
      update([good]),
      {
        operation_type: 'Update',
        params: {
          users: [
            { email: ['jane.doe@example.com'] },
            { email: [good.toUpperCase()] },
            { phone_number: [good.slice(1)] },
            { device_id: [`${good}0`] },
            { partner_user_id: ['any-shape@raw value'] },
          ],
        },
      },
    ])
    expect(response.status).toBe(400)
    const issues = response.body.operation_errors ?? []
    expect(issues.map((i) => [i.index, i.parameter])).toEqual([
      [1, 'params.users[0].email[0]'],
      [1, 'params.users[1].email[0]'],
      [1, 'params.users[2].phone_number[0]'],
      [1, 'params.users[3].device_id[0]'],
    ])
    expect(issues.every((i) => i.code === 'INVALID_PARAMETER' && /SHA-256/.test(i.message))).toBe(true)
    expect(response.text).not.toContain('jane.doe')
    expect(response.text).not.toContain(good.toUpperCase())
    // Batches succeed or fail as a group: the valid first operation was not applied either.
    expect(members(audience).count).toBe(before)
    expect(members(audience).has('email', good)).toBe(false)
  })

  it('reports a missing or wrong operation_type, params and users under operation_errors with the index', async () => {
    const response = await upload(SEEDED_AUDIENCES.emptyList, [
      { params: { users: [{ email: [sha256('a@example.com')] }] } },
      { operation_type: 'Upsert', params: { users: [{ email: [sha256('b@example.com')] }] } },
      { operation_type: 'Update' },
      { operation_type: 'Update', params: { users: [] } },
      { operation_type: 'Update', params: { users: [{}], audience: 'x' } },
      { operation_type: 'Update', params: { users: [{ twitter_id: ['1'] }] } },
      'not an object',
    ])
    expect(response.status).toBe(400)
    expect((response.body.operation_errors ?? []).map((i) => [i.index, i.code, i.parameter])).toEqual([
      [0, 'MISSING_PARAMETER', 'operation_type'],
      [1, 'INVALID_PARAMETER', 'operation_type'],
      [2, 'MISSING_PARAMETER', 'params'],
      [3, 'INVALID_PARAMETER', 'params.users'],
      [4, 'UNKNOWN_PARAMETER', 'params.audience'],
      [4, 'MISSING_PARAMETER', 'params.users[0]'],
      [5, 'UNKNOWN_PARAMETER', 'params.users[0].twitter_id'],
      [5, 'MISSING_PARAMETER', 'params.users[0]'],
      [6, 'INVALID_PARAMETER', 'operation'],
    ])
  })

  it('requires application/json, under errors', async () => {
    const response = await call<UploadReply>(user, {
      method: 'POST',
      url: usersUrl(SEEDED_AUDIENCES.emptyList),
      body: { contentType: 'text/plain', data: JSON.stringify([update(emails('plain', 1))]) },
    })
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_CONTENT_TYPE' })])
    expect(response.body.operation_errors).toBeUndefined()
  })

  it('refuses a body that is not a non-empty JSON array, under errors', async () => {
    for (const body of [{ operation_type: 'Update' }, []]) {
      const response = await upload(SEEDED_AUDIENCES.emptyList, body)
      expect(response.status).toBe(400)
      expect(response.body.errors?.length).toBe(1)
    }
    const broken = await call<UploadReply>(user, {
      method: 'POST',
      url: usersUrl(SEEDED_AUDIENCES.emptyList),
      body: { contentType: 'application/json', data: '[{"operation_type": "Update",' },
    })
    expect(broken.status).toBe(400)
    expect(broken.body.errors).toEqual([expect.objectContaining({ message: 'The body is not valid JSON' })])
  })

  it('accepts 2,500 operations and refuses 2,501 as a request-level error', async () => {
    const audience = SEEDED_AUDIENCES.emptyList
    const hashes = emails('limit', 2_501)
    const single = (h: string) => ({ operation_type: 'Update', params: { users: [{ email: [h] }] } })
    const tooMany = await upload(audience, hashes.map(single))
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ code: 'TOO_MANY_OPERATIONS' })])
    expect(members(audience).has('email', hashes[0] ?? '')).toBe(false)
    const atLimit = await upload(audience, hashes.slice(0, 2_500).map(single))
    expect(atLimit.status, atLimit.text.slice(0, 300)).toBe(200)
    expect(atLimit.body.data).toEqual({ success_count: 2_500, total_count: 2_500 })
  })

  it('refuses a body over 5,000,000 bytes with 413, under errors', async () => {
    // One operation with many users: under the operation limit, over the byte limit.
    const users = emails('bytes', 64_000).map((h) => ({ email: [h] }))
    const body = JSON.stringify([{ operation_type: 'Update', params: { users } }])
    expect(Buffer.byteLength(body)).toBeGreaterThan(5_000_000)
    const response = await call<UploadReply>(user, {
      method: 'POST',
      url: usersUrl(SEEDED_AUDIENCES.emptyList),
      body: { contentType: 'application/json', data: body },
    })
    expect(response.status).toBe(413)
    expect(response.body.errors).toEqual([expect.objectContaining({ code: 'REQUEST_TOO_LARGE' })])
    expect(members(SEEDED_AUDIENCES.emptyList).has('email', users[0]?.email[0] ?? '')).toBe(false)
  })

  it('refuses a read-only shared audience (403) and an audience the account cannot see (404)', async () => {
    const readOnly = await upload(SEEDED_AUDIENCES.secondCrm, [update(emails('ro', 1))])
    expect(readOnly.status).toBe(403)
    expect(readOnly.body.errors).toEqual([
      expect.objectContaining({ code: 'UNAUTHORIZED_ACCESS', parameter: 'custom_audience_id' }),
    ])
    const foreign = await upload(SEEDED_AUDIENCES.foreign, [update(emails('fr', 1))])
    expect(foreign.status).toBe(404)
    // The owner account (second) may change it.
    const owner = await upload(SEEDED_AUDIENCES.secondCrm, [update(emails('owner', 1))], second)
    expect(owner.status, owner.text).toBe(200)
  })

  it("refuses an account that is not the authenticated user's (403), whatever the audience", async () => {
    const response = await upload(
      SEEDED_AUDIENCES.foreign,
      [update(emails('not-mine', 1))],
      sandbox.demo.otherAccountId,
    )
    expect(response.status).toBe(403)
    expect(response.body.errors?.[0]?.parameter).toBe('account_id')
    expect(members(SEEDED_AUDIENCES.foreign).count).toBe(120)
  })

  it('logs each accepted request with counts and a body digest, never the identifiers', async () => {
    const before = sandbox.audienceUploads().length
    const hashes = emails('logged', 2)
    await upload(SEEDED_AUDIENCES.emptyList, [update(hashes)])
    const log = sandbox.audienceUploads()
    expect(log).toHaveLength(before + 1)
    expect(log.at(-1)).toMatchObject({
      target: 'custom_audience',
      targetId: SEEDED_AUDIENCES.emptyList,
      account: main,
      operationTypes: ['Update'],
      records: 2,
      processed: 2,
      bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(JSON.stringify(log)).not.toContain(hashes[0])
  })
})

describe('custom audience upload rate limit and faults', () => {
  it('sends the 1,500-per-minute window in rate-limit headers and answers 429 past it', async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const url = `${own.adsUrl}/12/accounts/${own.demo.accountIds[0]}/custom_audiences/${SEEDED_AUDIENCES.emptyList}/users`
      const first = await call(tokens, { method: 'POST', url, json: [update(emails('rl', 1))] })
      expect(first.status).toBe(200)
      expect(first.headers.get('x-rate-limit-limit')).toBe('1500')
      expect(first.headers.get('x-rate-limit-remaining')).toBe('1499')
      const reset = Number(first.headers.get('x-rate-limit-reset'))
      // Whole seconds, rounded up: at most one second beyond the minute.
      expect(reset * 1000 - Date.now()).toBeLessThanOrEqual(61_000)
      expect(reset * 1000 - Date.now()).toBeGreaterThan(0)

      own.setLimits({ audienceUploadsPerWindow: 2 })
      const secondCall = await call(tokens, { method: 'POST', url, json: [update(emails('rl2', 1))] })
      expect(secondCall.status).toBe(200)
      const refused = await call<UploadReply>(tokens, {
        method: 'POST',
        url,
        json: [update(emails('rl3', 1))],
      })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('x-rate-limit-remaining')).toBe('0')
      expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'TOO_MANY_REQUESTS' })])
      expect(
        own.customAudienceMembers(SEEDED_AUDIENCES.emptyList)?.has('email', emails('rl3', 1)[0] ?? ''),
      ).toBe(false)
      // Other endpoints keep their own window.
      const list = await call(tokens, {
        url: `${own.adsUrl}/12/accounts/${own.demo.accountIds[0]}/custom_audiences`,
      })
      expect(list.status).toBe(200)
    } finally {
      await own.close()
    }
  })

  it('the undercount fault processes one record fewer than sent; a retry of the chunk completes it', async () => {
    const own = await startSandbox({ port: 0, faults: { undercountAudienceUploads: 1 } })
    try {
      const tokens = await authorizeDemoUser(own)
      const url = `${own.adsUrl}/12/accounts/${own.demo.accountIds[0]}/custom_audiences/${SEEDED_AUDIENCES.emptyList}/users`
      const chunk = [update(emails('chunk', 3)), update(emails('chunk-b', 2))]
      const short = await call<UploadReply>(tokens, { method: 'POST', url, json: chunk })
      expect(short.status).toBe(200)
      expect(short.body.data).toEqual({ success_count: 4, total_count: 4 })
      expect(own.faultCounts().undercounts).toBe(1)
      expect(own.customAudienceMembers(SEEDED_AUDIENCES.emptyList)?.count).toBe(4)
      const retried = await call<UploadReply>(tokens, { method: 'POST', url, json: chunk })
      expect(retried.body.data).toEqual({ success_count: 5, total_count: 5 })
      expect(own.customAudienceMembers(SEEDED_AUDIENCES.emptyList)?.count).toBe(5)
      const log = own.audienceUploads()
      expect(log.map((u) => [u.records, u.processed])).toEqual([
        [5, 4],
        [5, 5],
      ])
      expect(log[0]?.bodySha256).toBe(log[1]?.bodySha256)
    } finally {
      await own.close()
    }
  })

  it('undercountAudienceUploads: true shortens every upload until switched off', async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const url = `${own.adsUrl}/12/accounts/${own.demo.accountIds[0]}/custom_audiences/${SEEDED_AUDIENCES.emptyList}/users`
      own.setFaults({ undercountAudienceUploads: true })
      for (const prefix of ['a', 'b']) {
        const reply = await call<UploadReply>(tokens, {
          method: 'POST',
          url,
          json: [update(emails(prefix, 2))],
        })
        expect(reply.body.data?.success_count).toBe(1)
      }
      own.setFaults({ undercountAudienceUploads: false })
      const reply = await call<UploadReply>(tokens, { method: 'POST', url, json: [update(emails('c', 2))] })
      expect(reply.body.data?.success_count).toBe(2)
    } finally {
      await own.close()
    }
  })
})

describe('audience state in the --data file', () => {
  it('keeps member hashes, permissions and the upload log across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-audiences-'))
    const file = join(dir, 'state.json')
    const hashes = emails('persisted', 3)
    try {
      const first = await startSandbox({ port: 0, dataFile: file })
      const account = first.demo.accountIds[0] ?? ''
      try {
        const tokens = await authorizeDemoUser(first)
        const url = `${first.adsUrl}/12/accounts/${account}/custom_audiences/${SEEDED_AUDIENCES.emptyList}/users`
        expect((await call(tokens, { method: 'POST', url, json: [update(hashes)] })).status).toBe(200)
        const revoke = await call(tokens, {
          method: 'DELETE',
          url: `${first.adsUrl}/5/accounts/${account}/tailored_audiences/${SEEDED_AUDIENCES.newsletter}/permissions/${SEEDED_PERMISSIONS.newsletterToSecond}`,
        })
        expect(revoke.status).toBe(200)
      } finally {
        await first.close()
      }
      const second = await startSandbox({ port: 0, dataFile: file })
      try {
        const summary = second.customAudienceMembers(SEEDED_AUDIENCES.emptyList)
        expect(summary?.count).toBe(3)
        expect(hashes.every((h) => summary?.has('email', h))).toBe(true)
        expect(second.customAudienceMembers(SEEDED_AUDIENCES.newsletter)?.count).toBe(1_500)
        expect(
          second
            .list('tailored_audience_permissions')
            .find((p) => p.id === SEEDED_PERMISSIONS.newsletterToSecond)?.deleted,
        ).toBe(true)
        expect(second.audienceUploads().map((u) => u.records)).toEqual([3])
      } finally {
        await second.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
