import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox, SandboxOptions } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

const running: Sandbox[] = []
async function start(
  options: SandboxOptions = {},
): Promise<{ sandbox: Sandbox; user: UserTokens; polls: string }> {
  const sandbox = await startSandbox({ port: 0, ...options })
  running.push(sandbox)
  const user = await authorizeDemoUser(sandbox)
  return { sandbox, user, polls: `${sandbox.adsUrl}/12/accounts/${sandbox.demo.accountIds[0]}/cards/poll` }
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

const pollForm = (name: string) => ({
  name,
  duration_in_minutes: '30',
  first_choice: 'A',
  second_choice: 'B',
})

describe('fault injection', () => {
  it('answers errorRate requests with 500 or 503 and commits nothing', async () => {
    const { sandbox, user, polls } = await start()
    sandbox.setFaults({ errorRate: 1 })
    const statuses = new Set<number>()
    for (let i = 0; i < 8; i++)
      statuses.add((await call(user, { method: 'POST', url: polls, form: pollForm(`failing ${i}`) })).status)
    expect([...statuses].every((s) => s === 500 || s === 503)).toBe(true)
    expect(sandbox.created().poll_cards).toBe(0)
    expect(sandbox.faultCounts().errors).toBe(8)
    sandbox.setFaults({ errorRate: 0 })
    expect((await call(user, { url: polls })).status).toBe(200)
  })

  it('commits a dropped request: the connection is reset, yet the object exists exactly once', async () => {
    const { sandbox, user, polls } = await start()
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^POST .*/cards/poll$' })
    await expect(
      call(user, { method: 'POST', url: polls, form: pollForm('Dropped but real') }),
    ).rejects.toThrow()
    expect(sandbox.faultCounts().drops).toBe(1)
    expect(sandbox.created().poll_cards).toBe(1)
    const reconciled = await call<{ data: { name: string }[] }>(user, {
      url: polls,
      query: { q: 'dropped but' },
    })
    expect(reconciled.status).toBe(200)
    expect(reconciled.body.data.map((c) => c.name)).toEqual(['Dropped but real'])
    expect(sandbox.list('poll_cards').map((c) => c.name)).toEqual(['Dropped but real'])
  })

  it('forces a number of 429s with rate-limit headers, then recovers', async () => {
    const { sandbox, user, polls } = await start()
    sandbox.setFaults({ force429: 2 })
    const first = await call(user, { url: polls })
    expect(first.status).toBe(429)
    expect(first.headers.get('x-rate-limit-remaining')).toBe('0')
    expect(Number(first.headers.get('x-rate-limit-reset'))).toBeLessThanOrEqual(
      Math.ceil(Date.now() / 1000) + 1,
    )
    expect((await call(user, { url: polls })).status).toBe(429)
    expect((await call(user, { url: polls })).status).toBe(200)
    expect(sandbox.faultCounts().forced429).toBe(2)
    sandbox.setFaults({ force429: true })
    expect((await call(user, { url: polls })).status).toBe(429)
    expect((await call(user, { url: polls })).status).toBe(429)
  })

  it('adds latency, and leaves the browser pages alone', async () => {
    const { sandbox, user, polls } = await start()
    sandbox.setFaults({ latencyMs: 120, errorRate: 1, pathPattern: '/ads/' })
    const started = performance.now()
    await call(user, { url: polls })
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)
    sandbox.setFaults({ latencyMs: 0, pathPattern: undefined })
    const page = await fetch(`${sandbox.apiUrl}/oauth/authorize?oauth_token=unknown`)
    expect(page.status).toBe(400)
    expect(page.headers.get('content-type')).toMatch(/html/)
  })

  it('is reproducible for a given seed', async () => {
    const sequence = async (seed: number): Promise<number[]> => {
      const { sandbox, user } = await start({ seed })
      sandbox.setFaults({ errorRate: 0.5 })
      const statuses: number[] = []
      for (let i = 0; i < 12; i++)
        statuses.push((await call(user, { url: `${sandbox.adsUrl}/12/accounts` })).status)
      return statuses
    }
    const first = await sequence(42)
    expect(await sequence(42)).toEqual(first)
    expect(first).toContain(200)
    expect(first.some((s) => s >= 500)).toBe(true)
    expect(await sequence(7)).not.toEqual(first)
  })

  it('refuses fault settings out of range', async () => {
    await expect(startSandbox({ faults: { errorRate: 2 } })).rejects.toThrow(/errorRate/)
    const { sandbox } = await start()
    expect(() => sandbox.setFaults({ dropAfterCommitRate: -0.1 })).toThrow(/dropAfterCommitRate/)
  })
})
