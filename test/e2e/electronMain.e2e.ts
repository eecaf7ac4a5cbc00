import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { readdirSync, readFileSync } from 'node:fs'
import { register } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { JSDOM } from 'jsdom'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CHANNELS, EVENT_CHANNEL } from '../../src/shared/ipc/channels'
import {
  createElectronStandIn,
  installStandIn,
  standInEvent,
  StandInFrame,
  StandInWebContents,
  type ElectronStandIn,
  type MenuItem,
} from './electronStandIn/standIn'

/**
 * The Electron glue (src/main/index.ts), as built into out/main/index.js, run in Node against a
 * recording stand-in for `electron` (test/e2e/electronStandIn). Node's loader hooks resolve every
 * `import 'electron'` to the stand-in; everything else the built main imports is the real thing.
 * Each launch loads a fresh copy of the module (a distinct ?instance= query), as a new process would.
 */

const OUT = resolve('out')
const APP_URL = 'app://studio/index.html'
const SECRET = 'outside-the-renderer-directory'

let workspace: string
let appOut: string
let rendererDir: string
let secretFile: string
let firstAsset: string
let instances = 0
const cleanups: string[] = []
const running: ElectronStandIn[] = []

interface Launched {
  standIn: ElectronStandIn
  userData: string
  beforeReady: { privilegedSchemes: unknown[]; sandboxEnabled: boolean }
  window(): ElectronStandIn['windows'][number]
  invoke(
    channel: string,
    payload: unknown,
    frame?: StandInFrame | null,
  ): Promise<{ ok: boolean; error?: { code: string } }>
  fetchApp(url: string): Promise<Response>
}

async function launch(
  options: {
    isPackaged?: boolean
    rendererUrlEnv?: string
    singleInstanceLock?: boolean
    /** Files in the data folder before the app starts. */
    userDataFiles?: Record<string, string>
  } = {},
): Promise<Launched> {
  const userData = await mkdtemp(join(tmpdir(), 'ads-studio-main-'))
  cleanups.push(userData)
  for (const [name, text] of Object.entries(options.userDataFiles ?? {}))
    await writeFile(join(userData, name), text)
  const standIn = createElectronStandIn({
    isPackaged: options.isPackaged ?? true,
    userData,
    singleInstanceLock: options.singleInstanceLock,
  })
  instances += 1
  installStandIn(standIn, instances)
  running.push(standIn)
  const previousEnv = process.env.ELECTRON_RENDERER_URL
  if (options.rendererUrlEnv === undefined) delete process.env.ELECTRON_RENDERER_URL
  else process.env.ELECTRON_RENDERER_URL = options.rendererUrlEnv
  try {
    const url = `${pathToFileURL(join(appOut, 'main/index.js')).href}?instance=${instances}`
    await import(/* @vite-ignore */ url)
  } finally {
    if (previousEnv === undefined) delete process.env.ELECTRON_RENDERER_URL
    else process.env.ELECTRON_RENDERER_URL = previousEnv
  }
  // What main did at import, before ready: some calls are refused by Electron once it is ready.
  const beforeReady = {
    privilegedSchemes: [...standIn.record.privilegedSchemes],
    sandboxEnabled: standIn.record.sandboxEnabledBeforeReady,
  }
  standIn.makeReady()
  await new Promise((done) => setImmediate(done))

  const window = () => {
    const [first] = standIn.windows
    if (!first) throw new Error('main created no BrowserWindow')
    return first
  }
  return {
    standIn,
    userData,
    beforeReady,
    window,
    async invoke(channel, payload, frame = window().webContents.mainFrame) {
      const handler = standIn.record.ipcHandlers.get(channel)
      if (!handler) throw new Error(`no ipcMain.handle for ${channel}`)
      return (await handler({ senderFrame: frame, sender: window().webContents }, payload)) as Awaited<
        ReturnType<Launched['invoke']>
      >
    },
    async fetchApp(url) {
      const handler = standIn.record.protocolHandlers.get('app')
      if (!handler) throw new Error('no protocol.handle for app:')
      return handler(new Request(url))
    },
  }
}

