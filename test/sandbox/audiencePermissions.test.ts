import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEEDED_AUDIENCES, SEEDED_PERMISSIONS, startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

// Tailored audience permissions, version 5 (spec part A): list, grant, revoke; ownership
// (is_owner) and the business rule (SHARE_AUDIENCE_OUTSIDE_BUSINESS).

interface Issue {
  code: string
  message: string
  parameter?: string
}
interface Envelope<T = Record<string, unknown>> {
  data: T
  next_cursor?: string | null
  total_count?: number
  errors?: Issue[]
}
interface Permission {
  id: string
  tailored_audience_id: string
  granted_account_id: string
  permission_level: string
  created_at: string
  updated_at: string
  deleted: boolean
}

let sandbox: Sandbox
let user: UserTokens
let main: string
let second: string
let foreign: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  user = await authorizeDemoUser(sandbox)
  ;[main = '', second = ''] = sandbox.demo.accountIds
  foreign = sandbox.demo.otherAccountId
})
afterAll(async () => {
  await sandbox.close()
})

const permissionsUrl = (audience: string, account = main, host = sandbox.adsUrl, version = '5'): string =>
  `${host}/${version}/accounts/${account}/tailored_audiences/${audience}/permissions`
const list = (audience: string, query?: Record<string, string>, account = main) =>
  call<Envelope<Permission[]>>(user, { url: permissionsUrl(audience, account), ...(query ? { query } : {}) })
const grant = (audience: string, form: Record<string, string>, account = main, who: UserTokens = user) =>
  call<Envelope<Permission>>(who, { method: 'POST', url: permissionsUrl(audience, account), form })
const revoke = (audience: string, id: string, account = main) =>
  call<Envelope<Permission>>(user, { method: 'DELETE', url: `${permissionsUrl(audience, account)}/${id}` })
const audienceIds = async (account: string): Promise<string[]> => {
  const response = await call<Envelope<{ id: string }[]>>(user, {
    url: `${sandbox.adsUrl}/12/accounts/${account}/custom_audiences`,
  })
  return response.body.data.map((a) => a.id)
}

