import type { ApiHosts } from '../shared/hosts'
import type { Settings } from '../shared/ipc/contract'
import { createIpcDispatcher, type HandlerMap, type IpcDispatcher } from './ipc/dispatcher'
import type { SenderPolicy } from './ipc/senderPolicy'
import { createExternalOpener } from './platform/externalLinks'
import { createConfStore } from './settings/confStore'
import { createSettingsService } from './settings/settingsService'
import type { KeyValueStore } from './settings/settingsStore'

export interface ServicesConfig {
  /** Where drafts, the outbox and settings live. Never secrets. */
  dataDir: string
  /** Default API hosts for new profiles (production unless told otherwise). */
  hosts: ApiHosts
  /** Non-secret settings. Defaults to conf in dataDir; the app passes electron-store. */
  settingsStore?: KeyValueStore
  /** Opens a URL in the system browser (shell.openExternal in the app). */
  openExternal: (url: string) => Promise<void>
  appInfo: { name: string; version: string }
  /** Unexpected failures, for the log. Receives no request payloads. */
  onUnexpectedError?: (channel: string, error: unknown) => void
}

export interface Services {
  handlers: HandlerMap
  /** Validates sender and payload, then runs the handler: what ipcMain and the E2E bridge call. */
  createDispatcher(isTrustedSender: SenderPolicy): IpcDispatcher
  settings: { get(): Settings }
  dispose(): Promise<void>
}

/**
 * The composition root. Builds every main-process service from plain config and returns the
 * handler map; it runs in plain Node, which is how the tests and the E2E bridge drive the app.
 */
export function createServices(config: ServicesConfig): Services {
  const settings = createSettingsService(config.settingsStore ?? createConfStore(config.dataDir))
  const openExternal = createExternalOpener(config.openExternal, () => [
    config.hosts.apiUrl,
    config.hosts.adsUrl,
    config.hosts.adsSandboxUrl,
  ])

  const handlers: HandlerMap = {
    'app.info': () => config.appInfo,
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'external.open': async ({ url }) => {
      await openExternal(url)
      return { opened: true as const }
    },
  }

  return {
    handlers,
    createDispatcher: (isTrustedSender) =>
      createIpcDispatcher(handlers, isTrustedSender, config.onUnexpectedError),
    settings,
    async dispose() {},
  }
}
