import { execFileSync } from 'node:child_process'
import { mkdtemp, rename, rm, truncate, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { createStudioApi } from '../../../src/shared/ipc/api'
import { CHANNELS, PAGE_CHANNELS } from '../../../src/shared/ipc/channels'
import { png } from '../media/fixtures'
import { LIMITS } from '../../../src/shared/rules/limits'

// media.inspectPath is a capability: main reads only files it handed out a token for, when the
// designer chose them in the dialog or dropped them. The page can never name a path.

const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }

let dataDir: string
let dialogAnswers: (string | null)[]
let running: Services[]

function start(): Services {
  const services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    mediaDialogs: { chooseMediaFile: async () => dialogAnswers.shift() ?? null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
  running.push(services)
  return services
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-media-capability-'))
  dialogAnswers = []
  running = []
})
afterEach(async () => {
  for (const services of running) await services.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

async function chosenFile(): Promise<{ path: string; token: string; sha256: string }> {
  const path = join(dataDir, 'banner.png')
  await writeFile(path, png(800, 418))
  dialogAnswers.push(path)
  const picked = await start()
    .createDispatcher(createSenderPolicy(RENDERER))
    .dispatch('media.pickLocal', sender, {})
  if (!picked.ok) throw new Error(picked.error.message)
  const media = (picked.value as { media: { token?: string; sha256: string } }).media
  expect(media.token).toMatch(/^[A-Za-z0-9_-]{24}$/)
  return { path, token: media.token ?? '', sha256: media.sha256 }
}

type Dispatcher = ReturnType<Services['createDispatcher']>

/** What the preload does as its document starts. */
async function dropKey(dispatcher: Dispatcher): Promise<string> {
  const answer = await dispatcher.dispatch('media.dropKey', sender, {})
  if (!answer.ok) throw new Error(answer.error.message)
  return (answer.value as { key: string }).key
}

describe('media.inspectPath reads only files main handed out a token for', () => {
  it('reads a file chosen in the dialog again by its token, also after a restart', async () => {
    const chosen = await chosenFile()
    const again = await start()
      .createDispatcher(createSenderPolicy(RENDERER))
      .dispatch('media.inspectPath', sender, { token: chosen.token })
    expect(again).toMatchObject({ ok: true, value: { media: { path: chosen.path, sha256: chosen.sha256 } } })
  })

  it.each(['/etc/passwd', join(homedir(), '.ssh/id_rsa'), '~/.ssh/id_rsa'])(
    'refuses to be given the path %s',
    async (path) => {
      const dispatcher = start().createDispatcher(createSenderPolicy(RENDERER))
      expect(await dispatcher.dispatch('media.inspectPath', sender, { path })).toMatchObject({
        ok: false,
        // The request lacks its token and carries a key the channel does not take.
        error: { code: 'invalid_request', field: expect.stringMatching(/^(token|path)$/) },
      })
      expect(await dispatcher.dispatch('media.inspectPath', sender, { token: path })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request', field: 'token' },
      })
    },
  )

  it('refuses a well-formed token it never handed out', async () => {
    await chosenFile()
    const dispatcher = start().createDispatcher(createSenderPolicy(RENDERER))
    const forged = await dispatcher.dispatch('media.inspectPath', sender, { token: 'A'.repeat(24) })
    expect(forged).toMatchObject({
      ok: false,
      error: { code: 'forbidden', field: 'token', message: expect.stringMatching(/Choose this file again/) },
    })
  })

  it('keeps the dropped-file channel, which takes a path, off the page API', () => {
    expect(CHANNELS).toContain('media.inspectDropped')
    expect(PAGE_CHANNELS).not.toContain('media.inspectDropped')
    const calls: string[] = []
    const api = createStudioApi(
      PAGE_CHANNELS,
      async (channel) => calls.push(channel),
      () => () => {},
    )
    expect(Object.keys(api.media)).toEqual(['pickLocal', 'inspectPath'])
    expect(PAGE_CHANNELS).not.toContain('media.dropKey')
    expect((api.media as Record<string, unknown>).inspectDropped).toBeUndefined()
  })

  it('grants a dropped file a token, and the token reads that file only', async () => {
    const path = join(dataDir, 'dropped.png')
    await writeFile(path, png(400, 400))
    const dispatcher = start().createDispatcher(createSenderPolicy(RENDERER))
    const key = await dropKey(dispatcher)
    const dropped = await dispatcher.dispatch('media.inspectDropped', sender, { path, key })
    expect(dropped).toMatchObject({ ok: true, value: { media: { path, token: expect.any(String) } } })
    if (!dropped.ok) return
    const token = (dropped.value as { media: { token: string } }).media.token
    expect(await dispatcher.dispatch('media.inspectPath', sender, { token })).toMatchObject({
      ok: true,
      value: { media: { path } },
    })
  })
})

// Issue 39, D19: only paths that come from a real drop are granted (the preload proves it with
// the key it alone holds), and a grant is bound to the file's identity, not its path. D11: a
// file is size-checked against the platform's limit before it is read.
describe('grants are for the file the designer chose or dropped, and only that file', () => {
  it('refuses a dropped path that a renderer sends itself, without the preload’s key', async () => {
    const path = join(dataDir, 'not-dropped.png')
    await writeFile(path, png(400, 400))
    const services = start()
    const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
    expect(await dispatcher.dispatch('media.inspectDropped', sender, { path })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', field: 'key' },
    })
    const key = await dropKey(dispatcher)
    // The key goes to the preload, once per document: asking again is refused.
    expect(await dispatcher.dispatch('media.dropKey', sender, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
    const forged = key.startsWith('A') ? `B${key.slice(1)}` : `A${key.slice(1)}`
    expect(await dispatcher.dispatch('media.inspectDropped', sender, { path, key: forged })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', field: 'key' },
    })
    expect(await dispatcher.dispatch('media.inspectDropped', sender, { path, key })).toMatchObject({
      ok: true,
    })
    // A new document (a reload) gets a key of its own; the old one no longer proves a drop.
    services.newDocument()
    const next = await dropKey(dispatcher)
    expect(next).not.toBe(key)
    expect(await dispatcher.dispatch('media.inspectDropped', sender, { path, key })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
  })

  it('binds a grant to the file it was given for: another file put at the same path is not read', async () => {
    const chosen = await chosenFile()
    const dispatcher = start().createDispatcher(createSenderPolicy(RENDERER))
    // A file with other content is written beside it and renamed over it (a link swapped, a file replaced).
    const other = join(dataDir, 'other.png')
    await writeFile(other, png(1200, 1200))
    await rename(other, chosen.path)
    expect(await dispatcher.dispatch('media.inspectPath', sender, { token: chosen.token })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/changed since you chose it.*Choose it again/),
      },
    })
  })

  it('refuses an image over the platform’s limit before reading it, and grants nothing', async () => {
    const path = join(dataDir, 'poster.png')
    // A PNG header, then a sparse 6 MB: over the 5 MB image limit (LIMITS.localMedia).
    await writeFile(path, png(2000, 2000))
    await truncate(path, LIMITS.localMedia.imageMaxBytes.value + 1024 * 1024)
    dialogAnswers.push(path)
    const dispatcher = start().createDispatcher(createSenderPolicy(RENDERER))
    expect(await dispatcher.dispatch('media.pickLocal', sender, {})).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/^poster\.png is 6 MB; an image can be at most 5 MB/),
      },
    })
  })

  it.each([
    ['a FIFO', 'pipe'],
    ['a device', '/dev/zero'],
  ])('refuses a dropped %s at once, without waiting on it', async (_label, name) => {
    const path = name.startsWith('/') ? name : join(dataDir, name)
    if (!name.startsWith('/')) execFileSync('mkfifo', [path])
    const dispatcher = start().createDispatcher(createSenderPolicy(RENDERER))
    const key = await dropKey(dispatcher)
    expect(await dispatcher.dispatch('media.inspectDropped', sender, { path, key })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/not a file Ads Studio can read/) },
    })
  })
})
