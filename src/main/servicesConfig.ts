import type { ApiHosts } from '../shared/hosts'
import type { Settings } from '../shared/ipc/contract'
import type { HttpClient } from './api/http'
import type { AudienceDialogs } from './audiences/listUploads'
import type { TeamRuleDialogs } from './teamRules/teamRulesService'
import type { DraftsCsvDialogs } from './bulk/handlers'
import type { CatalogDialogs } from './catalog/dialogs'
import type { FeedWorker } from './catalog/feedWorkerClient'
import type { createDraftsService, FileDialogs } from './drafts/draftsService'
import type { HandlerMap, IpcDispatcher } from './ipc/dispatcher'
import type { EventEmitter } from './ipc/events'
import type { SenderPolicy } from './ipc/senderPolicy'
import type { MediaAddressPolicy } from './library/mediaFetchPolicy'
import type { MediaDialogs } from './media/mediaService'
import type { ReviewDialogs } from './review/handlers'
import type { Outbox, OutboxOptions } from './publish/outbox'
import type { BulkStepRecorder } from './bulk/bulkSteps'
import type { SettingsRecovery } from './settings/settingsRecovery'
import type { KeyValueStore } from './settings/settingsStore'
import type { SecretStore } from './vault/secretStore'

/** What createServices (services.ts) is built from, and what it hands the app, the tests and the E2E bridge. */

export interface ServicesConfig {
  /** Where drafts, the outbox and settings live. Never secrets. */
  dataDir: string
  /**
   * Get recent changes of the account mirror whenever an ad account comes into use (the app
   * sets it; tests that count requests leave it off).
   */
  mirrorOnConnect?: boolean
  /** Told after an edit of a published card re-read the card, just before it writes (benches). */
  beforePublishedWrite?: (params: { draftId: string; objectId: string }) => Promise<void> | void
  /** Default API hosts for new profiles (production unless told otherwise). */
  hosts: ApiHosts
  /** Non-secret settings. Defaults to conf in dataDir; the app passes electron-store. */
  settingsStore?: KeyValueStore
  /** The OS keychain (keytar) in the app and its tests; the only place secrets are kept. */
  secretStore: SecretStore
  /** Environment for host overrides (ADS_STUDIO_API_URL …); defaults to process.env. */
  env?: Record<string, string | undefined>
  /** Shared HTTP client; tests pass one with short timeouts. */
  http?: HttpClient
  /** Native open/save dialogs (Electron's dialog module in the app). */
  dialogs: FileDialogs
  /** The native "choose a medium" dialog; without it picking a file finds nothing (drops still work). */
  mediaDialogs?: MediaDialogs
  /** The catalog's feed-file and CSV-export dialogs; without them nothing is picked or saved. */
  catalogDialogs?: CatalogDialogs
  /** The thread that reads and checks product feeds (the bench's runs the built bundle); stopped with the services. */
  feedWorker?: FeedWorker
  /** The "choose a customer list" dialog; without it nothing is picked. */
  audienceDialogs?: AudienceDialogs
  /** The drafts CSV save and open dialogs; without them nothing is saved or picked. */
  draftsCsvDialogs?: DraftsCsvDialogs
  /** The review bundle's save dialog and the verdict file's open dialog (issue 44). */
  reviewDialogs?: ReviewDialogs
  /** The "choose a team rule pack" dialog; without it nothing is picked. */
  teamRuleDialogs?: TeamRuleDialogs
  /** The audience upload rate limit (default: the spec's 1,500 per minute); tests scale the window. */
  audienceUploadRate?: { requests: number; windowMs: number }
  /** Opens a URL in the system browser (shell.openExternal in the app). */
  openExternal: (url: string) => Promise<void>
  appInfo: { name: string; version: string }
  /**
   * Unexpected failures, after main's log (in dataDir/logs) has its line. Receives no request
   * payloads.
   */
  onUnexpectedError?: (channel: string, error: unknown) => void
  /** Puts text on the system clipboard (Electron's clipboard in the app), for Copy diagnostics. */
  writeClipboard?: (text: string) => void
  /** An OS notification (Electron's Notification in the app); the outbox says when a batch is done. */
  notify?: (title: string, body: string) => void
  /** Outbox tuning (upload segment size, network backoff); tests make it quick. */
  outbox?: Partial<OutboxOptions>
  /**
   * What checkSettingsFile found before the settings store was opened (the app checks before
   * it opens electron-store); without a store given, createServices checks itself.
   */
  settingsRecovery?: SettingsRecovery
  /**
   * Which addresses main may fetch media thumbnails from (library/mediaFetchPolicy.ts). The
   * default refuses this computer and the local network; tests inject a resolver or allow more.
   */
  mediaAddresses?: MediaAddressPolicy
}

export interface Services {
  handlers: HandlerMap
  /** Validates sender and payload, then runs the handler: what ipcMain and the E2E bridge call. */
  createDispatcher(isTrustedSender: SenderPolicy): IpcDispatcher
  /** Main's events for the window (src/shared/ipc/events.ts): index.ts and the E2E bridge subscribe. */
  events: EventEmitter
  settings: { get(): Settings }
  drafts: ReturnType<typeof createDraftsService>
  outbox: Outbox
  /** The app's undo list: every bulk step on drafts is recorded here (bulk/bulkSteps.ts). */
  bulkSteps: BulkStepRecorder
  /** A new document in the window (a reload, a navigation): its preload gets a new drop key. */
  newDocument(): void
  dispose(): Promise<void>
}
