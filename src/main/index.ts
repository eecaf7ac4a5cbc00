/**
 * Electron glue, and the only main-process file that imports electron. Everything it wires up
 * is built by createServices() and runs in plain Node; keep this file thin and review it by
 * hand against the Electron security checklist.
 */
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  session,
  shell,
  type MenuItemConstructorOptions,
} from 'electron'
import ElectronStore from 'electron-store'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { PRODUCTION_HOSTS } from '../shared/hosts'
import { EVENT_CHANNEL } from '../shared/ipc/channels'
import { createSenderPolicy, isOwnRendererUrl } from './ipc/senderPolicy'
import { APP_RENDERER_URL, APP_SCHEME, locateAppAsset } from './platform/appProtocol'
import { createServices, type Services } from './services'
import { SETTINGS_FILE_NAME, type KeyValueStore } from './settings/settingsStore'
import { checkSettingsFile } from './settings/settingsRecovery'
import { createKeytarSecretStore } from './vault/keytarStore'
import type { FileDialogs } from './drafts/draftsService'
import type { MediaDialogs } from './media/mediaService'
import type { CatalogDialogs } from './catalog/dialogs'
import type { DraftsCsvDialogs } from './bulk/handlers'
import type { ReviewDialogs } from './review/handlers'
import type { AudienceDialogs } from './audiences/listUploads'

const here = fileURLToPath(new URL('.', import.meta.url))
const rendererDir = join(here, '../renderer')
// electron-vite sets ELECTRON_RENDERER_URL for its dev server. A packaged app ignores it: anyone
// who can set an environment variable must not be able to load, and trust, a page of their own.
const rendererUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || APP_RENDERER_URL
const preloadPath = join(here, '../preload/index.cjs')

let mainWindow: BrowserWindow | null = null

// Before the app is ready: every renderer sandboxed, whatever a window's webPreferences say.
app.enableSandbox()
// Must run before the app is ready: app:// behaves like a secure, standard origin. Code cache
// (rule P15, bench/PERFORMANCE.md): Chromium keeps V8's compiled code only for http(s) unless a
// scheme asks, and at start the renderer spends much of its time compiling the start chunks.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, codeCache: true } },
])

function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const asset = await locateAppAsset(rendererDir, request.url)
    if (!asset) return new Response('Not found', { status: 404 })
    const file = await net.fetch(pathToFileURL(asset.path).href)
    return new Response(file.body, { status: file.status, headers: { 'content-type': asset.mimeType } })
  })
}

function hardenAllWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isOwnRendererUrl(rendererUrl, url)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isOwnRendererUrl(rendererUrl, url)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  })
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

function installMenu(): void {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: app.isPackaged
        ? [
            { role: 'resetZoom' },
            { role: 'zoomIn' },
            { role: 'zoomOut' },
            { type: 'separator' },
            { role: 'togglefullscreen' },
          ]
        : [
            { role: 'reload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
            { role: 'resetZoom' },
            { role: 'zoomIn' },
            { role: 'zoomOut' },
          ],
    },
    { role: 'windowMenu' },
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function createElectronSettingsStore(dataDir: string): KeyValueStore {
  const store = new ElectronStore<Record<string, unknown>>({ cwd: dataDir, name: SETTINGS_FILE_NAME })
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  }
}

const DRAFT_FILE_FILTERS = [{ name: 'Ads Studio draft', extensions: ['json'] }]

/** Electron's open-file dialog, attached to the window when there is one; null when cancelled. */
async function chooseFile(filters: Electron.FileFilter[]): Promise<string | null> {
  const options = { properties: ['openFile' as const], filters }
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, options)
    : await dialog.showOpenDialog(options)
  return result.canceled ? null : (result.filePaths[0] ?? null)
}

/** Electron's save dialog, attached to the window when there is one; null when cancelled. */
async function chooseSavePath(defaultPath: string, filters: Electron.FileFilter[]): Promise<string | null> {
  const options = { defaultPath, filters }
  const result = mainWindow
    ? await dialog.showSaveDialog(mainWindow, options)
    : await dialog.showSaveDialog(options)
  return result.canceled || !result.filePath ? null : result.filePath
}

const fileDialogs = (): FileDialogs => ({
  chooseExportPath: (defaultFileName) => chooseSavePath(defaultFileName, DRAFT_FILE_FILTERS),
  chooseImportFile: () => chooseFile(DRAFT_FILE_FILTERS),
})

