import type { ApiHosts } from '../shared/hosts'
import type { Settings } from '../shared/ipc/contract'
import { createIpcDispatcher, type HandlerMap, type IpcDispatcher } from './ipc/dispatcher'
import type { SenderPolicy } from './ipc/senderPolicy'
import type { DamagedStore } from './files/storeFile'
import { createExternalOpener } from './platform/externalLinks'
import { createConfStore } from './settings/confStore'
import { createSettingsService } from './settings/settingsService'
import type { KeyValueStore } from './settings/settingsStore'
import {
  checkSettingsFile,
  createSettingsRecovery,
  PROFILES_BACKUP_FILE,
  readProfilesBackup,
  type SettingsRecovery,
} from './settings/settingsRecovery'
import { createHttpClient, type HttpClient } from './api/http'
import { createConnectService } from './profiles/connectService'
import { createProfileRepository } from './profiles/profileRepository'
import { createProfileVault } from './vault/profileVault'
import type { SecretStore } from './vault/secretStore'
import { createDraftsService, type FileDialogs } from './drafts/draftsService'
import { createMediaGrants } from './media/mediaGrants'
import { createGrantedFiles } from './media/grantedFiles'
import { createMediaService, type MediaDialogs } from './media/mediaService'
import { createLibraryService } from './library/libraryService'
import { createMediaLibraryEdits } from './library/mediaLibraryEdits'
import { join } from 'node:path'
import { createImageFetcher, createThumbnailCache } from './library/thumbnails'
import type { MediaAddressPolicy } from './library/mediaFetchPolicy'
import { createPublishAccess } from './publish/access'
import { createAccountFeaturesCache } from './publish/accountFeatures'
import { createPreflight, createReviewWarnings } from './publish/preflight'
import { publishedCardUri } from './publish/plan'
import { postLengthPreference } from '../shared/rules/limits'
import { createOutbox, type Outbox, type OutboxOptions } from './publish/outbox'
import { OPERATION_EXECUTORS } from './publish/operations/registry'
import { publishedEditOperations } from './published/editOperations'
import { createPublishedEdits } from './published/publishedEdits'
import { createCampaignHandlers } from './campaign/handlers'
import { createCatalogService, type CatalogDialogs } from './catalog/catalogService'
import { createCatalogStores } from './catalog/catalogStores'
import { createKeywordService } from './catalog/keywordService'
import { catalogOperations } from './catalog/operations'
import { createAudiencesService, type AudienceDialogs } from './audiences/audiencesService'
import { audienceOperations, type UploadLive } from './audiences/operations'

export interface ServicesConfig {
  /** Where drafts, the outbox and settings live. Never secrets. */
  dataDir: string
  /** Default API hosts for new profiles (production unless told otherwise). */
  hosts: ApiHosts
  /** Non-secret settings. Defaults to conf in dataDir; the app passes electron-store. */
  settingsStore?: KeyValueStore
  /**
   * What checkSettingsFile found before the settings store was opened (the app checks before
   * it opens electron-store); without a store given, createServices checks itself.
   */
  settingsRecovery?: SettingsRecovery
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
  /** The "choose a customer list" dialog; without it nothing is picked. */
  audienceDialogs?: AudienceDialogs
  /** The audience upload rate limit (default: the spec's 1,500 per minute); tests scale the window. */
  audienceUploadRate?: { requests: number; windowMs: number }
  /** Opens a URL in the system browser (shell.openExternal in the app). */
  openExternal: (url: string) => Promise<void>
  appInfo: { name: string; version: string }
  /** Unexpected failures, for the log. Receives no request payloads. */
  onUnexpectedError?: (channel: string, error: unknown) => void
  /** An OS notification (Electron's Notification in the app); the outbox says when a batch is done. */
  notify?: (title: string, body: string) => void
  /**
   * Which addresses main may fetch media thumbnails from (library/mediaFetchPolicy.ts). The
   * default refuses this computer and the local network; tests inject a resolver or allow more.
   */
  mediaAddresses?: MediaAddressPolicy
  /** Outbox tuning (upload segment size, network backoff); tests make it quick. */
  outbox?: Partial<OutboxOptions>
}

