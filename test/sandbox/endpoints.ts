/**
 * Every endpoint the three spec documents name, with the spec line that names it, and whether
 * the sandbox serves it. endpoints.test.ts reads each line from the quotes kept in the repository
 * (test/spec/citedLines.json) and checks that it names this method and path, and that the
 * sandbox's router answers the served ones and only those; `npm run check:spec` compares the
 * quotes with the spec documents and checks that no endpoint of the spec is missing here.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface SpecEndpoint {
  /** The spec line that names the endpoint: `file.md:line`. */
  source: string
  /** The method as the spec gives it; null where it names none. */
  method: Method | null
  /**
   * The path as that line writes it; '' when the line gives only the method and `base` the path.
   * `.../x` and `/:id` are relative to `base` (or, in part A, to {ads_url}/12).
   */
  written: string
  /** The line that gives the base of a relative path. */
  base?: string
  /** The full path as the sandbox routes it: {base_url} is '', {ads_url} '/ads', {ads_sandbox_url} '/ads-sandbox'. */
  path: string
  /** Served, with the method the sandbox chose where the spec names none; or why not. */
  sandbox: { serves: Method } | { unserved: string }
}

const A = 'ads-a-catalogs-audiences.md'
const B = 'ads-b-creatives-campaigns.md'
const P = 'platform-auth-events-releases.md'

const RELEASE_ONLY =
  'named in the release history only; request and response "not shown", and no Ads Studio feature uses it'
const STREAMING = `${RELEASE_ONLY}; it needs the streaming and activity machinery the sandbox does not have`

function entry(
  source: string,
  method: Method | null,
  written: string,
  path: string,
  sandbox: SpecEndpoint['sandbox'] | 'served',
  base?: string,
): SpecEndpoint {
  const served = sandbox === 'served' ? { serves: method as Method } : sandbox
  return { source, method, written, path, sandbox: served, ...(base ? { base } : {}) }
}

const PERMISSIONS = '/ads/5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions'
const LICC = '/ads/12/accounts/:account_id/line_item_curated_categories'
const PRODUCTS = '/ads/12/product_catalogs/:product_catalog_id/products'

