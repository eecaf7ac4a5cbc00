// Main's log as services use it: a line per failed call, the keychain's secrets blanked, and the
// diagnostics text Settings copies.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDiagnostics } from '../../../src/main/log/diagnostics'
import { DIAGNOSTIC_LOG_LINES } from '../../../src/shared/diagnostics'
import { LOG_FILE } from '../../../src/main/log/logger'
import { openMainLog, type MainLog } from '../../../src/main/log/mainLog'
import type { IpcDispatcher } from '../../../src/main/ipc/dispatcher'
import type { IpcResult } from '../../../src/shared/ipc/result'

let dir: string
let log: MainLog
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'main-log-'))
})
afterEach(async () => {
  await log?.file.close()
  await rm(dir, { recursive: true, force: true })
})

async function lines(): Promise<Record<string, unknown>[]> {
  await log.file.flush()
  const text = await readFile(join(dir, LOG_FILE), 'utf8')
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

const sender = { url: 'app://studio/index.html', isMainFrame: true }
const answering = (result: IpcResult<unknown>): IpcDispatcher => ({
  channels: [],
  dispatch: async () => result,
})

describe('failed IPC calls in the log', () => {
  it('writes the channel, code and field of a refused call, never the payload', async () => {
    log = openMainLog({ dir })
    const dispatcher = log.withFailureLines(
      answering({
        ok: false,
        error: { code: 'invalid_request', message: 'The request was not understood', field: 'content.text' },
      }),
    )
    await dispatcher.dispatch('drafts.update', sender, { id: 'd1', content: { text: 'Summer sale' } })
    const [line] = await lines()
    expect(line).toMatchObject({
      level: 'warn',
      module: 'ipc',
      channel: 'drafts.update',
      code: 'invalid_request',
      field: 'content.text',
      msg: 'call failed',
    })
    expect(JSON.stringify(line)).not.toContain('Summer')
  })

  it('names neither a channel nor a field the page made up', async () => {
    log = openMainLog({ dir })
    const refused = log.withFailureLines(
      answering({ ok: false, error: { code: 'unknown_channel', message: 'There is no channel' } }),
    )
    await refused.dispatch('steal buyer@shop.example', sender, {})
    const unknownKey = log.withFailureLines(
      answering({ ok: false, error: { code: 'invalid_request', message: 'x', field: 'Summer sale!' } }),
    )
    await unknownKey.dispatch('drafts.update', sender, {})
    const [first, second] = await lines()
    expect(first).toMatchObject({ channel: '(unknown)', code: 'unknown_channel' })
    expect(second).toMatchObject({ channel: 'drafts.update', code: 'invalid_request' })
    expect(second).not.toHaveProperty('field')
  })

  it('writes nothing for a call that succeeded', async () => {
    log = openMainLog({ dir })
    await log.withFailureLines(answering({ ok: true, value: {} })).dispatch('drafts.list', sender, {})
    log.root.info('marker')
    expect((await lines()).map((line) => line.msg)).toEqual(['marker'])
  })

  it("logs a handler's internal failure by its channel, scrubbed, then tells the config's hook", async () => {
    const hook = vi.fn()
    log = openMainLog({ dir, onUnexpectedError: hook })
    const error = new Error('drafts file "Summer sale.json" could not be read')
    log.unexpected('drafts.list')(error)
    log.unexpected('storage')(new Error('moved aside'))
    const [call, storage] = await lines()
    expect(call).toMatchObject({ level: 'error', module: 'ipc', channel: 'drafts.list', code: 'internal' })
    expect(JSON.stringify(call)).not.toContain('Summer')
    expect(storage).toMatchObject({ level: 'error', module: 'storage', msg: 'unexpected failure' })
    expect(hook).toHaveBeenCalledWith('drafts.list', error)
  })
})

describe('secrets from the keychain', () => {
  it('blanks every secret the store reads or stores, wherever it later appears', async () => {
    log = openMainLog({ dir })
    const kept = new Map<string, string>([['profile/token', 'stored-token-value-1']])
    const store = log.watchSecrets({
      get: async (service, account) => kept.get(`${service}/${account}`) ?? null,
      set: async (service, account, secret) => void kept.set(`${service}/${account}`, secret),
      delete: async () => true,
      isAvailable: async () => ({ ok: true }),
    })
    await store.get('profile', 'token')
    await store.set('profile', 'secret', 'new-secret-value-2')
    log.of('connect').error({ err: new Error('signing with stored-token-value-1 failed') }, 'failed')
    log.of('connect').info({ note: 'new-secret-value-2' }, 'seen')
    await log.file.flush()
    const text = await readFile(join(dir, LOG_FILE), 'utf8')
    expect(text).not.toContain('stored-token-value-1')
    expect(text).not.toContain('new-secret-value-2')
    expect(text.match(/\[redacted\]/g)).toHaveLength(2)
  })
})

describe('Copy diagnostics', () => {
  const runtime = () => ({
    platform: 'linux',
    release: '6.1.0',
    arch: 'x64',
    versions: { electron: '45.0.0', node: '22.0.0' },
  })

  it('holds the version, the system and the newest lines, reaching into rotated files', async () => {
    log = openMainLog({ dir, rotation: { size: '10K', files: 4 } })
    for (let index = 0; index < 400; index += 1) log.of('test').info({ index }, 'line')
    const clipboard: string[] = []
    const diagnostics = createDiagnostics({
      appInfo: { name: 'Ads Studio', version: '1.2.3' },
      logFile: log.file,
      secrets: log.secrets,
      writeClipboard: (text) => void clipboard.push(text),
      runtime,
    })
    const copied = await diagnostics.copy()
    expect(copied.copied).toBe(true)
    expect(clipboard).toEqual([copied.text])
    expect(copied.lines).toBe(DIAGNOSTIC_LOG_LINES)
    const [name, system, runtimeLine, logHeader, ...logLines] = copied.text.split('\n')
    expect(name).toBe('Ads Studio 1.2.3')
    expect(system).toBe('System: linux 6.1.0 (x64)')
    expect(runtimeLine).toBe('Runtime: Electron 45.0.0, Node 22.0.0')
    expect(logHeader).toBe('Log: the last 200 lines, oldest first')
    expect(logLines.map((line) => (JSON.parse(line) as { index: number }).index)).toEqual(
      Array.from({ length: 200 }, (_, index) => 200 + index),
    )
  })

  it('says it did not copy when there is no clipboard, or writing to it fails', async () => {
    log = openMainLog({ dir })
    log.root.info('one line')
    const base = {
      appInfo: { name: 'Ads Studio', version: '1' },
      logFile: log.file,
      secrets: log.secrets,
      runtime,
    }
    expect(await createDiagnostics(base).copy()).toMatchObject({ copied: false, lines: 1 })
    const failing = createDiagnostics({
      ...base,
      writeClipboard: () => {
        throw new Error('no clipboard')
      },
    })
    expect(await failing.copy()).toMatchObject({ copied: false, lines: 1 })
  })

  it('scrubs the lines again: a file from an older version may hold anything', async () => {
    log = openMainLog({ dir })
    log.secrets.add('secret-from-keychain')
    const { appendFile } = await import('node:fs/promises')
    await log.file.flush()
    await appendFile(join(dir, LOG_FILE), '{"msg":"old line secret-from-keychain buyer@shop.example"}\n')
    const { text } = await createDiagnostics({
      appInfo: { name: 'Ads Studio', version: '1' },
      logFile: log.file,
      secrets: log.secrets,
      runtime,
    }).copy()
    expect(text).not.toContain('secret-from-keychain')
    expect(text).not.toContain('buyer@shop.example')
    expect(text).toContain('old line [redacted] [email]')
  })
})
