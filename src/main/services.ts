import { join } from 'node:path'
import { postLengthKey, postLengthPreference } from '../shared/rules/limits'
import { createHttpClient } from './api/http'
import { createPostLengthLearning } from './settings/postLengthLearning'
import { createAudiencesHandlers } from './audiences/handlers'
import { audienceOperations, uploadCounts, type UploadLive } from './audiences/operations'
import { createCampaignHandlers } from './campaign/handlers'
import type { CatalogDialogs } from './catalog/dialogs'
import { createCatalogStores } from './catalog/catalogStores'
import { createCatalogHandlers } from './catalog/handlers'
import { createProductImages } from './catalog/productImages'
import { createFeedWorker } from './catalog/feedWorkerClient'
import { catalogOperations } from './catalog/operations'
import { catalogDeleteOperation } from './catalog/catalogDeletion'
import { createDraftsService } from './drafts/draftsService'
import { createDraftsHandlers } from './drafts/handlers'
import { createBulkEditHandlers, createDraftsCsvHandlers } from './bulk/handlers'
import { createHistory } from './history/historyWiring'
import { createVariantsHandlers } from './bulk/variantHandlers'
import { createIpcDispatcher, type HandlerMap } from './ipc/dispatcher'
import { coalesce, createEventEmitter } from './ipc/events'
import { createKeywordHandlers } from './keywords/handlers'
import { createDiagnostics } from './log/diagnostics'
import { createDiagnosticsHandlers } from './log/handlers'
import { LOG_FOLDER } from './log/logger'
import { openMainLog } from './log/mainLog'
import { createTargetingHandlers } from './targeting/handlers'
import { createOrganicHandlers } from './organic/handlers'
import { organicPostOperation } from './organic/operations'
import { createLibraryHandlers } from './library/handlers'
import { createImageFetcher, createImageReader, createThumbnailCache } from './library/thumbnails'
import type { DamagedStore } from './files/storeFile'
import { createGrantedFiles } from './media/grantedFiles'
import { createMediaHandlers } from './media/handlers'
import { createMediaGrants } from './media/mediaGrants'
import { createMediaService } from './media/mediaService'
import { readOnce } from './media/mediaStream'
import { OPERATION_EXECUTORS } from './operationExecutors'
import { createExternalOpener } from './platform/externalLinks'
import { createDevtoolsService } from './profiles/devtools'
import { createConnectHandlers } from './profiles/handlers'
import { createDevtoolsHandlers } from './profiles/devtoolsHandlers'
import { createNewsHandlers } from './news/handlers'
import { createAccountFeaturesCache } from './publish/accountFeatures'
import { createOutboxHandlers } from './publish/handlers'
import { createOutbox } from './publish/outbox'
import { createPublishChecks } from './publish/publishChecks'
import { publishedEditOperations } from './published/editOperations'
import { createPublishedHandlers } from './published/handlers'
import { publishedChangeOperations } from './published/changeOperation'
import { createPendingChangesStore } from './published/pendingChanges'
import {
  createProfileRepository,
  PROFILES_BACKUP_FILE,
  readProfilesBackup,
} from './settings/profileRepository'
import { createSession } from './session/session'
import { createConfStore } from './settings/confStore'
import { createAppHandlers } from './settings/handlers'
import { createSettingsService } from './settings/settingsService'
import { checkSettingsFile, createSettingsRecovery } from './settings/settingsRecovery'
import { createProfileVault } from './vault/profileVault'
import { createMirrorHandlers, refreshingOnConnect } from './mirror/handlers'
import { createAccountMirror } from './mirror/mirrorService'
import { createPracticeHandlers } from './practice/handlers'
import { createPracticeService } from './practice/practiceService'
import { createConnectService } from './profiles/connectService'
import { createReviewHandlers } from './review/handlers'
import { createReviewService, NO_REVIEW_DIALOGS } from './review/reviewService'
import { createVerdictStore } from './review/verdictStore'
import { draftsPortOf } from './bulk/csvService'

import { createTeamPackStore } from './teamRules/packStore'
import { createTeamRulesHandlers } from './teamRules/handlers'
import { createTeamRulesService, NO_TEAM_RULE_DIALOGS } from './teamRules/teamRulesService'
import type { Services, ServicesConfig } from './servicesConfig'

export type { Services, ServicesConfig } from './servicesConfig'

/**
 * The composition root. Builds every main-process service from plain config and merges the
 * handler map that each feature binds in its own handlers.ts; it runs in plain Node, which is how
 * the tests and the E2E bridge drive the app.
 */