beforeAll(async () => {
  await stat(join(OUT, 'main/index.js')).catch(() => {
    throw new Error('out/main/index.js is missing: run `npx electron-vite build` before the E2E suite.')
  })
  register(new URL('./electronStandIn/hooks.mjs', import.meta.url).href)
  // A copy of the build, so a symlink can be planted in the renderer directory without touching out/.
  workspace = await mkdtemp(join(tmpdir(), 'ads-studio-built-'))
  cleanups.push(workspace)
  appOut = join(workspace, 'out')
  for (const part of ['main', 'preload', 'renderer'])
    await cp(join(OUT, part), join(appOut, part), { recursive: true })
  await writeFile(join(workspace, 'package.json'), JSON.stringify({ type: 'module' }))
  await symlink(resolve('node_modules'), join(workspace, 'node_modules'), 'dir')
  rendererDir = join(appOut, 'renderer')
  firstAsset = (await readdir(join(rendererDir, 'assets'))).find((name) => name.endsWith('.js')) ?? ''
  secretFile = join(appOut, 'secret.txt')
  await writeFile(secretFile, SECRET)
  await mkdir(join(workspace, 'outside'))
  await writeFile(join(workspace, 'outside', 'leak.js'), SECRET)
  await symlink(secretFile, join(rendererDir, 'linked-secret.js'))
  await symlink(join(workspace, 'outside'), join(rendererDir, 'linked-dir'), 'dir')
})

// Each launch quits the way a person would, so its services are disposed before the next test.
afterEach(async () => {
  for (const standIn of running.splice(0)) {
    if (!standIn.record.hasQuit) standIn.app.quit()
    await standIn.quitted
  }
})

afterAll(async () => {
  for (const dir of cleanups) await rm(dir, { recursive: true, force: true })
})

describe('the BrowserWindow', () => {
  it('sandboxes every renderer and makes app:// a secure standard scheme, with V8 code cache, before ready', async () => {
    const { beforeReady } = await launch()
    expect(beforeReady.sandboxEnabled).toBe(true)
    expect(beforeReady.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }),
      },
    ])
  })

  it('is isolated, sandboxed, without Node or webviews, and its preload is in the build', async () => {
    const { window } = await launch()
    const prefs = window().options.webPreferences ?? {}
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    expect(prefs.preload).toBe(join(appOut, 'preload/index.cjs'))
    expect((await stat(prefs.preload as string)).isFile()).toBe(true)
    expect(window().loadedUrls).toEqual([APP_URL])
  })

  it('ignores ELECTRON_RENDERER_URL in a packaged build (issue 10, defect 9)', async () => {
    const evil = 'https://evil.example/index.html'
    const app = await launch({ isPackaged: true, rendererUrlEnv: evil })
    expect(app.window().loadedUrls).toEqual([APP_URL])
    // Nor does the variable make that origin trusted for IPC or navigation.
    const forged = await app.invoke(
      'app.info',
      {},
      Object.assign(app.window().webContents.mainFrame, { url: evil }),
    )
    expect(forged).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } })
    const navigation = standInEvent()
    app.window().webContents.emit('will-navigate', navigation, evil)
    expect(navigation.defaultPrevented).toBe(true)
  })

  it('loads the dev server from ELECTRON_RENDERER_URL when not packaged', async () => {
    const dev = 'http://localhost:5173/'
    const app = await launch({ isPackaged: false, rendererUrlEnv: dev })
    expect(app.window().loadedUrls).toEqual([dev])
    expect(await app.invoke('app.info', {})).toMatchObject({ ok: true })
  })

  it('offers no developer tools or reload in the menu of a packaged build', async () => {
    const roles = (items: MenuItem[]): string[] =>
      items.flatMap((item) => [item.role ?? '', ...roles(item.submenu ?? [])]).filter(Boolean)
    const packaged = await launch({ isPackaged: true })
    const packagedRoles = roles(packaged.standIn.record.applicationMenu?.template ?? [])
    expect(packagedRoles).toContain('zoomIn')
    expect(packagedRoles).not.toContain('toggleDevTools')
    expect(packagedRoles).not.toContain('reload')
    const dev = await launch({ isPackaged: false })
    expect(roles(dev.standIn.record.applicationMenu?.template ?? [])).toContain('toggleDevTools')
  })
})

