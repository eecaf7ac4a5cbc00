import { describe, expect, it } from 'vitest'
import { admin } from './helpers/admin'
import { call } from './helpers/client'
import { useSandbox } from './helpers/setup'

/** POST /__admin/fill: the world makes many objects on an account, as the platform would have. */

const env = useSandbox()
const ads = (path: string): string => `${env.sandbox.adsUrl}/12${path}`

describe('filling an account', () => {
  it('makes that many cards, listed by the platform API with honest timestamps', async () => {
    const before = (
      await call<{ data: unknown[] }>(env.user, {
        url: ads(`/accounts/${env.main}/cards`),
        query: { count: '200' },
      })
    ).body.data.length
    const filled = await admin<{ kind: string; total: number }>(env.sandbox, 'POST', '/fill', {
      kind: 'cards',
      account_id: env.main,
      count: 250,
    })
    expect(filled.status).toBe(200)
    expect(filled.body.data).toEqual({ kind: 'cards', total: before + 250 })
    const page = await call<{
      data: { updated_at: string; created_at: string }[]
      next_cursor: string | null
    }>(env.user, { url: ads(`/accounts/${env.main}/cards`), query: { count: '200' } })
    expect(page.body.data).toHaveLength(200)
    expect(page.body.next_cursor).not.toBeNull()
    for (const card of page.body.data)
      expect(Date.parse(card.updated_at)).toBeGreaterThanOrEqual(Date.parse(card.created_at))
  })

  it('fills line items in the image of one the account has', async () => {
    const filled = await admin<{ kind: string; total: number }>(env.sandbox, 'POST', '/fill', {
      kind: 'line_items',
      account_id: env.main,
      count: 3,
    })
    expect(filled.status).toBe(200)
    const page = await call<{ data: { name: string; objective: string; updated_at: string }[] }>(env.user, {
      url: ads(`/accounts/${env.main}/line_items`),
      query: { count: '1000' },
    })
    expect(page.body.data).toHaveLength(filled.body.data!.total)
    const names = page.body.data.map((l) => l.name)
    expect(names).toEqual(expect.arrayContaining(['Filled line item 1', 'Filled line item 3']))
    expect(page.body.data.every((l) => l.objective && l.updated_at)).toBe(true)
  })

  it('fills poll cards and the media library too, and refuses what it cannot do', async () => {
    const polls = await admin(env.sandbox, 'POST', '/fill', {
      kind: 'poll_cards',
      account_id: env.second,
      count: 3,
    })
    expect(polls.status).toBe(200)
    const media = await admin(env.sandbox, 'POST', '/fill', {
      kind: 'media_library',
      account_id: env.second,
      count: 3,
    })
    expect(media.status).toBe(200)
    const refused = [
      await admin(env.sandbox, 'POST', '/fill', { kind: 'products', account_id: env.main, count: 1 }),
      await admin(env.sandbox, 'POST', '/fill', { kind: 'cards', account_id: 'nope', count: 1 }),
      await admin(env.sandbox, 'POST', '/fill', { kind: 'cards', account_id: env.main, count: 0 }),
      await admin(env.sandbox, 'POST', '/fill', {
        kind: 'cards',
        account_id: env.main,
        count: 1,
        extra: true,
      }),
    ]
    expect(refused.map((r) => r.status)).toEqual([400, 404, 400, 400])
    expect(refused.every((r) => typeof r.body.error?.message === 'string')).toBe(true)
  })
})