export function createServices(config: ServicesConfig): Services {
  const log = openMainLog({
    dir: join(config.dataDir, LOG_FOLDER),
    ...(config.onUnexpectedError ? { onUnexpectedError: config.onUnexpectedError } : {}),
  })
  log.of('app').info({ version: config.appInfo.version }, 'services starting')
  // Every secret main reads from or stores in the keychain is one the log blanks, wherever it appears.
  const secretStore = log.watchSecrets(config.secretStore)
  // A damaged settings file is set aside before a store opens it (settings/settingsRecovery.ts).
  const settingsRecovery =
    config.settingsRecovery ?? (config.settingsStore ? undefined : checkSettingsFile(config.dataDir))
  const store = config.settingsStore ?? createConfStore(config.dataDir)
  const settings = createSettingsService(store)
  const profilesBackup = join(config.dataDir, PROFILES_BACKUP_FILE)
  // Read before the repository starts a new copy of what is now an empty list.
  const backedUpProfiles = settingsRecovery ? readProfilesBackup(profilesBackup) : []
  const profiles = createProfileRepository(store, profilesBackup)
  const vault = createProfileVault(secretStore)
  const recovery = createSettingsRecovery({ store, profiles, vault })
  // Main's events for the window, each kind gathered per turn of the event loop (ipc/events.ts).
  const events = createEventEmitter((area, error) => log.unexpected(area)(error))
  const draftsMoved = coalesce((_list: 'list', revision: number) =>
    events.emit('drafts.changed', { revision }),
  )
  const catalogMoved = coalesce((profileId: string, _: null) => events.emit('catalog.changed', { profileId }))
  // The feed worker starts on first use (an import), and stops with the services.
  const feedWorker = config.feedWorker ?? createFeedWorker()
  const importProgress = coalesce((importId: string, progress: { checked: number; total: number }) =>
    events.emit('catalog.importProgress', { importId, ...progress }),
  )
  if (settingsRecovery) {
    recovery.record(settingsRecovery, backedUpProfiles)
    log.of('settings').warn('the settings file could not be read: set aside, the defaults apply')
  }
  // One HTTP client, so a clock-skew correction learnt by any call signs every later one.
  const session = createSession({
    profiles,
    vault,
    http: config.http ?? createHttpClient(),
    env: config.env ?? process.env,
    hostsOf: (profile) => practice.hostsOf(profile),
  })
  const { withAdsContext } = session
  // The platform's hosts, and of a profile's own host only the authorization page main built.
  const openExternal = createExternalOpener(config.openExternal, {
    platformHosts: () => [config.hosts.apiUrl, config.hosts.adsUrl, config.hosts.adsSandboxUrl],
    authorizePages: () => connect.authorizeUrls(),
  })
  const connect = createConnectService({
    profiles,
    session,
    vault,
    secretStore,
    openExternal,
  })
  // Practice mode; its hostsOf is the gate every signed call's hosts pass (see the session).
  const practice = createPracticeService({
    dataDir: config.dataDir,
    profiles,
    env: config.env ?? process.env,
    begin: (input) => connect.begin(input),
    onError: log.unexpected('practice'),
  })
  practice.resume()

  // Version history of every draft and the app's undo list (issue 43, main/history/).
  const history = createHistory({ dataDir: config.dataDir, onError: log.unexpected('history') })
  const drafts = createDraftsService({
    dataDir: config.dataDir,
    dialogs: config.dialogs,
    onError: log.unexpected('drafts'),
    backupsKept: () => settings.get().draftBackupsKept,
    onListChanged: (revision) => draftsMoved('list', revision),
    onDraftChange: history.noteChange,
  })
  // bulkSteps: where bulk work on drafts records its steps (bulk/bulkSteps.ts).
  const { steps: bulkSteps, handlers: historyHandlers } = history.bind(drafts)
  const draftStore = {
    get: (id: string) => drafts.store.get(id),
    flush: (ids?: readonly string[]) => drafts.store.flush(ids),
  }
  // A store file that could not be read was moved aside; the log says which (never its content).
  const onStoreDamaged = (damaged: DamagedStore) => log.unexpected('storage')(new Error(damaged.message))
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
  const catalogStores = createCatalogStores(config.dataDir, onStoreDamaged, (profileId) =>
    catalogMoved(profileId, null),
  )
  const audienceUploads = new Map<string, UploadLive>()
  const uploadMoved = coalesce((uploadId: string, live: UploadLive) =>
    events.emit(
      'audiences.uploadProgress',
      uploadCounts(uploadId, live, live.expectedRecords, live.recordsAcked, Date.now()),
    ),
  )
  // Team rule packs (issue 44): imported per account, checked by the gate, preflight and review.
  const teamPacks = createTeamPackStore(config.dataDir, onStoreDamaged)
  /** The active account's packs: bulk work on drafts (CSV, bulk edit) follows them. */
  const activeTeamRules = async () => {
    const active = session.active()
    return active?.accountId ? teamPacks.rulesFor(active.profileId, active.accountId) : []
  }
  const accountFeatures = createAccountFeaturesCache()
  const knownFeatures = (_profileId: string, accountId: string) => accountFeatures.peek(accountId)?.features
  // The posting user's tier, as the designer answered or a refusal taught (settings).
  const postLengthTier = (profileId: string, userId: string | undefined) =>
    postLengthPreference(
      userId ? settings.get().postLengthLimits[postLengthKey(profileId, userId)] : undefined,
    ).tier
  // The preflight's check of a file and the upload after it share one read (mediaStream.ts).
  const publishMedia = readOnce(localFiles.reader)
  /** Pictures main fetches for the renderer: library media, account media, product images. */
  const thumbnails = createThumbnailCache({
    diskDir: join(config.dataDir, 'thumbnails'),
    fetchImage: createImageFetcher(config.mediaAddresses),
  })
  // Product images read before a product is saved, imported or sent (catalog/productImages.ts).
  const productImages = createProductImages({
    session,
    readImage: createImageReader(config.mediaAddresses),
    thumbnails,
  })
  // Review bundles and verdicts (issue 44); the publish gate asks it for approvals.
  const review = createReviewService({
    drafts: draftsPortOf(drafts),
    dialogs: config.reviewDialogs ?? NO_REVIEW_DIALOGS,
    store: createVerdictStore({
      file: join(config.dataDir, 'reviews', 'verdicts.json'),
      onDamaged: onStoreDamaged,
    }),
    activeAccountId: () => session.active()?.accountId,
    readLocalMedia: (file) => localFiles.reader.read(file),
  })
  // Edits of published cards not yet on the platform, with their base (issue 42).
  const pendingChanges = createPendingChangesStore(join(config.dataDir, 'published-changes.json'), (change) =>
    events.emit('changes.changed', { profileId: change.profileId, accountId: change.accountId }),
  )
  // Jobs left by the last run resume as soon as it is built.
  const outbox = createOutbox({
    dataDir: config.dataDir,
    drafts: {
      ...draftStore,
      ready: drafts.whenLoaded,
      setStatus: (id, status, refs, options) => drafts.store.setStatus(id, status, refs, options),
    },
    access: session,
    localMedia: publishMedia,
    operations: [
      ...OPERATION_EXECUTORS,
      ...publishedEditOperations({ get: draftStore.get, save: (draft) => drafts.store.save(draft) }),
      ...publishedChangeOperations({
        drafts: { get: draftStore.get, save: (draft) => drafts.store.save(draft) },
        pending: pendingChanges,
        ...(config.beforePublishedWrite ? { beforeWrite: config.beforePublishedWrite } : {}),
      }),
      ...catalogOperations(catalogStores, productImages),
      catalogDeleteOperation(catalogStores),
      organicPostOperation,
      ...audienceOperations({
        live: audienceUploads,
        onLive: uploadMoved,
        ...(config.audienceUploadRate ? { rate: config.audienceUploadRate } : {}),
      }),
    ],
    ...createPublishChecks({
      features: accountFeatures,
      postLengthTier,
      localMedia: publishMedia,
      localFiles,
      getDraft: draftStore.get,
      teamRules: teamPacks.rulesFor,
    }),
    // A grant changes what the rules allow: the next preflight asks the platform again.
    onOperationDone: (job) => {
      if (job.steps.some((step) => step.op === 'account.addFeatures'))
        accountFeatures.invalidate(job.accountId)
    },
    ...(config.notify ? { notify: config.notify } : {}),
    ...(config.outbox ? { options: config.outbox } : {}),
    onError: log.unexpected('outbox'),
    log: log.of('outbox'),
    events,
    onFailed: createPostLengthLearning(settings),
    postLengthTier,
    // What the preflight last fetched; unknown features leave the feature rules as warnings.
    accountFeatures: knownFeatures,
    checkApproval: (draft, accountId) => review.checkApproval(draft, accountId),
    teamRules: teamPacks.rulesFor,
  })
  const catalogDialogs: CatalogDialogs = config.catalogDialogs ?? {
    chooseFeedFile: async () => null,
    chooseCsvExportPath: async () => null,
  }

  const devtools = createDevtoolsService({ session, vault })
  // The account mirror (issue 42): what lives on each ad account, kept for offline reading.
  const mirror = createAccountMirror(config.dataDir, {
    withAdsContext,
    emit: (payload) => events.emit('mirror.changed', payload),
    productSetIds: async (profileId) =>
      (await catalogStores.open(profileId)).sets().flatMap((set) => (set.id ? [set.id] : [])),
  })
  const featureHandlers: HandlerMap = {
    ...createAppHandlers({ appInfo: config.appInfo, settings, openExternal }),
    ...createConnectHandlers(connect, devtools, recovery),
    ...createDraftsHandlers(drafts),
    ...createDraftsCsvHandlers(drafts, config.draftsCsvDialogs, activeTeamRules, bulkSteps),
    ...createBulkEditHandlers(drafts, bulkSteps, activeTeamRules),
    ...historyHandlers,
    ...createVariantsHandlers(drafts, config.dataDir, bulkSteps),
    ...createMediaHandlers(media),
    ...createOutboxHandlers(outbox),
    ...createLibraryHandlers({
      withAdsContext,
      outbox,
      thumbnails,
      mirror: mirror.store,
    }),
    ...createPublishedHandlers({
      drafts: draftStore,
      outbox,
      withAdsContext,
      postLengthTier,
      accountFeatures: knownFeatures,
      teamRules: teamPacks.rulesFor,
      pending: pendingChanges,
      mirror: mirror.store,
    }),
    ...createCampaignHandlers({ withAdsContext, outbox, thumbnails, mirror: mirror.store }),
    ...createCatalogHandlers({
      stores: catalogStores,
      outbox,
      activeAccountOf: session.activeAccountOf,
      withAdsContext,
      dialogs: catalogDialogs,
      images: productImages,
      onImportProgress: ({ importId, ...progress }) => importProgress(importId, progress),
      feedWorker,
      mirror: mirror.store,
    }),
    ...createKeywordHandlers({ dataDir: config.dataDir, withAdsContext, dialogs: catalogDialogs }),
    ...createMirrorHandlers(mirror),
    ...createReviewHandlers(review),
    ...createTeamRulesHandlers(
      createTeamRulesService(teamPacks, config.teamRuleDialogs ?? NO_TEAM_RULE_DIALOGS),
    ),
    ...createTargetingHandlers({ withAdsContext }),
    ...createOrganicHandlers({
      withAdsContext,
      outbox,
      userIdOf: (profileId) => profiles.get(profileId)?.userId,
    }),
    ...createAudiencesHandlers({
      dataDir: config.dataDir,
      outbox,
      activeAccountOf: session.activeAccountOf,
      withAdsContext,
      dialogs: config.audienceDialogs ?? { chooseListFile: async () => null },
      live: audienceUploads,
      mirror: mirror.store,
    }),
    ...createPracticeHandlers(practice),
    // Release-history endpoints: streaming connections and webhook replay, trending news.
    ...createDevtoolsHandlers(devtools),
    ...createNewsHandlers({ withAdsContext }),
    ...createDiagnosticsHandlers(
      createDiagnostics({
        appInfo: config.appInfo,
        logFile: log.file,
        secrets: log.secrets,
        ...(config.writeClipboard ? { writeClipboard: config.writeClipboard } : {}),
      }),
    ),
  }
  const handlers = config.mirrorOnConnect ? refreshingOnConnect(featureHandlers, mirror) : featureHandlers

  return {
    handlers,
    createDispatcher: (isTrustedSender) =>
      log.withFailureLines(
        createIpcDispatcher(handlers, isTrustedSender, (channel, error) => log.unexpected(channel)(error)),
      ),
    events,
    settings,
    newDocument: () => media.resetDropKey(),
    /** Flushes pending autosaves (nothing typed is lost on quit) and stops the practice sandbox. */
    async dispose() {
      // The outbox's stop waits for the drafts' deferred load, which closing the drafts does
      // anyway: start it now rather than at LOAD_DEFER_MS.
      drafts.ready.catch(() => undefined)
      await outbox.dispose()
      await catalogStores.flushAll()
      await feedWorker.dispose()
      await drafts.close()
      await history.close()
      await localFiles.close()
      // Last: the outbox may have been talking to it. The sandbox saves its state as it stops.
      await practice.dispose()
      log.of('app').info('services stopped')
      await log.file.close()
    },
    drafts,
    outbox,
    bulkSteps,
  }
}
