import { firstValue } from '../context'
import type { Route } from '../context'
import { json } from '../http'
import type { SandboxState, StreamConnection } from '../state'
import { isoSeconds } from '../state'
import { authenticateBearer } from './bearerAuth'
import { invalidRequest } from './problems'

/**
 * The apps' streaming connections (platform document lines 130-133): GET /2/connections lists
 * them, DELETE /2/connections/all ends every active one, DELETE /2/connections/{endpoint_id} those
 * of one streaming endpoint, DELETE /2/connections those named by UUID. The spec ties them to the
 * TooManyConnections condition (line 189), "cleared through the connections operations"; the
 * sandbox has no streams, so its connections are seeded and only listed and ended here.
 * Shape not shown in the spec; follows the platform's public Stream Connections reference
 * (docs.x.com/x-api/connections): Bearer auth; GET takes `status` (active, the default;
 * inactive; all), `endpoints`, `max_results` (1 to 100, default 10), `pagination_token` and
 * `connection.fields`, and answers `data[]` with `meta.result_count` and `meta.next_token`; each
 * DELETE answers `data: {successful_kills, failed_kills, results[{uuid, success, error_message}]}`;
 * DELETE /2/connections takes `{uuids: [...]}` (1 to 100). Without `connection.fields` a
 * connection shows the fields of the reference's example (no `id`). Endpoint names are the
 * reference's, with the spec's neutral word for the brand's post term (part B line 5).
 */

const ENDPOINT_NAMES = [
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
]
const CONNECTION_FIELDS = [
  'client_ip',
  'connected_at',
  'disconnect_reason',
  'disconnected_at',
  'endpoint_name',
  'id',
]
const DEFAULT_FIELDS = ['connected_at', 'endpoint_name', 'client_ip', 'disconnect_reason', 'disconnected_at']
const MAX_RESULTS = { min: 1, max: 100, default: 10 }
const UUIDS = { min: 1, max: 100 }

function present(connection: StreamConnection, fields: readonly string[]): Record<string, string> {
  const all: Record<string, string | undefined> = {
    id: connection.id,
    endpoint_name: connection.endpoint,
    client_ip: connection.clientIp,
    connected_at: connection.connectedAt,
    disconnected_at: connection.disconnectedAt,
    disconnect_reason: connection.disconnectReason,
  }
  const shown: Record<string, string> = {}
  for (const field of fields) {
    const value = all[field]
    if (value !== undefined) shown[field] = value
  }
  return shown
}

function listOf(raw: string | undefined): string[] {
  return raw === undefined
    ? []
    : raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
}

/** Ends the active connections given; an unknown or already ended UUID is a failed kill. */
function kill(consumerKey: string, targets: { uuid: string; connection?: StreamConnection }[], now: number) {
  const results = targets.map(({ uuid, connection }) => {
    if (!connection || connection.consumerKey !== consumerKey)
      return { uuid, success: false, error_message: 'Connection not found' }
    if (connection.disconnectedAt) return { uuid, success: false, error_message: 'Connection already ended' }
    connection.disconnectedAt = isoSeconds(now)
    connection.disconnectReason = 'operator_disconnect'
    return { uuid, success: true, error_message: '' }
  })
  const successful = results.filter((r) => r.success).length
  return json(200, {
    data: { successful_kills: successful, failed_kills: results.length - successful, results },
  })
}

function activeOf(state: SandboxState, consumerKey: string, endpoint?: string): StreamConnection[] {
  return state.streamConnections.filter(
    (c) =>
      c.consumerKey === consumerKey &&
      !c.disconnectedAt &&
      (endpoint === undefined || c.endpoint === endpoint),
  )
}