describe('GET tailored_audiences/:id/permissions (version 5)', () => {
  it("lists the owner's grants as permission objects", async () => {
    const response = await list(SEEDED_AUDIENCES.newsletter)
    expect(response.status, response.text).toBe(200)
    expect(response.body.data).toEqual([
      {
        id: SEEDED_PERMISSIONS.newsletterToSecond,
        tailored_audience_id: SEEDED_AUDIENCES.newsletter,
        granted_account_id: second,
        permission_level: 'READ_ONLY',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
        updated_at: expect.stringMatching(/Z$/),
        deleted: false,
      },
    ])
    expect(response.body.next_cursor).toBeNull()
  })

  it('exists under version 5 only', async () => {
    const v12 = await call(user, {
      url: permissionsUrl(SEEDED_AUDIENCES.newsletter, main, sandbox.adsUrl, '12'),
    })
    expect(v12.status).toBe(404)
    const sandboxHost = await call(user, {
      url: permissionsUrl(SEEDED_AUDIENCES.newsletter, main, sandbox.adsSandboxUrl),
    })
    expect(sandboxHost.status).toBe(200)
  })

  it('takes count 1 to 1000 and ID filters of up to 200 entries', async () => {
    for (const count of ['0', '1001', 'many']) {
      const response = await list(SEEDED_AUDIENCES.newsletter, { count })
      expect(response.status).toBe(400)
      expect(response.body.errors?.[0]?.parameter).toBe('count')
    }
    expect((await list(SEEDED_AUDIENCES.newsletter, { count: '1000' })).status).toBe(200)
    const ids = (n: number): string => Array.from({ length: n }, (_, i) => `x${i}`).join(',')
    for (const name of ['granted_account_ids', 'tailored_audience_permission_ids']) {
      expect((await list(SEEDED_AUDIENCES.newsletter, { [name]: ids(200) })).status).toBe(200)
      const tooMany = await list(SEEDED_AUDIENCES.newsletter, { [name]: ids(201) })
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.errors?.[0]?.parameter).toBe(name)
    }
    const byAccount = await list(SEEDED_AUDIENCES.newsletter, { granted_account_ids: `${foreign},${second}` })
    expect(byAccount.body.data.map((p) => p.id)).toEqual([SEEDED_PERMISSIONS.newsletterToSecond])
    const byOther = await list(SEEDED_AUDIENCES.newsletter, { granted_account_ids: foreign })
    expect(byOther.body.data).toEqual([])
    const byId = await list(SEEDED_AUDIENCES.newsletter, {
      tailored_audience_permission_ids: SEEDED_PERMISSIONS.newsletterToSecond,
    })
    expect(byId.body.data).toHaveLength(1)
    const total = await list(SEEDED_AUDIENCES.newsletter, { with_total_count: 'true' })
    expect(total.body.total_count).toBe(1)
  })

  it('pages with count and cursor', async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const [ownMain = '', ownSecond = ''] = own.demo.accountIds
      const url = `${own.adsUrl}/5/accounts/${ownMain}/tailored_audiences/${SEEDED_AUDIENCES.purchasers}/permissions`
      await call(tokens, {
        method: 'POST',
        url,
        form: { granted_account_id: ownSecond, permission_level: 'READ_ONLY' },
      })
      await call(tokens, {
        method: 'POST',
        url: `${own.adsSandboxUrl}/12/accounts/${ownMain}/features`,
        form: { feature_keys: 'SHARE_AUDIENCE_OUTSIDE_BUSINESS' },
      })
      await call(tokens, {
        method: 'POST',
        url,
        form: { granted_account_id: own.demo.otherAccountId, permission_level: 'READ_ONLY' },
      })
      const first = await call<Envelope<Permission[]>>(tokens, { url, query: { count: '1' } })
      expect(first.body.data.map((p) => p.granted_account_id)).toEqual([ownSecond])
      const next = await call<Envelope<Permission[]>>(tokens, {
        url,
        query: { count: '1', cursor: String(first.body.next_cursor) },
      })
      expect(next.body.data.map((p) => p.granted_account_id)).toEqual([own.demo.otherAccountId])
      expect(next.body.next_cursor).toBeNull()
    } finally {
      await own.close()
    }
  })
})

describe('permission list page size', () => {
  it('answers 200 permissions by default and up to 1000 with count', async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const ownMain = own.demo.accountIds[0] ?? ''
      // Accounts made on the sandbox host are each their own business: lift the business rule.
      await call(tokens, {
        method: 'POST',
        url: `${own.adsSandboxUrl}/12/accounts/${ownMain}/features`,
        form: { feature_keys: 'SHARE_AUDIENCE_OUTSIDE_BUSINESS' },
      })
      const url = `${own.adsUrl}/5/accounts/${ownMain}/tailored_audiences/${SEEDED_AUDIENCES.emptyList}/permissions`
      for (let i = 0; i < 201; i++) {
        const account = await call<Envelope<{ id: string }>>(tokens, {
          method: 'POST',
          url: `${own.adsSandboxUrl}/12/accounts`,
        })
        const granted = await call(tokens, {
          method: 'POST',
          url,
          form: { granted_account_id: account.body.data.id, permission_level: 'READ_ONLY' },
        })
        expect(granted.status, granted.text).toBe(200)
      }
      const page = await call<Envelope<Permission[]>>(tokens, { url })
      expect(page.body.data).toHaveLength(200)
      expect(page.body.next_cursor).toEqual(expect.any(String))
      const all = await call<Envelope<Permission[]>>(tokens, { url, query: { count: '1000' } })
      expect(all.body.data).toHaveLength(201)
      expect(all.body.next_cursor).toBeNull()
    } finally {
      await own.close()
    }
  })
})

