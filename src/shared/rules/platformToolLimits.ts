// Bounds of the release-history endpoints the app reaches (platform document lines 127 and
// 130-135): streaming connections, webhook replay and news. The spec names these endpoints but
// shows no parameters ("Other webhook operations and the shapes of the endpoints named in this
// table: not shown", line 143), so every value here comes from the platform's public reference,
// named in its source. The sandbox reads the same public pages on its own (sandbox/platform).

import type { EnumLimit, ListCountLimit, PatternLimit, RangeLimit, ValueLimit } from './limits'

const CONNECTIONS = 'not in spec: https://docs.x.com/x-api/connections/get-connection-history'
const TERMINATE = 'not in spec: https://docs.x.com/x-api/connections/terminate-multiple-connections'
const BY_ENDPOINT = 'not in spec: https://docs.x.com/x-api/connections/terminate-connections-by-endpoint'
const REPLAY = 'not in spec: https://docs.x.com/x-api/webhooks/create-replay-job-for-webhook'
const NEWS = 'not in spec: https://docs.x.com/x-api/news/search-news'

/**
 * The streaming endpoints a connection belongs to, as the public reference lists them, with the
 * spec's neutral word for the brand's post term (part B line 5; the platform document writes
 * /2/posts/search/stream/rules for the same reason): `posts_compliance_stream`, `post_label_stream`.
 */
export const STREAM_ENDPOINTS = [
  'filtered_stream',
  'sample_stream',
  'sample10_stream',
  'firehose_stream',
  'posts_compliance_stream',
  'users_compliance_stream',
  'post_label_stream',
  'firehose_stream_lang_en',
  'firehose_stream_lang_ja',
  'firehose_stream_lang_ko',
  'firehose_stream_lang_pt',
  'likes_firehose_stream',
  'likes_sample10_stream',
  'likes_compliance_stream',
] as const
export type StreamEndpoint = (typeof STREAM_ENDPOINTS)[number]

export const PLATFORM_TOOL_LIMITS = {
  connections: {
    endpoints: { values: STREAM_ENDPOINTS, source: BY_ENDPOINT } as EnumLimit<StreamEndpoint>,
    statuses: { values: ['active', 'inactive', 'all'], source: CONNECTIONS } as EnumLimit<
      'active' | 'inactive' | 'all'
    >,
    maxResults: { min: 1, max: 100, default: 10, source: CONNECTIONS } as ListCountLimit,
    /** Connection UUIDs one DELETE /2/connections may end. */
    uuidsPerRequest: { min: 1, max: 100, source: TERMINATE } as RangeLimit,
  },
  webhookReplay: {
    /** UTC minutes, yyyymmddhhmm. */
    date: { pattern: /^[0-9]{12}$/, source: REPLAY } as PatternLimit,
    /** Events from up to the past 24 hours can be replayed. */
    windowHours: { value: 24, source: REPLAY } satisfies ValueLimit,
  },
  news: {
    query: { min: 1, max: 2048, source: NEWS } as RangeLimit,
    maxResults: { min: 1, max: 100, default: 10, source: NEWS } as ListCountLimit,
    maxAgeHours: { min: 1, max: 720, default: 168, source: NEWS } as ListCountLimit,
  },
} as const