export const streamConnectionRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/2/connections',
    handler: (ctx, rt) => {
      const app = authenticateBearer(ctx, rt)
      const issues: { parameter: string; detail: string }[] = []
      const status = firstValue(ctx.query, 'status') ?? 'active'
      if (!['active', 'inactive', 'all'].includes(status))
        issues.push({ parameter: 'status', detail: `status must be active, inactive or all (got ${status})` })
      const endpoints = listOf(firstValue(ctx.query, 'endpoints'))
      for (const name of endpoints)
        if (!ENDPOINT_NAMES.includes(name))
          issues.push({ parameter: 'endpoints', detail: `${name} is not a streaming endpoint` })
      const rawMax = firstValue(ctx.query, 'max_results')
      const max = rawMax === undefined ? MAX_RESULTS.default : Number(rawMax)
      if (!Number.isInteger(max) || max < MAX_RESULTS.min || max > MAX_RESULTS.max)
        issues.push({
          parameter: 'max_results',
          detail: `max_results must be a whole number from ${MAX_RESULTS.min} to ${MAX_RESULTS.max}`,
        })
      const rawFields = firstValue(ctx.query, 'connection.fields')
      const fields = rawFields === undefined ? DEFAULT_FIELDS : listOf(rawFields)
      for (const field of fields)
        if (!CONNECTION_FIELDS.includes(field))
          issues.push({ parameter: 'connection.fields', detail: `${field} is not a connection field` })
      const token = firstValue(ctx.query, 'pagination_token')
      const start = token === undefined ? 0 : /^\d{1,6}$/.test(token) ? Number(token) : -1
      if (start < 0)
        issues.push({ parameter: 'pagination_token', detail: 'pagination_token is not one this list gave' })
      if (issues.length > 0) throw invalidRequest(issues)

      const matching = rt.state.streamConnections.filter(
        (c) =>
          c.consumerKey === app.consumerKey &&
          (status === 'all' || (status === 'active') === !c.disconnectedAt) &&
          (endpoints.length === 0 || endpoints.includes(c.endpoint)),
      )
      const page = matching.slice(start, start + max)
      const next = start + max < matching.length ? String(start + max) : undefined
      return json(200, {
        ...(page.length > 0 ? { data: page.map((c) => present(c, fields)) } : {}),
        meta: { result_count: page.length, ...(next ? { next_token: next } : {}) },
      })
    },
  },
  // Before the `:endpoint_id` route, so `all` is not read as an endpoint.
  {
    method: 'DELETE',
    pattern: '/2/connections/all',
    handler: (ctx, rt) => {
      const app = authenticateBearer(ctx, rt)
      const targets = activeOf(rt.state, app.consumerKey).map((connection) => ({
        uuid: connection.id,
        connection,
      }))
      return kill(app.consumerKey, targets, ctx.now)
    },
  },
  {
    method: 'DELETE',
    pattern: '/2/connections/:endpoint_id',
    handler: (ctx, rt) => {
      const app = authenticateBearer(ctx, rt)
      const endpoint = ctx.params.endpoint_id ?? ''
      if (!ENDPOINT_NAMES.includes(endpoint))
        throw invalidRequest([
          { parameter: 'endpoint_id', detail: `${endpoint} is not a streaming endpoint` },
        ])
      const targets = activeOf(rt.state, app.consumerKey, endpoint).map((connection) => ({
        uuid: connection.id,
        connection,
      }))
      return kill(app.consumerKey, targets, ctx.now)
    },
  },
  {
    method: 'DELETE',
    pattern: '/2/connections',
    handler: (ctx, rt) => {
      const app = authenticateBearer(ctx, rt)
      const uuids = (ctx.json as { uuids?: unknown } | undefined)?.uuids
      if (
        !Array.isArray(uuids) ||
        uuids.length < UUIDS.min ||
        uuids.length > UUIDS.max ||
        !uuids.every((u) => typeof u === 'string' && u !== '')
      )
        throw invalidRequest([
          {
            parameter: 'uuids',
            detail: `uuids must be a JSON list of ${UUIDS.min} to ${UUIDS.max} connection UUIDs`,
          },
        ])
      const targets = [...new Set(uuids as string[])].map((uuid) => {
        const connection = rt.state.streamConnections.find((c) => c.id === uuid)
        return connection ? { uuid, connection } : { uuid }
      })
      return kill(app.consumerKey, targets, ctx.now)
    },
  },
]

/** The demo app's connections: two filtered streams open at once (the TooManyConnections case), a sample stream, and one ended earlier. */
export function seedStreamConnections(state: SandboxState, consumerKey: string, stampMs: number): void {
  const at = (minutes: number) => isoSeconds(stampMs + minutes * 60_000)
  const connection = (
    n: number,
    endpoint: string,
    ip: string,
    started: number,
    ended?: [number, string],
  ) => ({
    id: `5f0c7a2e-3b1d-4e8a-9c6f-0000000000${String(n).padStart(2, '0')}`,
    consumerKey,
    endpoint,
    clientIp: ip,
    connectedAt: at(started),
    ...(ended ? { disconnectedAt: at(ended[0]), disconnectReason: ended[1] } : {}),
  })
  state.streamConnections.push(
    connection(1, 'filtered_stream', '203.0.113.10', 0),
    connection(2, 'filtered_stream', '203.0.113.24', 5),
    connection(3, 'sample_stream', '203.0.113.10', 8),
    connection(4, 'filtered_stream', '198.51.100.7', -120, [-30, 'client_closed_connection']),
  )
}