const MEDIA_FILE_FILTERS = [
  { name: 'Images and videos', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', 'mov'] },
]

const mediaDialogs = (): MediaDialogs => ({ chooseMediaFile: () => chooseFile(MEDIA_FILE_FILTERS) })

const FEED_FILE_FILTERS = [{ name: 'Product feeds', extensions: ['csv', 'json'] }]

const CSV_FILE_FILTERS = [{ name: 'CSV', extensions: ['csv'] }]

const catalogDialogs = (): CatalogDialogs => ({
  chooseFeedFile: () => chooseFile(FEED_FILE_FILTERS),
  chooseCsvExportPath: (defaultFileName) => chooseSavePath(defaultFileName, CSV_FILE_FILTERS),
})

const draftsCsvDialogs = (): DraftsCsvDialogs => ({
  chooseCsvExportPath: (defaultFileName) => chooseSavePath(defaultFileName, CSV_FILE_FILTERS),
  chooseCsvFile: () => chooseFile(CSV_FILE_FILTERS),
})

const REVIEW_BUNDLE_FILTERS = [{ name: 'Review bundles', extensions: ['adsreview'] }]
const REVIEW_FILE_FILTERS = [
  { name: 'Verdicts or review bundles', extensions: ['json', 'adsreview', 'html'] },
]

const reviewDialogs = (): ReviewDialogs => ({
  chooseBundlePath: (defaultFileName) => chooseSavePath(defaultFileName, REVIEW_BUNDLE_FILTERS),
  chooseReviewFile: () => chooseFile(REVIEW_FILE_FILTERS),
})

const LIST_FILE_FILTERS = [{ name: 'Customer lists', extensions: ['csv', 'txt'] }]

const audienceDialogs = (): AudienceDialogs => ({ chooseListFile: () => chooseFile(LIST_FILE_FILTERS) })

function wireIpc(services: Services): void {
  const dispatcher = services.createDispatcher(createSenderPolicy(rendererUrl))
  for (const channel of dispatcher.channels) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      dispatcher.dispatch(
        channel,
        {
          url: event.senderFrame?.url,
          isMainFrame: mainWindow !== null && event.senderFrame === mainWindow.webContents.mainFrame,
        },
        payload,
      ),
    )
  }
}

/**
 * Main's events (checked by services.events) go to the window while it shows our own page: a
 * page it was somehow navigated to gets none.
 */
function forwardEvents(services: Services): void {
  services.events.subscribe((event) => {
    const contents = mainWindow?.webContents
    if (!contents || contents.isDestroyed() || !isOwnRendererUrl(rendererUrl, contents.getURL())) return
    contents.send(EVENT_CHANNEL, event)
  })
}

/**
 * Each new document in the window gets its own drop key (the preload asks for it as the document
 * starts, see media/mediaService.ts): a reload or navigation of the main frame makes the next one.
 */
function watchDocuments(window: BrowserWindow, services: Services): void {
  window.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) services.newDocument()
  })
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Ads Studio',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  })
  window.once('ready-to-show', () => window.show())
  void window.loadURL(rendererUrl)
  return window
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  void app.whenReady().then(() => {
    hardenAllWebContents()
    serveRenderer()
    installMenu()
    // The window first: its renderer process starts and loads the page while main builds the
    // services. Nothing is lost to that order: the page's first IPC call comes only after its
    // scripts have loaded, and wireIpc() registers every handler later in this same task.
    mainWindow = createWindow()
    mainWindow.on('closed', () => (mainWindow = null))
    const dataDir = app.getPath('userData')
    // Before electron-store opens it: a damaged settings file would throw (or, a FIFO, hang) here.
    const settingsRecovery = checkSettingsFile(dataDir)
    let services: Services
    try {
      services = createServices({
        dataDir,
        mirrorOnConnect: true,
        hosts: PRODUCTION_HOSTS,
        settingsStore: createElectronSettingsStore(dataDir),
        ...(settingsRecovery ? { settingsRecovery } : {}),
        secretStore: createKeytarSecretStore('Ads Studio'),
        dialogs: fileDialogs(),
        mediaDialogs: mediaDialogs(),
        catalogDialogs: catalogDialogs(),
        draftsCsvDialogs: draftsCsvDialogs(),
        reviewDialogs: reviewDialogs(),
        audienceDialogs: audienceDialogs(),
        openExternal: (url) => shell.openExternal(url),
        notify: (title, body) => {
          if (Notification.isSupported()) new Notification({ title, body }).show()
        },
        appInfo: { name: app.getName(), version: app.getVersion() },
        // Unexpected failures go to main's log (dataDir/logs), which Settings → Copy diagnostics reads.
        writeClipboard: (text) => clipboard.writeText(text),
      })
    } catch (error) {
      // Nothing would answer the window: say so rather than leave it blank.
      dialog.showErrorBox(
        'Ads Studio could not start',
        `Ads Studio could not open its data folder (${error instanceof Error ? error.name : 'unknown error'}). Quit, check ${dataDir}, and start it again.`,
      )
      app.quit()
      return
    }
    wireIpc(services)
    forwardEvents(services)
    watchDocuments(mainWindow, services)

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length > 0) return
      services.newDocument()
      mainWindow = createWindow()
      watchDocuments(mainWindow, services)
    })
    let disposed = false
    app.on('before-quit', (event) => {
      if (disposed) return
      // Give pending autosaves their write before the process ends.
      event.preventDefault()
      disposed = true
      void services.dispose().finally(() => app.quit())
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
