import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/**
 * A recording stand-in for the parts of `electron` that src/main/index.ts uses. It does what
 * Electron documents for each call (events, handlers, the quit sequence) and keeps a record of
 * every call, so a test can drive the built main's lifecycle and look at what it wired up.
 * electron.mjs forwards the module's exports to the stand-in installed by installStandIn().
 */

type Listener = (...args: never[]) => unknown

const STAND_IN_KEY = Symbol.for('ads-studio.electronStandIn')

class Emitter {
  private readonly listeners = new Map<string, Listener[]>()

  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
    return this
  }

  once(name: string, listener: Listener): this {
    const wrapper = ((...args: never[]) => {
      this.removeListener(name, wrapper)
      return listener(...args)
    }) as Listener
    return this.on(name, wrapper)
  }

  removeListener(name: string, listener: Listener): this {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((candidate) => candidate !== listener),
    )
    return this
  }

  listenerCount(name: string): number {
    return this.listeners.get(name)?.length ?? 0
  }

  emit(name: string, ...args: unknown[]): boolean {
    const listeners = this.listeners.get(name) ?? []
    for (const listener of listeners) (listener as (...a: unknown[]) => unknown)(...args)
    return listeners.length > 0
  }
}

/** Electron's event object: enough of it for preventDefault(). */
export interface StandInEvent {
  defaultPrevented: boolean
  preventDefault(): void
}

export function standInEvent(): StandInEvent {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

/** A WebFrameMain: what ipcMain hands a handler as event.senderFrame. */
export class StandInFrame {
  constructor(public url: string) {}
}

export type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

export class StandInWebContents extends Emitter {
  readonly mainFrame = new StandInFrame('')
  windowOpenHandler: WindowOpenHandler | undefined
  /** Every webContents.send, in order. */
  readonly sent: { channel: string; message: unknown }[] = []

  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message })
  }
  getURL(): string {
    return this.mainFrame.url
  }
  isDestroyed(): boolean {
    return false
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler
  }
}

export interface StandInOptions {
  isPackaged: boolean
  /** app.getPath('userData'). */
  userData: string
  /** What app.requestSingleInstanceLock() answers: false means another instance runs. */
  singleInstanceLock?: boolean
}

export type IpcHandler = (
  event: { senderFrame: StandInFrame | null; sender: StandInWebContents },
  payload: unknown,
) => unknown
export type ProtocolHandler = (request: Request) => Promise<Response> | Response
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: unknown,
) => boolean

export interface MenuItem {
  role?: string
  label?: string
  type?: string
  submenu?: MenuItem[]
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>

export function createElectronStandIn(options: StandInOptions) {
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  let markQuit: () => void = () => {}
  const quitted = new Promise<void>((resolve) => (markQuit = resolve))

  const record = {
    quitRequests: 0,
    sandboxEnabledBeforeReady: false,
    /** True once a quit went through: no before-quit listener prevented it. */
    hasQuit: false,
    onQuit: [] as Array<() => void>,
    privilegedSchemes: [] as unknown[],
    /** Every ipcMain.handle call, in order, duplicates included. */
    handleCalls: [] as string[],
    ipcHandlers: new Map<string, IpcHandler>(),
    ipcListeners: [] as string[],
    protocolHandlers: new Map<string, ProtocolHandler>(),
    permissionRequestHandler: undefined as PermissionRequestHandler | undefined,
    permissionCheckHandler: undefined as PermissionCheckHandler | undefined,
    /** Every text main put on the clipboard. */
    clipboard: [] as string[],
    /** Every URL main passed to net.fetch. */
    fetched: [] as string[],
    openedExternally: [] as string[],
    /** The file filters of every open-file dialog main showed (each is cancelled). */
    openDialogs: [] as Array<Array<{ name: string; extensions: string[] }>>,
    applicationMenu: undefined as { template: MenuItem[] } | undefined,
  }

  let isReady = false
  void ready.then(() => (isReady = true))

  class App extends Emitter {
    readonly isPackaged = options.isPackaged
    enableSandbox(): void {
      // Electron throws when called after ready.
      if (isReady) throw new Error('app.enableSandbox() must be called before the app is ready')
      record.sandboxEnabledBeforeReady = true
    }
    requestSingleInstanceLock(): boolean {
      return options.singleInstanceLock ?? true
    }
    whenReady(): Promise<void> {
      return ready
    }
    getPath(name: string): string {
      if (name !== 'userData') throw new Error(`The stand-in knows only userData, not ${name}.`)
      return options.userData
    }
    getName(): string {
      return 'Ads Studio'
    }
    getVersion(): string {
      return '0.1.0'
    }
    /** Electron's order: before-quit goes to every listener; any of them may cancel the quit. */
    quit(): void {
      record.quitRequests += 1
      const event = standInEvent()
      this.emit('before-quit', event)
      if (event.defaultPrevented || record.hasQuit) return
      record.hasQuit = true
      for (const callback of record.onQuit) callback()
      markQuit()
    }
  }
  const app = new App()

  const windows: StandInBrowserWindow[] = []
  class StandInBrowserWindow extends Emitter {
    readonly webContents = new StandInWebContents()
    readonly loadedUrls: string[] = []
    minimized = false
    focusCount = 0
    restoreCount = 0
    shown = false

    constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
      super()
      windows.push(this)
      // Electron announces every new WebContents, the window's own included.
      app.emit('web-contents-created', standInEvent(), this.webContents)
    }
    static getAllWindows(): StandInBrowserWindow[] {
      return [...windows]
    }
    loadURL(url: string): Promise<void> {
      this.loadedUrls.push(url)
      this.webContents.mainFrame.url = url
      return Promise.resolve()
    }
    show(): void {
      this.shown = true
    }
    isMinimized(): boolean {
      return this.minimized
    }
    restore(): void {
      this.minimized = false
      this.restoreCount += 1
    }
    focus(): void {
      this.focusCount += 1
    }
  }