describe('ownership (is_owner)', () => {
  it('refuses to list, grant or revoke on an audience the account does not own, saying who does', async () => {
    const audience = SEEDED_AUDIENCES.secondCrm
    const responses = [
      await list(audience),
      await grant(audience, { granted_account_id: second, permission_level: 'READ_ONLY' }),
      await revoke(audience, SEEDED_PERMISSIONS.secondCrmToMain),
    ]
    for (const response of responses) {
      expect(response.status).toBe(403)
      expect(response.body.errors).toEqual([
        expect.objectContaining({ code: 'NOT_AUDIENCE_OWNER', parameter: 'tailored_audience_id' }),
      ])
      expect(response.body.errors?.[0]?.message).toContain(second)
    }
    // The owner account can.
    expect((await list(audience, undefined, second)).body.data.map((p) => p.id)).toEqual([
      SEEDED_PERMISSIONS.secondCrmToMain,
    ])
  })

  it("answers 404 for an audience the account can't see at all", async () => {
    const response = await list(SEEDED_AUDIENCES.foreign)
    expect(response.status).toBe(404)
    const granted = await grant(SEEDED_AUDIENCES.foreign, {
      granted_account_id: main,
      permission_level: 'READ_ONLY',
    })
    expect(granted.status).toBe(404)
  })
})

