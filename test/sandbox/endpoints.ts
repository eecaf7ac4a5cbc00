/**
 * Every endpoint the three spec documents name, with the spec line that names it, and whether
 * the sandbox serves it. endpoints.test.ts reads each line from the quotes kept in the repository
 * (test/spec/citedLines.json) and checks that it names this method and path, and that the
 * sandbox's router answers the served ones and only those; `npm run check:spec` compares the
 * quotes with the spec documents and checks that no endpoint of the spec is missing here.
 *
 * 82 rows: every method and path the documents write (platform 24, part A 17, part B 41). Issue 45
 * counted 84 (part B 43). Part B also names operations whose path it does not show: "Curated
 * category list operation: path and parameters not shown" (B:165), the video conversation card's
 * "deletion operation: not shown" (B:150) and "any poll card deletion operation" (B:101). They
 * have no path to route or to check against a line, so they are not rows; the likeliest reading
 * of the extra two is B:165 and B:150. The sandbox serves the curated category list anyway, at
 * the platform's public path GET /accounts/:account_id/curated_categories, which the app calls
 * (curatedCategories.list). The platform document's last row, /2/posts/search/stream/rules, names
 * no method and is one row; GET /2/powerstream/rules is named once.
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

type Row = readonly [line: number, method: Method | null, written: string, path: string]

/** Rows of one document the sandbox serves; `base` gives the line with the base of relative paths. */
function served(file: string, rows: readonly Row[], base?: number): SpecEndpoint[] {
  return rows.map(([line, method, written, path]) => ({
    source: `${file}:${line}`,
    method,
    written,
    path,
    sandbox: { serves: method as Method },
    ...(base !== undefined ? { base: `${file}:${base}` } : {}),
  }))
}

function unserved(file: string, rows: readonly (readonly [...Row, string])[]): SpecEndpoint[] {
  return rows.map(([line, method, written, path, reason]) => ({
    source: `${file}:${line}`,
    method,
    written,
    path,
    sandbox: { unserved: reason },
  }))
}

const CATALOG = '/product_catalogs/:product_catalog_id'
const FEATURES = '/accounts/:account_id/features'
const PERMISSIONS = '/ads/5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions'
const LICC = '/ads/12/accounts/:account_id/line_item_curated_categories'
const PRODUCTS = '/ads/12/product_catalogs/:product_catalog_id/products'
const SETS = '/ads/12/product_catalogs/:product_catalog_id/product_sets'
const AUDIENCE = '/accounts/:account_id/custom_audiences/:custom_audience_id'
const DO_NOT_REACH = '/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id'

