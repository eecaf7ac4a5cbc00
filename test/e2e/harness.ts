import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createSenderPolicy } from '../../src/main/ipc/senderPolicy'
import { createServices, type Services, type ServicesConfig } from '../../src/main/services'
import { PRODUCTION_HOSTS } from '../../src/shared/hosts'
import { createKeytarSecretStore } from '../../src/main/vault/keytarStore'
import { CHROMIUM_ARGS, findChromium } from './chromium'
import { serveDirectory, type StaticServer } from './staticServer'
import { axeSummary, checkAccessibility } from './axe'
import { checkOpenPopups, openSummary } from './axeMenus'
import { connectIpcBridge, PAGE_INVOKE, PAGE_ON } from './ipcBridge'
import { isOwnRendererUrl } from '../../src/main/ipc/senderPolicy'
import { EVENT_CHANNEL } from '../../src/shared/ipc/channels'

const OUT = resolve('out')
export const RESULTS_DIR = resolve('test-results')

export interface E2eApp {
  page: Page
  services: Services
  dataDir: string
  /** console errors and uncaught exceptions seen so far; the suite fails on any. */
  consoleErrors: string[]
  /** The channel of every IPC call the page made, in order (what it asks main, and how often). */
  ipcCalls: string[]
  openedExternally: string[]
  dialogAnswers: (string | null)[]
  /** Closes the page and its services, keeping the data directory (for restart tests). */
  close(): Promise<void>
}

export interface E2eEnvironment {
  browser: Browser
  server: StaticServer
  launch(options?: {
    dataDir?: string
    colorScheme?: 'light' | 'dark'
    config?: Partial<ServicesConfig>
    /** Page scripts to run before the app's own, in every document (the bench's probes). */
    initScripts?: string[]
  }): Promise<E2eApp>
  dispose(): Promise<void>
}

/**
 * The E2E harness: the built renderer in system Chromium, with the built preload evaluated in
 * the page against a stand-in for `electron` whose ipcRenderer.invoke is a DevTools protocol
 * binding (ipcBridge.ts) into createServices() in this process. Everything but Electron itself
 * is the real thing.
 */
