// Main's log file: what a line may hold, and how the file rotates.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOG_FILE, openLogFile, type LogFile } from '../../../src/main/log/logger'
import { createKnownSecrets, scrubMessage, scrubText } from '../../../src/main/log/scrub'

let dir: string
let file: LogFile | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'main-log-'))
})
afterEach(async () => {
  await file?.close()
  file = undefined
  await rm(dir, { recursive: true, force: true })
})

const secrets = createKnownSecrets()
function open(rotation?: { size: string; files: number }) {
  file = openLogFile({ dir, secrets, ...(rotation ? { rotation } : {}) })
  return file
}

async function linesOf(name = LOG_FILE): Promise<Record<string, unknown>[]> {
  await file?.flush()
  const text = await readFile(join(dir, name), 'utf8')
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe("main's log file", () => {
  it('writes one JSON line per call, named by module, with time and level and no host or pid', async () => {
    const log = open()
    log.root.child({ module: 'outbox' }).info({ jobId: 'job-1', steps: 3 }, 'job queued')
    const [line] = await linesOf()
    expect(line).toMatchObject({
      level: 'info',
      module: 'outbox',
      jobId: 'job-1',
      steps: 3,
      msg: 'job queued',
    })
    expect(typeof line?.time).toBe('string')
    expect(line).not.toHaveProperty('hostname')
    expect(line).not.toHaveProperty('pid')
  })

  it('censors secret, customer and draft keys wherever a call passes them, two levels down', async () => {
    const log = open().root.child({ module: 'test' })
    log.info(
      {
        consumerSecret: 'cs-VALUE-1',
        pin: '7654321',
        request: { headers: { authorization: 'OAuth oauth_signature="sig"' }, url: 'https://x.example/?q=1' },
        upload: { identifiers: ['a@b.example'], rows: [['x']] },
        draft: { text: 'Summer sale' },
        nested: { deeper: { text: 'Winter sale', email: 'c@d.example' } },
        count: 2,
      },
      'careless call',
    )
    const [line] = await linesOf()
    const text = JSON.stringify(line)
    for (const value of [
      'cs-VALUE-1',
      '7654321',
      'sig',
      'x.example',
      'a@b.example',
      'Summer',
      'Winter',
      'c@d.example',
    ])
      expect(text).not.toContain(value)
    expect(line).toMatchObject({ consumerSecret: '[redacted]', pin: '[redacted]', count: 2 })
  })

  it('keeps of an error its name, code and a scrubbed message, and nothing it carries', async () => {
    const log = open().root.child({ module: 'test' })
    const error = Object.assign(
      new Error('Could not publish "Summer sale for @shopper" with token 1234567890123456789abcdEF'),
      { code: 'E_PUBLISH', body: { text: 'Summer sale' }, response: { headers: { cookie: 'c=1' } } },
    )
    log.error(error)
    log.error({ err: error }, 'publish failed')
    const lines = await linesOf()
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      const text = JSON.stringify(line)
      expect(text).not.toContain('Summer')
      expect(text).not.toContain('shopper')
      expect(text).not.toContain('1234567890123456789abcdEF')
      expect(text).not.toContain('c=1')
      expect(line.err).toMatchObject({ type: 'Error', code: 'E_PUBLISH' })
      expect((line.err as { message: string }).message).toMatch(/^Could not publish/)
    }
    expect(lines[0]?.msg).toBe('failure')
    expect(lines[1]?.msg).toBe('publish failed')
  })

  it('blanks a known secret anywhere in a line, raw, percent-encoded or JSON-escaped', async () => {
    const log = open().root.child({ module: 'test' })
    secrets.add('tok/en"secret+42')
    log.info({ note: 'a tok/en"secret+42 b', encoded: encodeURIComponent('tok/en"secret+42') }, 'seen')
    await file?.flush()
    const text = await readFile(join(dir, LOG_FILE), 'utf8')
    expect(text).not.toContain('tok/en')
    expect(text).not.toContain(encodeURIComponent('tok/en"secret+42'))
    expect(JSON.parse(text.trim())).toMatchObject({ note: 'a [redacted] b', encoded: '[redacted]' })
  })

  it('blanks OAuth parameters, credentials, URL queries, emails, digests and phone numbers in any text', async () => {
    const log = open().root.child({ module: 'test' })
    const digest = 'a'.repeat(64)
    log.info(
      {
        header: 'Authorization: OAuth oauth_consumer_key="ck-123", oauth_signature="c2lnbmF0dXJl"',
        oauth: 'oauth_consumer_key="ck-789", oauth_signature="c2lnbmF0dXJm", oauth_version="1.0"',
        url: 'GET https://ads.example/12/accounts?oauth_token=tok-456&q=shoes',
        note: `Bearer AAAAAAAAAAAAAAAAAAAAAbcdefgh ${digest} buyer@shop.example +44 20 7946 0958`,
      },
      'text',
    )
    const [line] = await linesOf()
    const text = JSON.stringify(line)
    for (const value of [
      'ck-123',
      'c2lnbmF0dXJl',
      'ck-789',
      'c2lnbmF0dXJm',
      'tok-456',
      'shoes',
      'AAAAAAAAAAAAAAAAAAAAAbcdefgh',
      digest,
      'buyer@',
      '7946',
    ])
      expect(text).not.toContain(value)
    expect(line?.header).toBe('Authorization: [redacted]')
    expect(line?.oauth).toBe(
      'oauth_consumer_key=[redacted], oauth_signature=[redacted], oauth_version=[redacted]',
    )
    expect(line?.note).toBe('Bearer [redacted] [hash] [email] [phone]')
  })

  it('scrubs URL queries out of text, keeping host and path', () => {
    expect(scrubText('GET https://ads.example/12/accounts?oauth_token=tok-456&q=shoes failed')).toBe(
      'GET https://ads.example/12/accounts?[query] failed',
    )
  })

  it('shortens the home folder, which names the person, to ~', async () => {
    const log = open().root.child({ module: 'test' })
    log.info({ path: join(homedir(), 'lists', 'list.csv') }, 'read')
    const [line] = await linesOf()
    expect(line?.path).toBe(join('~', 'lists', 'list.csv'))
  })

  it('scrubs quoted text, handles, ids and long numbers out of an error message', () => {
    expect(
      scrubMessage('Post "Big news" by @maker for 1234567 failed (0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00)'),
    ).toBe('Post "[text]" by [handle] for [number] failed ([id])')
  })

  it('rotates by size, keeping the newest lines and the set number of files', async () => {
    const log = open({ size: '1K', files: 2 }).root.child({ module: 'test' })
    for (let index = 0; index < 200; index += 1) log.info({ index }, 'a line of some length to fill the file')
    await file?.close()
    const names = (await readdir(dir)).sort()
    expect(names).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    for (const name of names) expect((await stat(join(dir, name))).size).toBeLessThan(1024 + 200)
    const newest = await linesOf('main.log')
    expect(newest.at(-1)?.index).toBe(199)
    const older = await linesOf('main.1.log')
    expect(older.at(-1)?.index).toBe(Number(newest[0]?.index) - 1)
    // The oldest lines are gone, not kept in a fourth file.
    expect((await linesOf('main.2.log'))[0]?.index).toBeGreaterThan(0)
  })

  it('drops lines quietly when the folder cannot be written, and never throws into the app', async () => {
    const blocked = join(dir, 'a-file')
    await writeFile(blocked, '')
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      file = openLogFile({ dir: join(blocked, 'logs'), secrets })
      expect(() => file?.root.info({ n: 1 }, 'lost')).not.toThrow()
      await file.close()
      expect(said).toHaveBeenCalledTimes(1)
      expect(String(said.mock.calls[0]?.[0])).toMatch(/could not write its log/)
    } finally {
      said.mockRestore()
    }
  })
})
