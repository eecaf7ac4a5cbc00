import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { LoggedRequest, OutsideChange, OutsideSchedule } from '../../sandbox/index'
import { admin } from './helpers/admin'
import { call, pngOf, uploadUntilFinalized } from './helpers/client'
import { useSandbox } from './helpers/setup'
import { startCli } from './helpers/spawnCli'

const env = useSandbox()

const ads = (path: string): string => `${env.sandbox.adsUrl}/12${path}`
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** A raw request, so the Host header can be anything. */
function raw(path: string, headers: Record<string, string>, method = 'GET', body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: env.sandbox.port, path, method, headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('the admin routes', () => {
  it('list themselves, and answer only requests to a loopback host, writes only as JSON', async () => {
    const index = await admin<{ help: string; kinds: string[]; actions: string[] }>(env.sandbox, 'GET', '')
    expect(index.body.data?.help).toMatch(/POST +\/__admin\/outside-edits/)
    expect(index.body.data?.kinds).toContain('line_items')
    expect(await raw('/__admin/requests', { host: `localhost:${env.sandbox.port}` })).toBe(200)
    // A web page that rebinds its own name to 127.0.0.1 still sends its own Host.
    expect(await raw('/__admin/requests', { host: 'attacker.example' })).toBe(403)
    const form = 'kind=cards'
    expect(await raw('/__admin/outside-edits', { 'content-type': 'text/plain' }, 'POST', form)).toBe(415)
  })

  it('are no part of the platform API: no OAuth, no faults, not in the request log', async () => {
    env.sandbox.setFaults({ force429: true })
    try {
      expect((await admin(env.sandbox, 'GET', '/requests')).status).toBe(200)
    } finally {
      env.sandbox.setFaults({ force429: false })
    }
    const logged = env.sandbox.requestLog().map((entry) => entry.path)
    expect(logged.some((path) => path.startsWith('/__admin'))).toBe(false)
  })
})

describe('the request log (GET /__admin/requests)', () => {
  it('records method, path, route, query and body fields; an update shows just what it set', async () => {
    const since = env.sandbox.requestLog().at(-1)?.seq ?? 0
    const lineItem = String(env.sandbox.state().lineItems.find((l) => l._account === env.main)?.id)
    await call(env.user, {
      method: 'PUT',
      url: ads(`/accounts/${env.main}/line_items/${lineItem}`),
      form: { name: 'Just the name' },
    })
    await call(env.user, { url: ads(`/accounts/${env.main}/cards`), query: { q: 'Seeded', count: '5' } })
    const card = String(env.sandbox.state().cards[0]?.id)
    await call(env.user, {
      method: 'PUT',
      url: ads(`/accounts/${env.main}/cards/${card}`),
      json: { name: 'New name' },
    })
    const log = await admin<LoggedRequest[]>(env.sandbox, 'GET', `/requests?since=${since}`)
    const entries = log.body.data ?? []
    expect(entries.map((e) => e.route)).toEqual([
      'PUT /ads/12/accounts/:account_id/line_items/:line_item_id',
      'GET /ads/12/accounts/:account_id/cards',
      'PUT /ads/12/accounts/:account_id/cards/:card_id',
    ])
    expect(entries[0]).toMatchObject({
      path: `/ads/12/accounts/${env.main}/line_items/${lineItem}`,
      query: {},
      body: { type: 'form', fields: { name: 'Just the name' } },
      fieldNames: ['name'],
      status: 200,
      dropped: false,
      at: expect.stringMatching(/^\d{4}-.*\.\d{3}Z$/),
    })
    expect(entries[1]).toMatchObject({
      query: { q: 'Seeded', count: '5' },
      body: { type: 'none' },
      fieldNames: ['count', 'q'],
    })
    expect(entries[2]).toMatchObject({
      body: { type: 'json', fields: { name: 'New name' } },
      fieldNames: ['name'],
    })
    expect(JSON.stringify(entries)).not.toMatch(/oauth_/)
    expect(log.body.last_seq).toBe(entries.at(-1)?.seq)
  })

  it('logs identifier uploads by their length and file parts by their size, never their contents', async () => {
    const since = env.sandbox.requestLog().at(-1)?.seq ?? 0
    const hash = 'a'.repeat(64)
    await call(env.user, {
      method: 'POST',
      url: ads(`/accounts/${env.main}/custom_audiences/${env.sandbox.state().customAudiences[2]?.id}/users`),
      json: [{ operation_type: 'Update', params: { users: [{ email: [hash] }] } }],
    })
    await uploadUntilFinalized(env.sandbox, env.user, pngOf(600, 600), 'image/png', 'post_image')
    const entries = env.sandbox.requestLog(since)
    expect(entries[0]?.body).toEqual({ type: 'json', items: 1, bytes: expect.any(Number) })
    expect(JSON.stringify(entries)).not.toContain(hash)
    const append = entries.find((e) => e.body.fields?.command === 'APPEND')
    expect(append?.body.fields?.media).toMatch(/^<\d+ bytes>$/)
  })

  it('empties on DELETE', async () => {
    expect(
      (await admin<{ cleared: number }>(env.sandbox, 'DELETE', '/requests')).body.data?.cleared,
    ).toBeGreaterThan(0)
    expect(env.sandbox.requestLog()).toEqual([])
  })
})

describe('outside edits on a schedule', () => {
  it('edits objects of the named kinds every interval until stopped (PUT/DELETE /__admin/outside-edits/schedule)', async () => {
    const since = env.sandbox.outsideChanges().at(-1)?.seq ?? 0
    const started = await admin<OutsideSchedule>(env.sandbox, 'PUT', '/outside-edits/schedule', {
      every: '20ms',
      kinds: ['cards', 'line_items'],
    })
    expect(started.body.data).toEqual({ everyMs: 20, kinds: ['cards', 'line_items'], actions: ['edit'] })
    let changes: OutsideChange[] = []
    for (let i = 0; i < 100 && changes.length < 3; i++) {
      await sleep(20)
      changes = env.sandbox.outsideChanges(since)
    }
    expect(changes.length).toBeGreaterThanOrEqual(3)
    expect(changes.every((c) => c.source === 'schedule' && c.action === 'edit')).toBe(true)
    expect(new Set(changes.map((c) => c.kind)).size).toBeLessThanOrEqual(2)
    expect((await admin(env.sandbox, 'DELETE', '/outside-edits/schedule')).status).toBe(200)
    const stopped = env.sandbox.outsideChanges().length
    await sleep(80)
    expect(env.sandbox.outsideChanges().length).toBe(stopped)
    const listed = await admin<OutsideChange[]>(env.sandbox, 'GET', `/outside-edits?since=${since}`)
    expect(listed.body.schedule).toBeNull()
    expect(listed.body.data?.length).toBe(env.sandbox.outsideChanges(since).length)
    const bad = await admin(env.sandbox, 'PUT', '/outside-edits/schedule', {
      every: 'soon',
      kinds: ['cards'],
    })
    expect(bad.body.error?.message).toMatch(/duration/)
  })

  it('are documented by --help, with the --outside-edits flag', () => {
    const cliPath = fileURLToPath(new URL('../../sandbox/cli.ts', import.meta.url))
    const help = spawnSync(process.execPath, ['--import', 'tsx', cliPath, '--help'], { encoding: 'utf8' })
    expect(help.stdout).toMatch(/--outside-edits every=DURATION,kinds=KIND/)
    expect(help.stdout).toMatch(/GET +\/__admin\/requests/)
  })

  it('start from the CLI flag --outside-edits', async () => {
    const cli = await startCli([
      '--json',
      '--outside-edits',
      'every=30ms,kinds=cards,media_library,actions=edit,delete',
    ])
    try {
      const base = { apiUrl: String(cli.info.apiUrl) }
      let listed = await admin<OutsideChange[]>(base, 'GET', '/outside-edits')
      for (let i = 0; i < 100 && (listed.body.data?.length ?? 0) < 4; i++) {
        await sleep(30)
        listed = await admin<OutsideChange[]>(base, 'GET', '/outside-edits')
      }
      expect(listed.body.schedule).toEqual({
        everyMs: 30,
        kinds: ['cards', 'media_library'],
        actions: ['edit', 'delete'],
      })
      expect(listed.body.data?.length).toBeGreaterThanOrEqual(4)
    } finally {
      await cli.stop()
    }
  })

  it('refuse a bad --outside-edits flag at start, saying what is wrong', async () => {
    await expect(startCli(['--outside-edits', 'every=5s,kinds=spaceships'])).rejects.toThrow(
      /kinds must name/,
    )
  })
})