describe('IPC', () => {
  it('registers every contract channel with ipcMain.handle exactly once', async () => {
    const { standIn } = await launch()
    expect([...standIn.record.handleCalls].sort()).toEqual([...CHANNELS].sort())
  })

  it('answers the top frame of the app and refuses subframes and foreign pages', async () => {
    const app = await launch()
    expect(await app.invoke('app.info', {})).toEqual({
      ok: true,
      value: { name: 'Ads Studio', version: '0.1.0' },
    })
    const refused = { ok: false, error: { code: 'forbidden_sender' } }
    // A subframe of our own origin (an injected iframe) is not the window's main frame.
    expect(await app.invoke('app.info', {}, new StandInFrame(APP_URL))).toMatchObject(refused)
    expect(await app.invoke('app.info', {}, null)).toMatchObject(refused)
    const frame = app.window().webContents.mainFrame
    for (const foreign of ['https://evil.example/', 'app://other/index.html', 'file:///etc/passwd']) {
      frame.url = foreign
      expect(await app.invoke('app.info', {}, frame)).toMatchObject(refused)
    }
  })

  it("sends main's events to the window while it shows the app, and to no foreign page", async () => {
    const app = await launch()
    const contents = app.window().webContents
    const draftEvents = () =>
      contents.sent.filter(
        ({ channel, message }) =>
          channel === EVENT_CHANNEL && (message as { name?: string }).name === 'drafts.changed',
      )
    expect(await app.invoke('drafts.create', { kind: 'post', name: 'Seen' })).toMatchObject({ ok: true })
    await expect.poll(() => draftEvents().length).toBeGreaterThan(0)
    expect(draftEvents().at(-1)?.message).toEqual({
      name: 'drafts.changed',
      payload: { revision: expect.any(Number) },
    })

    // The page navigates away while main is still saving: the change it causes goes nowhere.
    const seen = draftEvents().length
    const saving = app.invoke('drafts.create', { kind: 'post', name: 'Unseen' })
    contents.mainFrame.url = 'https://evil.example/'
    expect(await saving).toMatchObject({ ok: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(draftEvents()).toHaveLength(seen)
  })

  it('hands the drop key to each new document once, and a new one after a navigation', async () => {
    const app = await launch()
    const first = await app.invoke('media.dropKey', {})
    expect(first).toMatchObject({ ok: true })
    expect(await app.invoke('media.dropKey', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    app.window().webContents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    expect(await app.invoke('media.dropKey', {})).toMatchObject({ ok: true })
  })
})

// Issue 39, D14: electron-store threw on a damaged settings file inside whenReady, so no handler
// was registered and the window stayed blank; now the file is set aside and the app says so.
describe('a damaged settings file', () => {
  it('is set aside: every handler is registered, and the app says what happened', async () => {
    const app = await launch({ userDataFiles: { 'settings.json': '{"preferences": {"theme": "da' } })
    expect([...app.standIn.record.handleCalls].sort()).toEqual([...CHANNELS].sort())
    expect(await app.invoke('profiles.list', {})).toMatchObject({
      ok: true,
      value: {
        profiles: [],
        recovered: {
          message: expect.stringMatching(/set it aside as settings\.json\.damaged-/),
          profiles: [],
        },
      },
    })
    expect(
      (await readdir(app.userData)).filter((name) => name.startsWith('settings.json.damaged-')),
    ).toHaveLength(1)
  })
})

describe('file choosers', () => {
  it("opens Electron's open-file dialog, with its file types, for every import the app offers", async () => {
    const app = await launch()
    const profileId = '00000000-0000-4000-8000-000000000001'
    // Each chooser is cancelled by the stand-in: main answers "nothing picked" and reads no file.
    expect(await app.invoke('drafts.import', {})).toMatchObject({ ok: true })
    expect(await app.invoke('media.pickLocal', {})).toMatchObject({ ok: true })
    expect(await app.invoke('catalog.importOpen', { profileId })).toMatchObject({
      ok: true,
      value: { picked: false },
    })
    const offered = app.standIn.record.openDialogs.map((filters) => filters.flatMap((f) => f.extensions))
    expect(offered).toEqual([['json'], ['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', 'mov'], ['csv', 'json']])
  })
})

describe('every WebContents', () => {
  const foreignUrls = [
    'https://evil.example/',
    'app://other/index.html',
    'file:///etc/passwd',
    'http://localhost:5173/',
  ]

  it('cannot navigate or be redirected to another origin, open windows or attach webviews', async () => {
    const app = await launch()
    // The window's contents and any other (a devtools page, a popup that slipped through).
    const other = new StandInWebContents()
    app.standIn.app.emit('web-contents-created', standInEvent(), other)
    for (const contents of [app.window().webContents, other]) {
      for (const eventName of ['will-navigate', 'will-redirect']) {
        for (const url of foreignUrls) {
          const event = standInEvent()
          contents.emit(eventName, event, url)
          expect(event.defaultPrevented, `${eventName} ${url}`).toBe(true)
        }
        const inApp = standInEvent()
        contents.emit(eventName, inApp, 'app://studio/index.html#/drafts')
        expect(inApp.defaultPrevented, `${eventName} inside the app`).toBe(false)
      }
      expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
      expect(contents.windowOpenHandler?.({ url: APP_URL })).toEqual({ action: 'deny' })
      const webview = standInEvent()
      contents.emit('will-attach-webview', webview, {}, {})
      expect(webview.defaultPrevented).toBe(true)
    }
  })

  it('denies every permission request and check', async () => {
    const { standIn } = await launch()
    const { permissionRequestHandler, permissionCheckHandler } = standIn.record
    expect(permissionRequestHandler).toBeTypeOf('function')
    expect(permissionCheckHandler).toBeTypeOf('function')
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ]) {
      const answers: boolean[] = []
      permissionRequestHandler?.({}, permission, (granted) => answers.push(granted), {
        requestingUrl: APP_URL,
      })
      expect(answers, permission).toEqual([false])
      expect(permissionCheckHandler?.({}, permission, 'app://studio', {}), permission).toBe(false)
    }
  })
})

describe('the app:// protocol', () => {
  it('serves the page and every file it references, with their types', async () => {
    const app = await launch()
    const page = await app.fetchApp(APP_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).toBe(await readFile(join(rendererDir, 'index.html'), 'utf8'))
    const document = new JSDOM(html).window.document
    const references = [
      ...[...document.querySelectorAll('script[src]')].map((node) => node.getAttribute('src') ?? ''),
      ...[...document.querySelectorAll('link[href]')].map((node) => node.getAttribute('href') ?? ''),
    ]
    const expectedType: Record<string, string> = {
      js: 'text/javascript; charset=utf-8',
      css: 'text/css; charset=utf-8',
      svg: 'image/svg+xml',
    }
    const seenTypes = new Set<string>()
    for (const reference of references) {
      const extension = reference.split('.').pop() ?? ''
      const response = await app.fetchApp(new URL(reference, APP_URL).href)
      expect(response.status, reference).toBe(200)
      expect(response.headers.get('content-type'), reference).toBe(expectedType[extension])
      const onDisk = await readFile(join(rendererDir, fileURLToPath(new URL(reference, 'file:///'))))
      expect(Buffer.from(await response.arrayBuffer()).equals(onDisk), reference).toBe(true)
      seenTypes.add(extension)
    }
    expect([...seenTypes].sort()).toEqual(['css', 'js', 'svg'])
    const manifest = await app.fetchApp('app://studio/.vite/manifest.json')
    expect(manifest.headers.get('content-type')).toBe('application/json')
    expect((await app.fetchApp('app://studio/')).headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  const absoluteSecret = () => secretFile.split(sep).join('/')
  const refusals: Array<[string, () => string]> = [
    ['.. traversal', () => 'app://studio/../secret.txt'],
    ['.. encoded as %2e%2e', () => 'app://studio/%2e%2e/secret.txt'],
    ['.. with an encoded separator %2f', () => 'app://studio/..%2fsecret.txt'],
    ['an encoded separator climbing out', () => 'app://studio/assets%2f..%2f..%2fsecret.txt'],
    ['an encoded separator, even to a file that exists', () => `app://studio/assets%2f${firstAsset}`],
    ['an absolute path', () => `app://studio/${absoluteSecret()}`],
    ['an encoded absolute path', () => `app://studio/${encodeURIComponent(absoluteSecret())}`],
    ['a symlink to a file outside', () => 'app://studio/linked-secret.js'],
    ['a symlink to a directory outside', () => 'app://studio/linked-dir/leak.js'],
    ['Windows-style backslashes', () => 'app://studio/..\\secret.txt'],
    ['encoded backslashes', () => 'app://studio/..%5csecret.txt'],
    ['another host', () => 'app://other/index.html'],
    ['a file that does not exist', () => 'app://studio/missing.js'],
    ['a directory', () => 'app://studio/assets'],
  ]

  it.each(refusals)('refuses %s with a 404 and reads nothing outside the renderer', async (_name, url) => {
    const app = await launch()
    const response = await app.fetchApp(url())
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain(SECRET)
    for (const fetched of app.standIn.record.fetched) {
      expect(fileURLToPath(fetched).startsWith(rendererDir + sep), fetched).toBe(true)
    }
  })

  it('hands the page its Content-Security-Policy before anything else loads', async () => {
    const app = await launch()
    const html = await (await app.fetchApp(app.window().loadedUrls[0] ?? '')).text()
    const head = new JSDOM(html).window.document.head
    const first = [...head.children].find(
      (node) => node.tagName !== 'META' || node.getAttribute('charset') === null,
    )
    expect(first?.getAttribute('http-equiv')).toBe('Content-Security-Policy')
    const policy = new Map(
      (first?.getAttribute('content') ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    )
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('frame-src')).toEqual(["'none'"])
  })
})

describe('the app lifecycle', () => {
  it('lets a quit wait until services.dispose() has written pending autosaves', async () => {
    const app = await launch()
    const created = (await app.invoke('drafts.create', { kind: 'post', name: 'Before quit' })) as {
      ok: boolean
      value?: { id: string }
    }
    expect(created.ok).toBe(true)
    const marker = 'typed just before quitting'
    expect(await app.invoke('drafts.update', { id: created.value?.id, name: marker })).toMatchObject({
      ok: true,
    })
    const draftsDir = join(app.userData, 'drafts')
    const onDisk = () =>
      readdirSync(draftsDir)
        .filter((name) => name.endsWith('.json'))
        .some((name) => readFileSync(join(draftsDir, name), 'utf8').includes(marker))
    expect(onDisk()).toBe(false) // still only a pending autosave
    let savedWhenQuitting: boolean | undefined
    app.standIn.record.onQuit.push(() => (savedWhenQuitting = onDisk()))

    app.standIn.app.quit()
    expect(app.standIn.record.hasQuit).toBe(false)
    await app.standIn.quitted
    expect(savedWhenQuitting).toBe(true)
  })

  it('runs the practice sandbox from its own bundle beside main, and stops it on quit', async () => {
    const app = await launch({ isPackaged: true })
    const started = (await app.invoke('practice.begin', {})) as {
      ok: boolean
      value?: { authorizeUrl: string }
    }
    expect(started.ok).toBe(true)
    const authorizeUrl = started.value!.authorizeUrl
    expect(authorizeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?oauth_token=/)
    expect(app.standIn.record.openedExternally).toEqual([authorizeUrl])
    const page = await fetch(authorizeUrl)
    expect(await page.text()).toContain('Authorize app')

    app.standIn.app.quit()
    await app.standIn.quitted
    const stopped = await fetch(authorizeUrl).then(
      () => false,
      () => true,
    )
    expect(stopped).toBe(true)
    expect(readdirSync(join(app.userData, 'practice'))).toContain('sandbox-state.json')
  })

  it("keeps main's log in the data folder and copies diagnostics with Electron's clipboard", async () => {
    const app = await launch({ isPackaged: true })
    // A refused call: the log has a line for it, naming the channel and code, not the payload.
    expect(await app.invoke('drafts.get', { id: 'Summer sale', extra: true })).toMatchObject({ ok: false })
    const copied = (await app.invoke('diagnostics.copy', {})) as {
      ok: boolean
      value?: { text: string; lines: number; copied: boolean }
    }
    expect(copied).toMatchObject({ ok: true, value: { copied: true } })
    const text = copied.value!.text
    expect(app.standIn.record.clipboard).toEqual([text])
    expect(text).toMatch(/^Ads Studio 0\.1\.0\nSystem: \S+ \S+ \(\S+\)\nRuntime: not in Electron, Node /)
    expect(text).toContain('"channel":"drafts.get","code":"invalid_request"')
    expect(text).not.toContain('Summer sale')
    const file = readFileSync(join(app.userData, 'logs', 'main.log'), 'utf8')
    expect(file).toContain('"module":"ipc"')
  })

  it('focuses the running window when a second instance starts', async () => {
    const app = await launch()
    const window = app.window()
    window.minimized = true
    app.standIn.app.emit('second-instance', standInEvent(), ['ads-studio'], process.cwd())
    expect(window.restoreCount).toBe(1)
    expect(window.focusCount).toBe(1)
    expect(window.minimized).toBe(false)
  })

  it('quits at once when another instance already holds the lock', async () => {
    const { standIn } = await launch({ singleInstanceLock: false })
    expect(standIn.record.quitRequests).toBe(1)
    expect(standIn.record.hasQuit).toBe(true)
    expect(standIn.windows).toEqual([])
    expect(standIn.record.handleCalls).toEqual([])
  })
})