export const ENDPOINTS: readonly SpecEndpoint[] = [
  // Platform document: credentials and webhooks.
  entry(`${P}:58`, 'POST', '{base_url}/oauth/request_token', '/oauth/request_token', 'served'),
  entry(`${P}:69`, 'GET', '{base_url}/oauth/authorize', '/oauth/authorize', 'served'),
  entry(`${P}:79`, 'GET', '{base_url}/oauth/authenticate', '/oauth/authenticate', 'served'),
  entry(`${P}:83`, 'POST', '{base_url}/oauth/access_token', '/oauth/access_token', 'served'),
  entry(`${P}:94`, 'POST', '{base_url}/1.1/oauth/invalidate_token', '/1.1/oauth/invalidate_token', 'served'),
  entry(`${P}:98`, 'POST', '{base_url}/oauth2/token', '/oauth2/token', 'served'),
  entry(`${P}:108`, 'POST', '{base_url}/oauth2/invalidate_token', '/oauth2/invalidate_token', 'served'),
  entry(`${P}:118`, 'DELETE', '{base_url}/2/webhooks/{webhook_id}', '/2/webhooks/:webhook_id', 'served'),
  // Platform document: endpoints named in the release history.
  entry(`${P}:126`, 'POST', '{base_url}/2/posts', '/2/posts', 'served'),
  entry(`${P}:127`, 'POST', '{base_url}/2/webhooks/replay', '/2/webhooks/replay', {
    unserved: `${RELEASE_ONLY}; the sandbox delivers no webhook events to replay`,
  }),
  entry(`${P}:128`, 'POST', '{base_url}/2/activity/subscriptions', '/2/activity/subscriptions', {
    unserved: STREAMING,
  }),
  entry(`${P}:129`, 'GET', '{base_url}/2/activity/stream', '/2/activity/stream', { unserved: STREAMING }),
  entry(`${P}:130`, 'GET', '{base_url}/2/connections', '/2/connections', { unserved: STREAMING }),
  entry(`${P}:131`, 'DELETE', '{base_url}/2/connections/all', '/2/connections/all', { unserved: STREAMING }),
  entry(`${P}:132`, 'DELETE', '{base_url}/2/connections/{endpoint_id}', '/2/connections/:endpoint_id', {
    unserved: STREAMING,
  }),
  entry(`${P}:133`, 'DELETE', '{base_url}/2/connections', '/2/connections', { unserved: STREAMING }),
  entry(`${P}:134`, 'GET', '{base_url}/2/news/search', '/2/news/search', { unserved: RELEASE_ONLY }),
  entry(`${P}:135`, 'GET', '{base_url}/2/news/{id}', '/2/news/:id', { unserved: RELEASE_ONLY }),
  entry(
    `${P}:136`,
    'GET',
    '{base_url}/2/notes/search/posts_eligible_for_notes',
    '/2/notes/search/posts_eligible_for_notes',
    { unserved: RELEASE_ONLY },
  ),
  entry(`${P}:137`, 'GET', '{base_url}/2/notes/search/notes_written', '/2/notes/search/notes_written', {
    unserved: RELEASE_ONLY,
  }),
  entry(`${P}:138`, 'POST', '{base_url}/2/notes', '/2/notes', { unserved: RELEASE_ONLY }),
  entry(`${P}:139`, 'POST', '{base_url}/2/evaluate_note', '/2/evaluate_note', { unserved: RELEASE_ONLY }),
  entry(`${P}:140`, 'GET', '{base_url}/2/powerstream/rules', '/2/powerstream/rules', { unserved: STREAMING }),
  entry(`${P}:141`, null, '/2/posts/search/stream/rules', '/2/posts/search/stream/rules', {
    unserved: `${STREAMING}; not even its methods are named ("manage")`,
  }),
  // Part A: catalogs, products, product sets, keyword insights.
  entry(`${A}:96`, 'GET', '{ads_url}/12/product_catalogs', '/ads/12/product_catalogs', 'served'),
  entry(`${A}:97`, 'POST', '{ads_url}/12/product_catalogs', '/ads/12/product_catalogs', 'served'),
  entry(
    `${A}:98`,
    'PUT',
    '{ads_url}/12/product_catalogs/:product_catalog_id',
    '/ads/12/product_catalogs/:product_catalog_id',
    'served',
  ),
  entry(
    `${A}:99`,
    'DELETE',
    '{ads_url}/12/product_catalogs/:product_catalog_id',
    '/ads/12/product_catalogs/:product_catalog_id',
    'served',
  ),
  entry(`${A}:105`, 'GET', '.../product_catalogs/:product_catalog_id/products', PRODUCTS, 'served'),
  entry(`${A}:106`, 'PUT', '.../products', PRODUCTS, 'served', `${A}:105`),
  entry(`${A}:107`, 'DELETE', '.../products', PRODUCTS, 'served', `${A}:105`),
  entry(
    `${A}:115`,
    'GET',
    '.../product_catalogs/:product_catalog_id/product_sets/:product_set_id',
    '/ads/12/product_catalogs/:product_catalog_id/product_sets/:product_set_id',
    'served',
  ),
  entry(
    `${A}:116`,
    'POST',
    '.../product_catalogs/:product_catalog_id/product_sets',
    '/ads/12/product_catalogs/:product_catalog_id/product_sets',
    'served',
  ),
  entry(
    `${A}:122`,
    'GET',
    '{ads_url}/12/insights/keywords/search',
    '/ads/12/insights/keywords/search',
    'served',
  ),
  // Part A: audiences.
  entry(`${A}:141`, 'GET', '', PERMISSIONS, 'served', `${A}:137`),
  entry(`${A}:142`, 'POST', '', PERMISSIONS, 'served', `${A}:137`),
  entry(
    `${A}:143`,
    'DELETE',
    '.../permissions/:tailored_audience_permission_id',
    `${PERMISSIONS}/:tailored_audience_permission_id`,
    'served',
    `${A}:137`,
  ),
  entry(
    `${A}:149`,
    'GET',
    '{ads_url}/12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted',
    '/ads/12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted',
    'served',
  ),
  entry(
    `${A}:153`,
    'POST',
    '{ads_url}/12/accounts/:account_id/custom_audiences/:custom_audience_id/users',
    '/ads/12/accounts/:account_id/custom_audiences/:custom_audience_id/users',
    'served',
  ),
  entry(
    `${A}:169`,
    'POST',
    '{ads_url}/12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users',
    '/ads/12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users',
    'served',
  ),
  entry(
    `${A}:171`,
    'DELETE',
    '{ads_url}/12/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id',
    '/ads/12/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id',
    'served',
  ),
  // Part B: paths start with {ads_url}/12 unless stated (line 69).
  ...(
    [
      [73, 'GET', '/accounts/:account_id/account_media'],
      [74, 'GET', '/accounts/:account_id/account_media/:account_media_id'],
      [75, 'DELETE', '/accounts/:account_id/account_media/:account_media_id'],
      [79, 'GET', '/accounts/:account_id/cards'],
      [80, 'GET', '/accounts/:account_id/cards/:card_id'],
      [81, 'POST', '/accounts/:account_id/cards'],
      [83, 'DELETE', '/accounts/:account_id/cards/:card_type/:card_id'],
      [88, 'GET', '/accounts/:account_id/media_library'],
      [89, 'GET', '/accounts/:account_id/media_library/:media_key'],
      [90, 'POST', '/accounts/:account_id/media_library'],
      [91, 'PUT', '/accounts/:account_id/media_library/:media_key'],
      [92, 'DELETE', '/accounts/:account_id/media_library/:media_key'],
      [98, 'GET', '/accounts/:account_id/cards/poll'],
      [99, 'GET', '/accounts/:account_id/cards/poll/:card_id'],
      [100, 'POST', '/accounts/:account_id/cards/poll'],
      [105, 'POST', '/accounts/:account_id/post'],
      [125, 'PUT', '/accounts/:account_id/posts/:post_id/name'],
      [129, 'GET', '/accounts/:account_id/cards/video_conversation'],
      [130, 'GET', '/accounts/:account_id/cards/video_conversation/:card_id'],
      [131, 'POST', '/accounts/:account_id/cards/video_conversation'],
      [150, 'PUT', '/accounts/:account_id/cards/video_conversation/:card_id'],
      [156, 'GET', '/accounts'],
      [157, 'GET', '/accounts/:account_id'],
      [159, 'PUT', '/accounts/:account_id'],
      [161, 'GET', '/accounts/:account_id/account_apps'],
      [162, 'GET', '/accounts/:account_id/account_history'],
      [163, 'GET', '/advertiser_business_categories'],
      [164, 'POST', '/accounts/:account_id/audience_estimate'],
      [165, 'GET', '/accounts/:account_id/curated_categories/:curated_category_id'],
      [166, 'GET', '/accounts/:account_id/features'],
      [171, 'PUT', '/accounts/:account_id/line_items/:line_item_id'],
      [193, 'DELETE', '/accounts/:account_id/line_items/:line_item_id'],
    ] as const
  ).map(([line, method, written]) => entry(`${B}:${line}`, method, written, `/ads/12${written}`, 'served')),
  // "HTTP method of the card update operation: not shown"; the sandbox takes PUT, as the platform does.
  entry(
    `${B}:82`,
    null,
    '/accounts/:account_id/cards/:card_id',
    '/ads/12/accounts/:account_id/cards/:card_id',
    {
      serves: 'PUT',
    },
  ),
  entry(`${B}:158`, 'POST', '{ads_sandbox_url}/12/accounts', '/ads-sandbox/12/accounts', 'served'),
  entry(
    `${B}:160`,
    'DELETE',
    '{ads_sandbox_url}/12/accounts/:account_id',
    '/ads-sandbox/12/accounts/:account_id',
    'served',
  ),
  entry(
    `${B}:167`,
    'POST',
    '{ads_sandbox_url}/12/accounts/:account_id/features',
    '/ads-sandbox/12/accounts/:account_id/features',
    'served',
  ),
  entry(`${B}:197`, 'GET', '', LICC, 'served', `${B}:195`),
  entry(
    `${B}:198`,
    'GET',
    '/:line_item_curated_category_id',
    `${LICC}/:line_item_curated_category_id`,
    'served',
    `${B}:195`,
  ),
  entry(`${B}:199`, 'POST', '', LICC, 'served', `${B}:195`),
  entry(
    `${B}:200`,
    'PUT',
    '/:line_item_curated_category_id',
    `${LICC}/:line_item_curated_category_id`,
    'served',
    `${B}:195`,
  ),
  entry(
    `${B}:201`,
    'DELETE',
    '/:line_item_curated_category_id',
    `${LICC}/:line_item_curated_category_id`,
    'served',
    `${B}:195`,
  ),
]

/** Every spec line the table cites (sources and bases), for check:spec. */
export const ENDPOINT_CITATIONS: readonly string[] = [
  ...new Set(ENDPOINTS.flatMap((e) => [e.source, ...(e.base ? [e.base] : [])])),
]
