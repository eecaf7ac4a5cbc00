/**
 * The channel names alone, free of zod, so the sandboxed preload bundle stays tiny (it checks an
 * event by its name only; main has checked its schema).
 * contract.ts must give a schema pair for exactly these names (enforced by its type).
 */
export const CHANNELS = [
  'app.info',
  'settings.get',
  'settings.update',
  'external.open',
  'profiles.list',
  'profiles.activate',
  'profiles.signOut',
  'profiles.restore',
  'connect.begin',
  'connect.complete',
  'accounts.list',
  'accounts.select',
  'devtools.bearerStatus',
  'devtools.bearerCreate',
  'devtools.bearerRevoke',
  'devtools.deleteWebhook',
  'drafts.list',
  'drafts.get',
  'drafts.create',
  'drafts.update',
  'drafts.flush',
  'drafts.duplicate',
  'drafts.remove',
  'drafts.undoRemove',
  'drafts.export',
  'drafts.import',
  'drafts.quarantine',
  'drafts.quarantineRead',
  'drafts.quarantineRestore',
  'drafts.quarantineDelete',
  'draftsCsv.export',
  'draftsCsv.preview',
  'draftsCsv.apply',
  // Variants of a draft and the groups they make (issue 43).
  'variants.fields',
  'variants.preview',
  'variants.generate',
  'draftGroups.list',
  'draftGroups.fields',
  'draftGroups.setField',
  // Issue 44: review bundles, verdicts, "Publishing needs approval".
  'review.exportBundle',
  'review.import',
  'review.states',
  'review.setApprovalRequired',
  'bulkEdit.fields',
  'bulkEdit.preview',
  'bulkEdit.apply',
  'teamRules.list',
  'teamRules.import',
  'teamRules.remove',
  'media.pickLocal',
  'media.inspectPath',
  'media.dropKey',
  'media.inspectDropped',
  'accounts.features',
  'accounts.createSandbox',
  'library.list',
  'library.thumbnail',
  'library.cards',
  'library.deleteCard',
  'library.updateMedia',
  'library.deleteMedia',
  'mirror.refresh',
  'mirror.status',
  'posts.rename',
  'published.updateCard',
  'published.updateVideoConversationCard',
  'published.renamePost',
  'published.cardState',
  // Issue 42: edits of published items as changes (base, conflicts, check and post).
  'changes.begin',
  'changes.keep',
  'changes.list',
  'changes.resolve',
  'changes.discard',
  'changes.post',
  'outbox.enqueue',
  'outbox.review',
  'outbox.list',
  'outbox.status',
  'outbox.get',
  'outbox.cancel',
  'outbox.retry',
  'outbox.cleanUp',
  'outbox.dismiss',
  // Issue 14: line items, curated categories, account settings, features, apps, media, history.
  'lineItems.list',
  'lineItems.update',
  'lineItems.setStatus',
  'lineItems.delete',
  'lineItems.categories',
  'lineItems.attachCategory',
  'lineItems.detachCategory',
  'lineItems.categoryLink',
  'lineItems.changeCategory',
  'curatedCategories.get',
  'curatedCategories.list',
  'businessCategories.list',
  'accounts.details',
  'accounts.update',
  'accounts.deleteSandbox',
  'accounts.addFeatures',
  'accounts.apps',
  'accounts.history',
  'accounts.appWrites',
  'accountMedia.list',
  'accountMedia.get',
  'accountMedia.delete',
  'accountMedia.thumbnail',
  // Catalog and keyword insights (spec part A).
  'catalog.state',
  'catalog.refresh',
  'catalog.save',
  'catalog.delete',
  'catalog.products',
  'catalog.product',
  'catalog.saveProduct',
  'catalog.deleteProducts',
  'catalog.resend',
  'catalog.importOpen',
  'catalog.importCheck',
  'catalog.importReportPage',
  'catalog.importExportUnsent',
  'catalog.importSend',
  'catalog.createSet',
  'catalog.previewSet',
  'catalog.refreshSet',
  'catalog.importImages',
  'catalog.productImage',
  'keywords.search',
  'keywords.recent',
  'keywords.exportCsv',
  // Targeting: the locations look-up and the audience estimate (contracts/targeting.ts).
  'targeting.locations',
  'targeting.estimate',
  // Organic posts through POST /2/posts (contracts/organic.ts).
  'organic.editable',
  'organic.publish',
  // Audiences (spec part A): customer lists, do-not-reach lists, sharing, targeting look-up.
  'audiences.list',
  'audiences.details',
  'audiences.openList',
  'audiences.checkList',
  'audiences.sendList',
  'audiences.uploadProgress',
  'audiences.cancelUpload',
  'audiences.resumeUpload',
  'audiences.grant',
  'audiences.revoke',
  'audiences.deleteDoNotReachList',
  // Practice mode: the sandbox inside the app (contracts/practice.ts).
  'practice.begin',
  'practice.awaitPin',
  // Settings → Support (contracts/diagnostics.ts).
  'diagnostics.copy',
  // Release-history endpoints (platform document 127, 130-135): the app's streaming connections
  // and webhook replay in Developer tools (contracts/devtools.ts), trending news beside the
  // composer (contracts/news.ts).
  'devtools.connections',
  'devtools.endConnections',
  'devtools.replayWebhook',
  'news.search',
  'news.get',
  // A draft's version history and the app's undo list (contracts/history.ts, issue 43).
  'history.timeline',
  'history.compare',
  'history.restore',
  'undo.list',
  'undo.undo',
] as const

export type Channel = (typeof CHANNELS)[number]

/**
 * Channels only the preload calls, left off window.studio: the dropped-file channel takes a
 * path, which the page must not be able to name (the preload gets it from a real File), and the
 * key that proves a drop came through the preload.
 */
export const PRELOAD_ONLY_CHANNELS = [
  'media.dropKey',
  'media.inspectDropped',
] as const satisfies readonly Channel[]
export type PreloadOnlyChannel = (typeof PRELOAD_ONLY_CHANNELS)[number]
export type PageChannel = Exclude<Channel, PreloadOnlyChannel>

/** The channels window.studio offers the page. */
export const PAGE_CHANNELS: readonly PageChannel[] = CHANNELS.filter(
  (channel): channel is PageChannel => !(PRELOAD_ONLY_CHANNELS as readonly string[]).includes(channel),
)

/**
 * What main tells the window unasked (events.ts: each payload's schema), so the renderer never
 * polls. All travel on EVENT_CHANNEL as `{ name, payload }`.
 */
export const EVENT_NAMES = [
  'outbox.changed',
  'job.progress',
  'drafts.changed',
  'catalog.changed',
  'catalog.importProgress',
  'audiences.uploadProgress',
  'mirror.changed',
  'changes.changed',
] as const
export type EventName = (typeof EVENT_NAMES)[number]
export const EVENT_CHANNEL = 'studio:event'
