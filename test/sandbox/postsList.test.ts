import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

interface Envelope {
  data: Record<string, unknown>[]
  next_cursor?: string | null
  errors?: { code: string; parameter?: string }[]
}

let sandbox: Sandbox
let user: UserTokens
let account: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  user = await authorizeDemoUser(sandbox)
  account = sandbox.demo.accountIds[0]!
})
afterAll(async () => {
  await sandbox.close()
})

const url = (path: string) => `${sandbox.adsUrl}/12/accounts/${account}${path}`

describe('GET accounts/:account_id/posts (after the platform’s accounts/:id/tweets)', () => {
  it('lists published posts oldest first by name prefix, with full text, card and media keys, paged by cursor', async () => {
    const mediaKey = String(
      sandbox.state().mediaLibrary.find((m) => m._account === account && m.media_type === 'IMAGE')!.media_key,
    )
    const texts = ['First of the list', 'Second of the list', 'Third of the list']
    for (const [index, text] of texts.entries()) {
      const form: Record<string, string> = { as_user_id: sandbox.demo.userId, text, name: `Listed ${index}` }
      if (index === 1) form.media_keys = mediaKey
      const created = await call(user, { method: 'POST', url: url('/post'), form })
      expect(created.status).toBe(200)
    }
    await call(user, {
      method: 'POST',
      url: url('/post'),
      form: { as_user_id: sandbox.demo.userId, text: 'Other', name: 'Unrelated' },
    })

    const first = await call<Envelope>(user, {
      url: url('/posts'),
      query: { post_type: 'PUBLISHED', name: 'listed', count: '2', timeline_type: 'ALL' },
    })
    expect(first.status).toBe(200)
    expect(first.body.data.map((p) => p.name)).toEqual(['Listed 0', 'Listed 1'])
    expect(first.body.data[1]).toMatchObject({
      full_text: 'Second of the list',
      extended_entities: { media: [{ media_key: mediaKey, type: 'photo' }] },
    })
    const next = await call<Envelope>(user, {
      url: url('/posts'),
      query: {
        post_type: 'PUBLISHED',
        name: 'listed',
        count: '2',
        timeline_type: 'ALL',
        cursor: first.body.next_cursor!,
      },
    })
    expect(next.body.data.map((p) => p.name)).toEqual(['Listed 2'])
    expect(next.body.next_cursor).toBeNull()
  })

  it('requires post_type and filters by it, by ids and by timeline', async () => {
    const missing = await call<Envelope>(user, { url: url('/posts') })
    expect(missing.status).toBe(400)
    expect(missing.body.errors?.map((e) => e.parameter)).toContain('post_type')
    const drafts = await call<Envelope>(user, { url: url('/posts'), query: { post_type: 'DRAFT' } })
    expect(drafts.body.data).toEqual([])
    const organic = await call<Envelope>(user, {
      url: url('/posts'),
      query: { post_type: 'PUBLISHED', timeline_type: 'ORGANIC' },
    })
    expect(organic.body.data).toEqual([])
    const all = await call<Envelope>(user, { url: url('/posts'), query: { post_type: 'PUBLISHED' } })
    const id = String(all.body.data[0]!.id_str)
    const byId = await call<Envelope>(user, {
      url: url('/posts'),
      query: { post_type: 'PUBLISHED', post_ids: id, trim_user: 'true' },
    })
    expect(byId.body.data.map((p) => p.id_str)).toEqual([id])
    expect(Object.keys(byId.body.data[0]!.user as object).sort()).toEqual(['id', 'id_str'])
  })
})
