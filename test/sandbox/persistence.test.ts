import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'
import { STARTUP_QUIET_MS, startCli } from './helpers/spawnCli'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-data-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('--data persistence', { timeout: 2 * STARTUP_QUIET_MS }, () => {
  it('keeps tokens, objects and counters across restarts, also through the CLI', async () => {
    const file = join(dir, 'state.json')
    const first = await startSandbox({ port: 0, dataFile: file })
    let user: UserTokens
    const account = first.demo.accountIds[0] ?? ''
    try {
      user = await authorizeDemoUser(first)
      const created = await call(user, {
        method: 'POST',
        url: `${first.adsUrl}/12/accounts/${account}/cards/poll`,
        form: { name: 'Persisted poll', duration_in_minutes: '60', first_choice: 'A', second_choice: 'B' },
      })
      expect(created.status).toBe(200)
    } finally {
      await first.close()
    }
    const saved = JSON.parse(await readFile(file, 'utf8')) as { pollCards: { name: string }[] }
    expect(saved.pollCards.map((p) => p.name)).toEqual(['Persisted poll'])

    const second = await startSandbox({ port: 0, dataFile: file })
    try {
      expect(second.created().poll_cards).toBe(1)
      const listed = await call<{ data: { name: string }[] }>(user, {
        url: `${second.adsUrl}/12/accounts/${account}/cards/poll`,
      })
      expect(listed.status).toBe(200)
      expect(listed.body.data.map((p) => p.name)).toEqual(['Persisted poll'])
    } finally {
      await second.close()
    }

    const cli = await startCli(['--json', '--data', file])
    try {
      const listed = await call<{ data: { name: string }[] }>(user, {
        url: `${cli.info.adsUrl}/12/accounts/${account}/cards/poll`,
      })
      expect(listed.body.data.map((p) => p.name)).toEqual(['Persisted poll'])
    } finally {
      expect(await cli.stop()).toBe(0)
    }
  })

  it('starts from the seed when the data file does not exist yet, and rejects a foreign file', async () => {
    const fresh = await startSandbox({ port: 0, dataFile: join(dir, 'nested', 'new.json') })
    try {
      expect(fresh.demo.accountIds).toHaveLength(2)
    } finally {
      await fresh.close()
    }
    const foreign = join(dir, 'foreign.json')
    await import('node:fs/promises').then((fs) => fs.writeFile(foreign, JSON.stringify({ schema: 99 })))
    await expect(startSandbox({ port: 0, dataFile: foreign })).rejects.toThrow(/schema/)
  })
})

describe('cli', { timeout: 2 * STARTUP_QUIET_MS }, () => {
  it('prints URLs, the demo app and the demo user with two ad accounts', async () => {
    const cli = await startCli(['--port', '0'], { waitFor: /Ctrl\+C/ })
    try {
      const text = cli.lines.join('\n')
      const apiUrl = /Platform API\s+(\S+)/.exec(text)?.[1] ?? ''
      expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(text).toContain(`${apiUrl}/ads/12`)
      expect(text).toContain(`${apiUrl}/ads-sandbox/12`)
      expect(text).toMatch(/consumer key\s+\S+/)
      expect(text).toMatch(/consumer secret\s+\S+/)
      expect(text).toMatch(/@sandbox_designer \(user id \d+\)/)
      expect(/ad accounts\s+(.+)/.exec(text)?.[1]?.split(', ')).toHaveLength(2)
      expect((await fetch(`${apiUrl}/ads/12/accounts`)).status).toBe(401)
    } finally {
      await cli.stop()
    }
  })
})