describe('POST grant and DELETE revoke', () => {
  it('grants READ_WRITE within the business; the granted account then sees and may change the audience', async () => {
    const granted = await grant(SEEDED_AUDIENCES.purchasers, {
      granted_account_id: second,
      permission_level: 'READ_WRITE',
    })
    expect(granted.status, granted.text).toBe(200)
    expect(granted.body.data).toMatchObject({
      tailored_audience_id: SEEDED_AUDIENCES.purchasers,
      granted_account_id: second,
      permission_level: 'READ_WRITE',
      deleted: false,
    })
    expect(sandbox.created().tailored_audience_permissions).toBe(1)
    expect(await audienceIds(second)).toContain(SEEDED_AUDIENCES.purchasers)
    const upload = await call(user, {
      method: 'POST',
      url: `${sandbox.adsUrl}/12/accounts/${second}/custom_audiences/${SEEDED_AUDIENCES.purchasers}/users`,
      json: [
        {
          operation_type: 'Update',
          params: { users: [{ email: [createHash('sha256').update('rw').digest('hex')] }] },
        },
      ],
    })
    expect(upload.status, upload.text).toBe(200)

    // Granting again changes the level of the same permission instead of adding one.
    const again = await grant(SEEDED_AUDIENCES.purchasers, {
      granted_account_id: second,
      permission_level: 'READ_ONLY',
    })
    expect(again.body.data).toMatchObject({ id: granted.body.data.id, permission_level: 'READ_ONLY' })
    expect((await list(SEEDED_AUDIENCES.purchasers)).body.data).toHaveLength(1)
    expect(sandbox.created().tailored_audience_permissions).toBe(1)
  })

  it('names every missing or invalid parameter', async () => {
    const missing = await grant(SEEDED_AUDIENCES.purchasers, {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors?.map((e) => [e.code, e.parameter])).toEqual([
      ['MISSING_PARAMETER', 'granted_account_id'],
      ['MISSING_PARAMETER', 'permission_level'],
    ])
    const level = await grant(SEEDED_AUDIENCES.purchasers, {
      granted_account_id: second,
      permission_level: 'ADMIN',
    })
    expect(level.body.errors?.map((e) => e.parameter)).toEqual(['permission_level'])
    const nobody = await grant(SEEDED_AUDIENCES.purchasers, {
      granted_account_id: 'no_such_account',
      permission_level: 'READ_ONLY',
    })
    expect(nobody.status).toBe(400)
    expect(nobody.body.errors?.[0]?.parameter).toBe('granted_account_id')
    const self = await grant(SEEDED_AUDIENCES.purchasers, {
      granted_account_id: main,
      permission_level: 'READ_ONLY',
    })
    expect(self.status).toBe(400)
    expect(self.body.errors?.[0]?.message).toMatch(/owns this audience/)
  })

  it('refuses sharing outside the business until the owner has SHARE_AUDIENCE_OUTSIDE_BUSINESS', async () => {
    const own = await startSandbox({ port: 0 })
    try {
      const tokens = await authorizeDemoUser(own)
      const ownMain = own.demo.accountIds[0] ?? ''
      const url = `${own.adsUrl}/5/accounts/${ownMain}/tailored_audiences/${SEEDED_AUDIENCES.newsletter}/permissions`
      const form = { granted_account_id: own.demo.otherAccountId, permission_level: 'READ_ONLY' }
      const refused = await call<Envelope>(tokens, { method: 'POST', url, form })
      expect(refused.status).toBe(403)
      expect(refused.body.errors).toEqual([
        expect.objectContaining({
          code: 'SHARING_OUTSIDE_BUSINESS_NOT_ALLOWED',
          parameter: 'granted_account_id',
        }),
      ])
      expect(refused.body.errors?.[0]?.message).toContain('SHARE_AUDIENCE_OUTSIDE_BUSINESS')
      expect(own.created().tailored_audience_permissions).toBe(0)

      const feature = await call(tokens, {
        method: 'POST',
        url: `${own.adsSandboxUrl}/12/accounts/${ownMain}/features`,
        form: { feature_keys: 'SHARE_AUDIENCE_OUTSIDE_BUSINESS' },
      })
      expect(feature.status, feature.text).toBe(200)
      const allowed = await call<Envelope<Permission>>(tokens, { method: 'POST', url, form })
      expect(allowed.status, allowed.text).toBe(200)
      expect(allowed.body.data.granted_account_id).toBe(own.demo.otherAccountId)
    } finally {
      await own.close()
    }
  })

  it('revokes: deleted true, the granted account loses the audience, running campaigns keep it', async () => {
    expect(await audienceIds(second)).toContain(SEEDED_AUDIENCES.newsletter)
    const revoked = await revoke(SEEDED_AUDIENCES.newsletter, SEEDED_PERMISSIONS.newsletterToSecond)
    expect(revoked.status, revoked.text).toBe(200)
    expect(revoked.body.data).toMatchObject({ id: SEEDED_PERMISSIONS.newsletterToSecond, deleted: true })

    expect(await audienceIds(second)).not.toContain(SEEDED_AUDIENCES.newsletter)
    const read = await call(user, {
      url: `${sandbox.adsUrl}/12/accounts/${second}/custom_audiences/${SEEDED_AUDIENCES.newsletter}`,
    })
    expect(read.status).toBe(404)
    const targeted = await call<Envelope<{ campaign_name: string }[]>>(user, {
      url: `${sandbox.adsUrl}/12/accounts/${second}/custom_audiences/${SEEDED_AUDIENCES.newsletter}/targeted`,
    })
    expect(targeted.status).toBe(200)
    expect(targeted.body.data.map((e) => e.campaign_name)).toEqual(['Second account reach'])

    expect((await list(SEEDED_AUDIENCES.newsletter)).body.data).toEqual([])
    const withDeleted = await list(SEEDED_AUDIENCES.newsletter, { with_deleted: 'true' })
    expect(withDeleted.body.data.map((p) => [p.id, p.deleted])).toEqual([
      [SEEDED_PERMISSIONS.newsletterToSecond, true],
    ])
    const twice = await revoke(SEEDED_AUDIENCES.newsletter, SEEDED_PERMISSIONS.newsletterToSecond)
    expect(twice.status).toBe(404)
  })

  it('refuses a grant with a read-only token', async () => {
    const reader = await authorizeDemoUser(sandbox, 'read')
    const response = await grant(
      SEEDED_AUDIENCES.purchasers,
      { granted_account_id: second, permission_level: 'READ_ONLY' },
      main,
      reader,
    )
    expect(response.status).toBe(403)
  })
})