export const ENDPOINTS: readonly SpecEndpoint[] = [
  // Platform document: credentials and webhooks.
  ...served(P, [
    [58, 'POST', '{base_url}/oauth/request_token', '/oauth/request_token'],
    [69, 'GET', '{base_url}/oauth/authorize', '/oauth/authorize'],
    [79, 'GET', '{base_url}/oauth/authenticate', '/oauth/authenticate'],
    [83, 'POST', '{base_url}/oauth/access_token', '/oauth/access_token'],
    [94, 'POST', '{base_url}/1.1/oauth/invalidate_token', '/1.1/oauth/invalidate_token'],
    [98, 'POST', '{base_url}/oauth2/token', '/oauth2/token'],
    [108, 'POST', '{base_url}/oauth2/invalidate_token', '/oauth2/invalidate_token'],
    [118, 'DELETE', '{base_url}/2/webhooks/{webhook_id}', '/2/webhooks/:webhook_id'],
    // Release history.
    [126, 'POST', '{base_url}/2/posts', '/2/posts'],
    // Release history, shapes from the platform's public reference (sandbox/platform: webhookReplay.ts,
    // streamConnections.ts, news.ts).
    [127, 'POST', '{base_url}/2/webhooks/replay', '/2/webhooks/replay'],
    [130, 'GET', '{base_url}/2/connections', '/2/connections'],
    [131, 'DELETE', '{base_url}/2/connections/all', '/2/connections/all'],
    [132, 'DELETE', '{base_url}/2/connections/{endpoint_id}', '/2/connections/:endpoint_id'],
    [133, 'DELETE', '{base_url}/2/connections', '/2/connections'],
    [134, 'GET', '{base_url}/2/news/search', '/2/news/search'],
    [135, 'GET', '{base_url}/2/news/{id}', '/2/news/:id'],
  ]),
  ...unserved(P, [
    [128, 'POST', '{base_url}/2/activity/subscriptions', '/2/activity/subscriptions', STREAMING],
    [129, 'GET', '{base_url}/2/activity/stream', '/2/activity/stream', STREAMING],
    [
      136,
      'GET',
      '{base_url}/2/notes/search/posts_eligible_for_notes',
      '/2/notes/search/posts_eligible_for_notes',
      RELEASE_ONLY,
    ],
    [137, 'GET', '{base_url}/2/notes/search/notes_written', '/2/notes/search/notes_written', RELEASE_ONLY],
    [138, 'POST', '{base_url}/2/notes', '/2/notes', RELEASE_ONLY],
    [139, 'POST', '{base_url}/2/evaluate_note', '/2/evaluate_note', RELEASE_ONLY],
    [140, 'GET', '{base_url}/2/powerstream/rules', '/2/powerstream/rules', STREAMING],
    [
      141,
      null,
      '/2/posts/search/stream/rules',
      '/2/posts/search/stream/rules',
      `${STREAMING}; no methods named`,
    ],
  ]),
  // Part A: catalogs, products, product sets, keyword insights, audiences.
  ...served(A, [
    [96, 'GET', '{ads_url}/12/product_catalogs', '/ads/12/product_catalogs'],
    [97, 'POST', '{ads_url}/12/product_catalogs', '/ads/12/product_catalogs'],
    [98, 'PUT', `{ads_url}/12${CATALOG}`, `/ads/12${CATALOG}`],
    [99, 'DELETE', `{ads_url}/12${CATALOG}`, `/ads/12${CATALOG}`],
    [105, 'GET', '.../product_catalogs/:product_catalog_id/products', PRODUCTS],
    [
      115,
      'GET',
      '.../product_catalogs/:product_catalog_id/product_sets/:product_set_id',
      `${SETS}/:product_set_id`,
    ],
    [116, 'POST', '.../product_catalogs/:product_catalog_id/product_sets', SETS],
    [122, 'GET', '{ads_url}/12/insights/keywords/search', '/ads/12/insights/keywords/search'],
    [149, 'GET', `{ads_url}/12${AUDIENCE}/targeted`, `/ads/12${AUDIENCE}/targeted`],
    [153, 'POST', `{ads_url}/12${AUDIENCE}/users`, `/ads/12${AUDIENCE}/users`],
    [169, 'POST', `{ads_url}/12/batch${DO_NOT_REACH}/users`, `/ads/12/batch${DO_NOT_REACH}/users`],
    [171, 'DELETE', `{ads_url}/12${DO_NOT_REACH}`, `/ads/12${DO_NOT_REACH}`],
  ]),
  ...served(
    A,
    [
      [106, 'PUT', '.../products', PRODUCTS],
      [107, 'DELETE', '.../products', PRODUCTS],
    ],
    105,
  ),
  ...served(
    A,
    [
      [141, 'GET', '', PERMISSIONS],
      [142, 'POST', '', PERMISSIONS],
      [
        143,
        'DELETE',
        '.../permissions/:tailored_audience_permission_id',
        `${PERMISSIONS}/:tailored_audience_permission_id`,
      ],
    ],
    137,
  ),
  // Part B: paths start with {ads_url}/12 unless stated (line 69).
  ...served(
    B,
    (
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
    ).map(([line, method, written]): Row => [line, method, written, `/ads/12${written}`]),
  ),
  ...served(B, [
    [158, 'POST', '{ads_sandbox_url}/12/accounts', '/ads-sandbox/12/accounts'],
    [160, 'DELETE', '{ads_sandbox_url}/12/accounts/:account_id', '/ads-sandbox/12/accounts/:account_id'],
    [167, 'POST', `{ads_sandbox_url}/12${FEATURES}`, `/ads-sandbox/12${FEATURES}`],
  ]),
  // "HTTP method of the card update operation: not shown"; the sandbox takes PUT, as the platform does.
  {
    source: `${B}:82`,
    method: null,
    written: '/accounts/:account_id/cards/:card_id',
    path: '/ads/12/accounts/:account_id/cards/:card_id',
    sandbox: { serves: 'PUT' },
  },
  ...served(
    B,
    [
      [197, 'GET', '', LICC],
      [198, 'GET', '/:line_item_curated_category_id', `${LICC}/:line_item_curated_category_id`],
      [199, 'POST', '', LICC],
      [200, 'PUT', '/:line_item_curated_category_id', `${LICC}/:line_item_curated_category_id`],
      [201, 'DELETE', '/:line_item_curated_category_id', `${LICC}/:line_item_curated_category_id`],
    ],
    195,
  ),
]

/** Every spec line the table cites (sources and bases), for check:spec. */
export const ENDPOINT_CITATIONS: readonly string[] = [
  ...new Set(ENDPOINTS.flatMap((e) => [e.source, ...(e.base ? [e.base] : [])])),
]
