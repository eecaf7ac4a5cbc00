/**
 * Which spec endpoints (test/sandbox/endpoints.ts) a designer reaches from the app's screens: for each one, the function of
 * src/main that sends it and the IPC channels whose handlers lead to it. appCoverage.test.ts
 * checks every entry (the function is exported and called in main outside src/main/api, each
 * channel is in the contract and called by the renderer) and prints the count by document.
 * An endpoint not listed here is not reachable from the UI; add it only with both ends.
 */

export interface AppReach {
  /** `module#function`, the module relative to src/main. */
  sends: string
  /** Channels the renderer calls that lead to the request. */
  channels: readonly string[]
}

const A = 'ads-a-catalogs-audiences.md'
const B = 'ads-b-creatives-campaigns.md'
const P = 'platform-auth-events-releases.md'

const reach = (sends: string, ...channels: string[]): AppReach => ({ sends, channels })

export const APP_REACH: Readonly<Record<string, AppReach>> = {
  // Platform document: credentials, webhooks, posts.
  [`${P}:58`]: reach('auth/pinFlow#requestToken', 'connect.begin'),
  // The authorize page opens in the browser at the URL requestToken builds.
  [`${P}:69`]: reach('auth/pinFlow#requestToken', 'connect.begin'),
  [`${P}:83`]: reach('auth/pinFlow#exchangePin', 'connect.complete'),
  [`${P}:94`]: reach('auth/pinFlow#invalidateToken', 'profiles.signOut'),
  [`${P}:98`]: reach('auth/bearer#createBearerToken', 'devtools.bearerCreate'),
  [`${P}:108`]: reach('auth/bearer#invalidateBearerToken', 'devtools.bearerRevoke'),
  [`${P}:118`]: reach('auth/webhooks#deleteWebhook', 'devtools.deleteWebhook'),
  [`${P}:126`]: reach('api/posts#createOrganicPost', 'organic.publish'),
  // Release history: Developer tools (webhook replay, streaming connections) and trending news.
  [`${P}:127`]: reach('auth/webhooks#replayWebhook', 'devtools.replayWebhook'),
  [`${P}:130`]: reach('api/streamConnections#listStreamConnections', 'devtools.connections'),
  [`${P}:131`]: reach('api/streamConnections#endStreamConnections', 'devtools.endConnections'),
  [`${P}:132`]: reach('api/streamConnections#endStreamConnections', 'devtools.endConnections'),
  [`${P}:133`]: reach('api/streamConnections#endStreamConnections', 'devtools.endConnections'),
  [`${P}:134`]: reach('api/news#searchNews', 'news.search'),
  [`${P}:135`]: reach('api/news#getNewsStory', 'news.get'),
  // Part A.
  [`${A}:96`]: reach('api/catalog#listCatalogs', 'catalog.refresh', 'catalog.save'),
  [`${A}:97`]: reach('api/catalog#createCatalog', 'catalog.save'),
  [`${A}:98`]: reach('api/catalog#renameCatalog', 'catalog.save'),
  [`${A}:99`]: reach('api/catalog#deleteCatalog', 'catalog.delete'),
  [`${A}:105`]: reach('api/catalog#listProducts', 'catalog.refresh'),
  [`${A}:106`]: reach('api/catalog#putProducts', 'catalog.saveProduct', 'catalog.importSend'),
  [`${A}:107`]: reach('api/catalog#deleteProducts', 'catalog.deleteProducts'),
  [`${A}:115`]: reach('api/catalog#getProductSet', 'catalog.refreshSet'),
  [`${A}:116`]: reach('api/catalog#createProductSet', 'catalog.createSet'),
  [`${A}:122`]: reach('api/catalog#searchKeywords', 'keywords.search'),
  [`${A}:141`]: reach('api/audiences#listPermissions', 'audiences.details'),
  [`${A}:142`]: reach('api/audiences#grantPermission', 'audiences.grant'),
  [`${A}:143`]: reach('api/audiences#revokePermission', 'audiences.revoke'),
  [`${A}:149`]: reach('api/audiences#listTargeted', 'audiences.details'),
  [`${A}:153`]: reach('api/audiences#uploadUsers', 'audiences.sendList'),
  [`${A}:169`]: reach('api/audiences#uploadUsers', 'audiences.sendList'),
  [`${A}:171`]: reach('api/audiences#deleteDoNotReachList', 'audiences.deleteDoNotReachList'),
  // Part B.
  [`${B}:73`]: reach('api/accountAdmin#listAccountMedia', 'accountMedia.list'),
  // Read fresh when its delete confirmation opens.
  [`${B}:74`]: reach('api/accountAdmin#getAccountMedia', 'accountMedia.get'),
  [`${B}:75`]: reach('api/accountAdmin#deleteAccountMedia', 'accountMedia.delete'),
  [`${B}:79`]: reach('api/cards#listCards', 'library.cards'),
  [`${B}:80`]: reach('api/cards#getCard', 'published.updateCard', 'changes.begin', 'changes.post'),
  [`${B}:81`]: reach('api/cards#createCard', 'outbox.enqueue'),
  [`${B}:82`]: reach('api/cards#updateCard', 'published.updateCard', 'changes.post'),
  [`${B}:83`]: reach('api/cards#deleteCardOfType', 'library.deleteCard'),
  [`${B}:88`]: reach('api/ads#listMediaLibrary', 'library.list'),
  [`${B}:89`]: reach('api/ads#getMediaLibraryObject', 'library.updateMedia'),
  [`${B}:90`]: reach('api/ads#createMediaLibraryObject', 'outbox.enqueue'),
  [`${B}:91`]: reach('api/ads#updateMediaLibraryObject', 'library.updateMedia'),
  [`${B}:92`]: reach('api/ads#deleteMediaLibraryObject', 'library.deleteMedia'),
  [`${B}:98`]: reach('api/cards#listPollCards', 'library.cards'),
  // A published poll's draft shows whether the card is still there and voting still open.
  [`${B}:99`]: reach('api/cards#getPollCard', 'published.cardState'),
  [`${B}:100`]: reach('api/cards#createPollCard', 'outbox.enqueue'),
  [`${B}:105`]: reach('api/ads#createPost', 'outbox.enqueue'),
  [`${B}:125`]: reach('api/ads#renamePost', 'posts.rename'),
  [`${B}:129`]: reach('api/cards#listVideoConversationCards', 'library.cards'),
  // A published card's draft shows what was changed on the platform before it is edited here.
  [`${B}:130`]: reach(
    'api/cards#getVideoConversationCard',
    'published.cardState',
    'changes.begin',
    'changes.post',
  ),
  [`${B}:131`]: reach('api/cards#createVideoConversationCard', 'outbox.enqueue'),
  [`${B}:150`]: reach(
    'api/cards#updateVideoConversationCard',
    'published.updateVideoConversationCard',
    'changes.post',
  ),
  [`${B}:156`]: reach('api/ads#listAccounts', 'accounts.list'),
  [`${B}:157`]: reach('api/accountAdmin#getAccountDetails', 'accounts.details'),
  [`${B}:158`]: reach('api/ads#createSandboxAccount', 'accounts.createSandbox'),
  [`${B}:159`]: reach('api/accountAdmin#updateAccount', 'accounts.update'),
  [`${B}:160`]: reach('api/accountAdmin#deleteSandboxAccount', 'accounts.deleteSandbox'),
  [`${B}:161`]: reach('api/accountAdmin#listAccountApps', 'accounts.apps'),
  [`${B}:162`]: reach('api/accountAdmin#getAccountHistory', 'accounts.history'),
  [`${B}:163`]: reach('api/accountAdmin#listAdvertiserBusinessCategories', 'businessCategories.list'),
  [`${B}:164`]: reach('api/targeting#estimateAudience', 'targeting.estimate'),
  [`${B}:165`]: reach('api/lineItems#getCuratedCategory', 'curatedCategories.get'),
  [`${B}:166`]: reach('api/ads#listAccountFeatures', 'accounts.features'),
  [`${B}:167`]: reach('api/accountAdmin#addSandboxFeatures', 'accounts.addFeatures'),
  [`${B}:171`]: reach('api/lineItems#updateLineItem', 'lineItems.update'),
  [`${B}:193`]: reach('api/lineItems#deleteLineItem', 'lineItems.delete'),
  [`${B}:197`]: reach('api/lineItems#listLineItemCuratedCategories', 'lineItems.categories'),
  // Changing an attached category reads it fresh first, then puts another in its place.
  [`${B}:198`]: reach(
    'api/lineItems#getLineItemCuratedCategory',
    'lineItems.categoryLink',
    'lineItems.changeCategory',
  ),
  [`${B}:199`]: reach('api/lineItems#createLineItemCuratedCategory', 'lineItems.attachCategory'),
  [`${B}:200`]: reach('api/lineItems#updateLineItemCuratedCategory', 'lineItems.changeCategory'),
  [`${B}:201`]: reach('api/lineItems#deleteLineItemCuratedCategory', 'lineItems.detachCategory'),
}