export async function startE2e(): Promise<E2eEnvironment> {
  const preloadSource = await readFile(join(OUT, 'preload/index.cjs'), 'utf8').catch(() => {
    throw new Error('out/preload/index.cjs is missing: run `npx electron-vite build` before the E2E suite.')
  })
  // The built preload, run in the page against a stand-in for `electron` (see startE2e).
  const preloadScript = `(() => {
    const invoke = ${PAGE_INVOKE};
    const on = ${PAGE_ON};
    const electron = {
      contextBridge: { exposeInMainWorld: (key, api) => Object.defineProperty(window, key, { value: api }) },
      ipcRenderer: { invoke: (channel, request) => invoke(channel, request), on: (channel, listener) => on(channel, listener) },
      // Chromium gives dropped files no path; tests name one with window.__e2eDropPaths[file.name].
      webUtils: { getPathForFile: (file) => (window.__e2eDropPaths || {})[file.name] || '' },
    };
    const module = { exports: {} };
    const require = (name) => { if (name === 'electron') return electron; throw new Error('preload required ' + name); };
    (function (module, exports, require) {\n${preloadSource}\n})(module, module.exports, require);
  })()`
  const server = await serveDirectory(join(OUT, 'renderer'))
  // Playwright gives every launch a fresh, throw-away user data directory of its own.
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  })
  await mkdir(RESULTS_DIR, { recursive: true })
  const tempDirs: string[] = []

  async function launch(options: Parameters<E2eEnvironment['launch']>[0] = {}): Promise<E2eApp> {
    const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ads-studio-e2e-')))
    if (!options.dataDir) tempDirs.push(dataDir)
    const openedExternally: string[] = []
    /** The next answers the native file dialogs give, in order (a path, or null for Cancel). */
    const dialogAnswers: (string | null)[] = []
    // As src/main/index.ts does: the window is under way while createServices() runs. Here the
    // window is a fresh browser context and page (a fresh renderer process), set up as Electron
    // sets up a BrowserWindow: the preload (and the bench's probes, in one script) belongs to
    // the context before its page exists, as webPreferences.preload does, and the IPC bridge is
    // on the page before it loads anything. Nothing reaches the bridge before the page is
    // loaded, below, after createServices() and the dispatcher exist (index.ts: wireIpc() in the
    // same task).
    const bridge: { dispatcher?: ReturnType<Services['createDispatcher']> } = {}
    const ipcCalls: string[] = []
    const windowCreated = (async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 820 },
        colorScheme: options.colorScheme ?? 'light',
      })
      await context.addInitScript({
        content: [preloadScript, ...(options.initScripts ?? [])].join(';\n'),
      })
      const page = await context.newPage()
      const send = await connectIpcBridge(page, async (channel, sender, payload) => {
        if (!bridge.dispatcher) throw new Error('IPC before the services were created')
        ipcCalls.push(channel)
        return bridge.dispatcher.dispatch(channel, sender, payload)
      })
      return { context, page, send }
    })()
    // One turn of the event loop lets Playwright send the context request to Chromium before the
    // synchronous createServices() holds this thread (Electron's BrowserWindow starts at once).
    await new Promise((resolve) => setImmediate(resolve))
    const services = createServices({
      dataDir,
      hosts: PRODUCTION_HOSTS,
      // The real keychain (test/with-keyring.mjs runs this suite against a private gnome-keyring).
      secretStore: createKeytarSecretStore(`Ads Studio E2E ${process.pid}`),
      dialogs: {
        chooseExportPath: async (name) =>
          dialogAnswers.length > 0 ? dialogAnswers.shift()! : join(dataDir, name),
        chooseImportFile: async () => (dialogAnswers.length > 0 ? dialogAnswers.shift()! : null),
      },
      mediaDialogs: {
        chooseMediaFile: async () => (dialogAnswers.length > 0 ? dialogAnswers.shift()! : null),
      },
      openExternal: async (url) => void openedExternally.push(url),
      appInfo: { name: 'Ads Studio', version: 'e2e' },
      ...options.config,
    })
    const rendererUrl = `${server.origin}/index.html`
    bridge.dispatcher = services.createDispatcher(createSenderPolicy(rendererUrl))
    const { context, page, send } = await windowCreated
    // As index.ts forwards them: main's events, to the window while it shows the app.
    services.events.subscribe((event) => {
      if (isOwnRendererUrl(rendererUrl, page.url())) send(EVENT_CHANNEL, event)
    })
    gateScreenshots(page)
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => consoleErrors.push(`${error.name}: ${error.message}`))
    await page.goto(`${server.origin}/index.html#/drafts`)
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    return {
      page,
      services,
      dataDir,
      consoleErrors,
      ipcCalls,
      openedExternally,
      dialogAnswers,
      async close() {
        await context.close()
        await services.dispose()
      },
    }
  }

  return {
    browser,
    server,
    launch,
    async dispose() {
      console.log(axeSummary())
      console.log(openSummary())
      await browser.close()
      await server.close()
      await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })))
    },
  }
}

/**
 * Every screen the suite screenshots is a screen a person sees: each page.screenshot() also runs
 * the accessibility gate (test/e2e/axe.ts) on it, in both palettes, and again with each of its
 * menus and selects open (test/e2e/axeMenus.ts), so new tests are covered without having to
 * remember it.
 */
function gateScreenshots(page: Page): void {
  const screenshot = page.screenshot.bind(page)
  page.screenshot = async (options) => {
    const image = await screenshot(options)
    const screen = options?.path ? basename(options.path, '.png') : page.url()
    await checkAccessibility(page, screen)
    // Then with each menu and select open. A "-light" shot has its "-dark" twin next, which
    // opens them: the pair then pictures one and the same state.
    if (!screen.endsWith('-light')) await checkOpenPopups(page, screen)
    return image
  }
}

export function screenshotPath(name: string): string {
  return join(RESULTS_DIR, `${name}.png`)
}