  const ipcMain = {
    handle(channel: string, handler: IpcHandler): void {
      record.handleCalls.push(channel)
      // Electron throws on a second handler for the same channel.
      if (record.ipcHandlers.has(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`)
      record.ipcHandlers.set(channel, handler)
    },
    on(channel: string): void {
      record.ipcListeners.push(channel)
    },
  }

  const protocol = {
    registerSchemesAsPrivileged(schemes: unknown[]): void {
      record.privilegedSchemes.push(...schemes)
    },
    handle(scheme: string, handler: ProtocolHandler): void {
      record.protocolHandlers.set(scheme, handler)
    },
  }

  const session = {
    defaultSession: {
      setPermissionRequestHandler(handler: PermissionRequestHandler): void {
        record.permissionRequestHandler = handler
      },
      setPermissionCheckHandler(handler: PermissionCheckHandler): void {
        record.permissionCheckHandler = handler
      },
    },
  }

  /** net.fetch for file: URLs, the only kind main asks for; follows symlinks as Chromium does. */
  const net = {
    async fetch(url: string): Promise<Response> {
      record.fetched.push(url)
      if (!url.startsWith('file:'))
        throw new Error(`The stand-in net.fetch serves only file: URLs, not ${url}`)
      const body = await readFile(fileURLToPath(url))
      return new Response(body, { status: 200 })
    },
  }

  const shell = {
    async openExternal(url: string): Promise<void> {
      record.openedExternally.push(url)
    },
  }

  const dialog = {
    async showOpenDialog(...args: unknown[]) {
      // Electron takes (window, options) or (options).
      const options = args.at(-1) as { filters?: Array<{ name: string; extensions: string[] }> }
      record.openDialogs.push(options.filters ?? [])
      return { canceled: true, filePaths: [] as string[] }
    },
    showSaveDialog: async () => ({ canceled: true, filePath: undefined }),
  }

  const Menu = {
    buildFromTemplate: (template: MenuItem[]) => ({ template }),
    setApplicationMenu(menu: { template: MenuItem[] }): void {
      record.applicationMenu = menu
    },
  }

  const clipboard = {
    writeText(text: string): void {
      record.clipboard.push(text)
    },
  }

  class Notification {
    static isSupported(): boolean {
      return false
    }
    show(): void {}
  }

  return {
    app,
    BrowserWindow: StandInBrowserWindow,
    ipcMain,
    protocol,
    session,
    net,
    shell,
    dialog,
    Menu,
    Notification,
    clipboard,
    record,
    windows,
    /** Resolves app.whenReady(), as Electron does once it has initialised. */
    makeReady: markReady,
    /** Resolves once a quit went through. */
    quitted,
  }
}

interface StandInRegistry {
  current: ElectronStandIn
  byInstance: Map<string, ElectronStandIn>
}

/**
 * Makes `import ... from 'electron'` (through electron.mjs) reach this stand-in: in the built main
 * loaded as `?instance=<instance>`, and in modules loaded once per process (electron-store).
 */
export function installStandIn(standIn: ElectronStandIn, instance: number): void {
  const slot = globalThis as Record<symbol, StandInRegistry | undefined>
  const registry = slot[STAND_IN_KEY] ?? { current: standIn, byInstance: new Map() }
  registry.current = standIn
  registry.byInstance.set(String(instance), standIn)
  slot[STAND_IN_KEY] = registry
}