export interface Services {
  handlers: HandlerMap
  /** Validates sender and payload, then runs the handler: what ipcMain and the E2E bridge call. */
  createDispatcher(isTrustedSender: SenderPolicy): IpcDispatcher
  settings: { get(): Settings }
  /** A new document in the window (a reload, a navigation): its preload gets a new drop key. */
  newDocument(): void
  drafts: ReturnType<typeof createDraftsService>
  outbox: Outbox
  dispose(): Promise<void>
}

/**
 * The composition root. Builds every main-process service from plain config and returns the
 * handler map; it runs in plain Node, which is how the tests and the E2E bridge drive the app.
 */
export function createServices(config: ServicesConfig): Services {
  // A damaged settings file is set aside before a store opens it (settings/settingsRecovery.ts).
  const settingsRecovery =
    config.settingsRecovery ?? (config.settingsStore ? undefined : checkSettingsFile(config.dataDir))
  const store = config.settingsStore ?? createConfStore(config.dataDir)
  const settings = createSettingsService(store)
  const profilesBackup = join(config.dataDir, PROFILES_BACKUP_FILE)
  // Read before the repository starts a new copy of what is now an empty list.
  const backedUpProfiles = settingsRecovery ? readProfilesBackup(profilesBackup) : []
  const profiles = createProfileRepository(store, profilesBackup)
  const recovery = createSettingsRecovery({ store, profiles, vault: createProfileVault(config.secretStore) })
  if (settingsRecovery) recovery.record(settingsRecovery, backedUpProfiles)
  // The platform's hosts, and of a profile's own host only the authorization page main built.
  const openExternal = createExternalOpener(config.openExternal, {
    platformHosts: () => [config.hosts.apiUrl, config.hosts.adsUrl, config.hosts.adsSandboxUrl],
    authorizePages: () => connect.authorizeUrls(),
  })
  const connect = createConnectService({
    profiles,
    vault: createProfileVault(config.secretStore),
    secretStore: config.secretStore,
    http: config.http ?? createHttpClient(),
    openExternal,
    env: config.env ?? process.env,
  })

  const drafts = createDraftsService({
    dataDir: config.dataDir,
    dialogs: config.dialogs,
    onError: (error) => config.onUnexpectedError?.('drafts', error),
    backupsKept: () => settings.get().draftBackupsKept,
  })
  // A store file that could not be read was moved aside; the log says which (never its content).
  const onStoreDamaged = (damaged: DamagedStore) =>
    config.onUnexpectedError?.('storage', new Error(damaged.message))
  const mediaGrants = createMediaGrants({
    file: join(config.dataDir, 'media-grants.json'),
    onDamaged: onStoreDamaged,
  })
  // The one reader of local media: the media page, the preflight and the upload step.
  const localFiles = createGrantedFiles(mediaGrants)
  const media = createMediaService(
    config.mediaDialogs ?? { chooseMediaFile: async () => null },
    mediaGrants,
    localFiles,
  )
  const catalogStores = createCatalogStores(config.dataDir, onStoreDamaged)
  const audienceUploads = new Map<string, UploadLive>()
  const accountFeatures = createAccountFeaturesCache()
  const postLengthTier = (profileId: string, accountId: string) =>
    postLengthPreference(settings.get().postLengthLimits[`${profileId}/${accountId}`]).tier
  // Jobs left by the last run resume as soon as it is built.
  const outbox = createOutbox({
    dataDir: config.dataDir,
    drafts: {
      ready: drafts.whenLoaded,
      get: (id) => drafts.store.get(id),
      flush: (ids) => drafts.store.flush(ids),
      setStatus: (id, status, refs, options) => drafts.store.setStatus(id, status, refs, options),
    },
    access: createPublishAccess({
      profiles,
      vault: createProfileVault(config.secretStore),
      http: config.http ?? createHttpClient(),
      env: config.env ?? process.env,
    }),
    operations: [
      ...OPERATION_EXECUTORS,
      ...publishedEditOperations({
        get: (id) => drafts.store.get(id),
        save: (draft) => drafts.store.save(draft),
      }),
      ...catalogOperations(catalogStores),
      ...audienceOperations({
        live: audienceUploads,
        ...(config.audienceUploadRate ? { rate: config.audienceUploadRate } : {}),
      }),
    ],
    preflight: createPreflight({
      features: accountFeatures,
      postLengthTier,
      localMedia: localFiles.reader,
      publishedCard: (draftId) => {
        const draft = drafts.store.get(draftId)
        const cardId = draft?.published?.cardId
        if (!cardId || !draft) return undefined
        const cardKind = draft.kind === 'post' || draft.kind === 'media_library' ? undefined : draft.kind
        return cardKind ? { cardId, cardKind } : { cardId }
      },
    }),
    reviewWarnings: createReviewWarnings({
      features: accountFeatures,
      postLengthTier,
      lookupDraft: (id) => drafts.store.get(id),
      resolveCard: (draftId, accountId) => publishedCardUri(drafts.store.get(draftId), accountId),
    }),
    // A grant changes what the rules allow: the next preflight asks the platform again.
    onOperationDone: (job) => {
      if (job.steps.some((step) => step.op === 'account.addFeatures'))
        accountFeatures.invalidate(job.accountId)
    },
    localMedia: localFiles.reader,
    ...(config.notify ? { notify: config.notify } : {}),
    ...(config.outbox ? { options: config.outbox } : {}),
    onError: (error) => config.onUnexpectedError?.('outbox', error),
    postLengthTier,
    // What the preflight last fetched; unknown features leave the feature rules as warnings.
    accountFeatures: (_profileId, accountId) => accountFeatures.peek(accountId)?.features,
  })
  const publishedEdits = createPublishedEdits({
    drafts: { get: (id) => drafts.store.get(id), flush: (ids) => drafts.store.flush(ids) },
    outbox,
    postLengthTier,
    accountFeatures: (_profileId, accountId) => accountFeatures.peek(accountId)?.features,
  })
  const library = createLibraryService({
    withAdsContext: (profileId, work) => connect.withAdsContext(profileId, work),
    thumbnails: createThumbnailCache({
      diskDir: join(config.dataDir, 'thumbnails'),
      fetchImage: createImageFetcher(config.mediaAddresses),
    }),
  })
  const mediaLibraryEdits = createMediaLibraryEdits({
    withAdsContext: (profileId, work) => connect.withAdsContext(profileId, work),
    outbox,
  })
  const catalogDialogs: CatalogDialogs = config.catalogDialogs ?? {
    chooseFeedFile: async () => null,
    chooseCsvExportPath: async () => null,
  }
  const catalog = createCatalogService({
    stores: catalogStores,
    outbox,
    profile: (profileId) => profiles.get(profileId),
    withAdsContext: (profileId, work) => connect.withAdsContext(profileId, work),
    dialogs: catalogDialogs,
  })
  const audiences = createAudiencesService({
    dataDir: config.dataDir,
    outbox,
    profile: (profileId) => profiles.get(profileId),
    withAdsContext: (profileId, work) => connect.withAdsContext(profileId, work),
    dialogs: config.audienceDialogs ?? { chooseListFile: async () => null },
    live: audienceUploads,
  })
  const keywords = createKeywordService({
    dataDir: config.dataDir,
    withAdsContext: (profileId, work) => connect.withAdsContext(profileId, work),
    dialogs: catalogDialogs,
  })

  const handlers: HandlerMap = {
    'app.info': () => config.appInfo,
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'external.open': async ({ url }) => {
      await openExternal(url)
      return { opened: true as const }
    },
    'profiles.list': async () => {
      const recovered = await recovery.pending()
      return { ...connect.list(), ...(recovered ? { recovered } : {}) }
    },
    'profiles.restore': async ({ profileIds }) => {
      await recovery.restore(profileIds)
      return connect.list()
    },
    'profiles.activate': ({ profileId }) => connect.activate(profileId),
    'profiles.signOut': ({ profileId }) => connect.signOut(profileId),
    'connect.begin': (input) => connect.begin(input),
    'connect.complete': ({ profileId, pin }) => connect.complete(profileId, pin),
    'accounts.list': async ({ profileId }) => ({ accounts: await connect.listAccounts(profileId) }),
    'accounts.select': ({ profileId, accountId }) => connect.selectAccount(profileId, accountId),
    'devtools.bearerStatus': ({ profileId }) => connect.bearerStatus(profileId),
    'devtools.bearerCreate': ({ profileId }) => connect.bearerCreate(profileId),
    'devtools.bearerRevoke': ({ profileId }) => connect.bearerRevoke(profileId),
    'devtools.deleteWebhook': ({ profileId, webhookId }) => connect.deleteWebhook(profileId, webhookId),
    'drafts.list': (query) => drafts.list(query),
    'drafts.get': ({ id }) => drafts.get(id),
    'drafts.create': ({ kind, name }) => drafts.create(kind, name),
    'drafts.update': ({ id, name, content }) =>
      drafts.update(id, {
        ...(name !== undefined ? { name } : {}),
        ...(content !== undefined ? { content } : {}),
      }),
    'drafts.flush': () => drafts.flush(),
    'drafts.duplicate': ({ id }) => drafts.duplicate(id),
    'drafts.remove': ({ id }) => drafts.remove(id),
    'drafts.undoRemove': ({ id }) => drafts.undoRemove(id),
    'drafts.export': ({ id }) => drafts.exportDraft(id),
    'drafts.import': () => drafts.importDraft(),
    'drafts.quarantine': () => drafts.quarantineList(),
    'drafts.quarantineRead': ({ name }) => drafts.quarantineRead(name),
    'drafts.quarantineRestore': ({ name }) => drafts.quarantineRestore(name),
    'drafts.quarantineDelete': ({ name }) => drafts.quarantineDelete(name),
    'media.pickLocal': async () => {
      const result = await media.pickLocal()
      return result.picked ? { picked: true as const, media: result.ref, preview: result.preview } : result
    },
    'media.inspectPath': async ({ token }) => {
      const { ref, preview } = await media.inspectToken(token)
      return { media: ref, preview }
    },
    'media.dropKey': () => media.dropKey(),
    'media.inspectDropped': async ({ path, key }) => {
      const { ref, preview } = await media.inspectDropped(path, key)
      return { media: ref, preview }
    },
    'accounts.features': async ({ profileId, accountId }) => ({
      features: await library.features(profileId, accountId),
    }),
    'accounts.createSandbox': async ({ profileId }) => ({
      account: await library.createSandboxAccount(profileId),
    }),
    'library.list': ({ profileId, accountId, q, mediaType, cursor, count }) =>
      library.listMedia(profileId, accountId, { q, mediaType, cursor, count }),
    'library.thumbnail': ({ profileId, accountId, mediaKey }) =>
      library.thumbnail(profileId, accountId, mediaKey),
    'library.cards': ({ profileId, accountId, kinds, cardTypes, q, cursors }) =>
      library.listCards(profileId, accountId, { kinds, cardTypes, q, cursors }),
    'library.deleteCard': ({ profileId, accountId, kind, cardId }) =>
      library.deleteCard(profileId, accountId, kind, cardId),
    'library.updateMedia': async ({ profileId, accountId, mediaKey, ...edit }) => ({
      job: await mediaLibraryEdits.update(profileId, accountId, mediaKey, edit),
    }),
    'library.deleteMedia': async ({ profileId, accountId, mediaKey }) => ({
      job: await mediaLibraryEdits.delete(profileId, accountId, mediaKey),
    }),
    'outbox.enqueue': async ({ draftId }) => ({ job: await outbox.enqueue(draftId) }),
    'outbox.review': async ({ draftId }) => ({ review: await outbox.review(draftId) }),
    'outbox.list': async () => ({ jobs: await outbox.list() }),
    'outbox.status': async ({ draftId }) => ({ job: await outbox.status(draftId) }),
    'outbox.get': async ({ jobId }) => ({ job: await outbox.job(jobId) }),
    'outbox.cancel': async ({ jobId }) => ({ job: await outbox.cancel(jobId) }),
    'outbox.retry': async ({ jobId }) => ({ job: await outbox.retry(jobId) }),
    'outbox.cleanUp': async ({ jobId }) => ({ job: await outbox.cleanUp(jobId) }),
    'outbox.dismiss': async ({ jobId }) => (await outbox.dismiss(jobId), { dismissed: true as const }),
    'posts.rename': async ({ profileId, accountId, postId, name }) => {
      await library.assertPostExists(profileId, accountId, postId)
      return { job: await publishedEdits.renamePostById(profileId, accountId, postId, name) }
    },
    'published.updateCard': async ({ profileId, draftId, content }) => ({
      job: await publishedEdits.updateCard(profileId, draftId, content),
    }),
    'published.updateVideoConversationCard': async ({ profileId, draftId, content }) => ({
      job: await publishedEdits.updateVideoConversationCard(profileId, draftId, content),
    }),
    'published.renamePost': async ({ profileId, draftId, name }) => ({
      job: await publishedEdits.renamePost(profileId, draftId, name),
    }),
    ...createCampaignHandlers({
      withAdsContext: (profileId, work) => connect.withAdsContext(profileId, work),
      outbox,
    }),
    // Catalog and keyword insights (spec part A).
    'catalog.state': ({ profileId, itemGroupsRevision }) => catalog.stateRead(profileId, itemGroupsRevision),
    'catalog.refresh': ({ profileId }) => catalog.refresh(profileId),
    'catalog.save': ({ profileId, name }) => catalog.save(profileId, name),
    'catalog.products': ({ profileId, ...query }) => catalog.products(profileId, query),
    'catalog.product': ({ profileId, id }) => catalog.product(profileId, id),
    'catalog.saveProduct': ({ profileId, product, isNew }) => catalog.saveProduct(profileId, product, isNew),
    'catalog.deleteProducts': ({ profileId, ids }) => catalog.deleteProducts(profileId, ids),
    'catalog.resend': ({ profileId }) => catalog.resend(profileId),
    'catalog.importOpen': ({ profileId }) => catalog.importOpen(profileId),
    'catalog.importCheck': ({ importId, mapping }) => catalog.importCheck(importId, mapping),
    'catalog.importSend': ({ profileId, importId, mapping }) =>
      catalog.importSend(profileId, importId, mapping),
    'catalog.createSet': ({ profileId, ...input }) => catalog.createSet(profileId, input),
    'catalog.previewSet': ({ profileId, filters }) => catalog.previewSet(profileId, filters),
    'catalog.refreshSet': ({ profileId, localId }) => catalog.refreshSet(profileId, localId),
    'keywords.search': ({ profileId, query }) => keywords.search(profileId, query),
    'keywords.recent': async ({ profileId }) => ({ queries: await keywords.recent(profileId) }),
    'keywords.exportCsv': ({ resultId }) => keywords.exportCsv(resultId),
    // Audiences (spec part A).
    'audiences.list': ({ profileId }) => audiences.list(profileId),
    'audiences.details': ({ profileId, audienceId }) => audiences.details(profileId, audienceId),
    'audiences.openList': ({ profileId, target }) => audiences.openList(profileId, target),
    'audiences.checkList': ({ listId, mapping, defaultCountryCode }) =>
      audiences.checkList(listId, mapping, defaultCountryCode),
    'audiences.sendList': (request) => audiences.sendList(request),
    'audiences.uploadProgress': ({ uploadId }) => audiences.uploadProgress(uploadId),
    'audiences.grant': ({ profileId, audienceId, grantedAccountId, permissionLevel }) =>
      audiences.grant(profileId, audienceId, grantedAccountId, permissionLevel),
    'audiences.revoke': ({ profileId, audienceId, permissionId }) =>
      audiences.revoke(profileId, audienceId, permissionId),
    'audiences.deleteDoNotReachList': ({ profileId, listId, confirmName }) =>
      audiences.deleteDoNotReachList(profileId, listId, confirmName),
  }

  return {
    handlers,
    createDispatcher: (isTrustedSender) =>
      createIpcDispatcher(handlers, isTrustedSender, config.onUnexpectedError),
    settings,
    newDocument: () => media.resetDropKey(),
    /** Flushes pending autosaves: nothing typed is lost on quit. */
    async dispose() {
      await outbox.dispose()
      await catalogStores.flushAll()
      await drafts.close()
      await localFiles.close()
    },
    drafts,
    outbox,
  }
}
