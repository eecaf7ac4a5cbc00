import { z } from 'zod'
import { PLATFORM_TOOL_LIMITS, type StreamEndpoint } from '../../shared/rules/platformToolLimits'
import type { ApiHosts } from './hosts'
import type { HttpClient, HttpRequest } from './http'
import { decodeAnswer } from './envelope'

/**
 * The app's streaming connections (platform document lines 130-133: list them; end all, one
 * endpoint's, or chosen ones by UUID). Streaming connection limits surface as a TooManyConnections
 * condition, cleared through these operations (line 189).
 * Shape not shown in the spec; follows the platform's public Stream Connections reference
 * (docs.x.com/x-api/connections): Bearer auth; GET with `status`, `max_results` and
 * `connection.fields`, answering `data[]` and `meta.next_token`; each DELETE answering
 * `data: {successful_kills, failed_kills, results[{uuid, success, error_message}]}`, and
 * DELETE /2/connections taking a JSON body `{uuids: [...]}`.
 */

export interface StreamConnection {
  id: string
  endpoint: string
  connectedAt?: string
  disconnectedAt?: string
  disconnectReason?: string
  clientIp?: string
}

/** Which connections to end: all the app's, one streaming endpoint's, or those named. */
export type EndConnectionsTarget =
  { kind: 'all' } | { kind: 'endpoint'; endpoint: StreamEndpoint } | { kind: 'ids'; ids: string[] }

export interface BearerCall {
  hosts: Pick<ApiHosts, 'apiUrl'>
  bearerToken: string
  http: HttpClient
}

const FIELDS = 'id,endpoint_name,connected_at,disconnected_at,disconnect_reason,client_ip'

const listSchema = z.object({
  data: z
    .array(
      z
        .object({
          id: z.string(),
          endpoint_name: z.string(),
          connected_at: z.string().optional(),
          disconnected_at: z.string().optional(),
          disconnect_reason: z.string().optional(),
          client_ip: z.string().optional(),
        })
        .loose(),
    )
    .optional(),
  meta: z.object({ next_token: z.string().optional() }).loose().optional(),
})

const killSchema = z.object({
  data: z
    .object({
      successful_kills: z.number(),
      failed_kills: z.number(),
      results: z
        .array(
          z.object({ uuid: z.string(), success: z.boolean(), error_message: z.string().optional() }).loose(),
        )
        .optional(),
    })
    .loose(),
})

/** One page (the most the platform gives at once) of the app's connections with this status. */
export async function listStreamConnections(
  call: BearerCall & { status: 'active' | 'inactive' | 'all' },
): Promise<{ connections: StreamConnection[]; more: boolean }> {
  const response = await call.http.send({
    method: 'GET',
    url: `${call.hosts.apiUrl}/2/connections`,
    query: {
      status: call.status,
      max_results: PLATFORM_TOOL_LIMITS.connections.maxResults.max,
      'connection.fields': FIELDS,
    },
    auth: { kind: 'bearer', token: call.bearerToken },
  })
  const answer = decodeAnswer(listSchema, response.json)
  return {
    connections: (answer.data ?? []).map((c) => ({
      id: c.id,
      endpoint: c.endpoint_name,
      ...(c.connected_at ? { connectedAt: c.connected_at } : {}),
      ...(c.disconnected_at ? { disconnectedAt: c.disconnected_at } : {}),
      ...(c.disconnect_reason ? { disconnectReason: c.disconnect_reason } : {}),
      ...(c.client_ip ? { clientIp: c.client_ip } : {}),
    })),
    more: answer.meta?.next_token !== undefined,
  }
}

export interface EndedConnections {
  ended: number
  failed: number
  failures: { id: string; message: string }[]
}

/** Ends all the app's connections, one endpoint's, or the ones named. */
export async function endStreamConnections(
  call: BearerCall & { target: EndConnectionsTarget },
): Promise<EndedConnections> {
  const { target } = call
  const base = `${call.hosts.apiUrl}/2/connections`
  const request: HttpRequest =
    target.kind === 'all'
      ? { method: 'DELETE', url: `${base}/all`, auth: { kind: 'bearer', token: call.bearerToken } }
      : target.kind === 'endpoint'
        ? {
            method: 'DELETE',
            url: `${base}/${encodeURIComponent(target.endpoint)}`,
            auth: { kind: 'bearer', token: call.bearerToken },
          }
        : {
            method: 'DELETE',
            url: base,
            body: { kind: 'json', value: { uuids: target.ids } },
            auth: { kind: 'bearer', token: call.bearerToken },
          }
  const { data } = decodeAnswer(killSchema, (await call.http.send(request)).json)
  return {
    ended: data.successful_kills,
    failed: data.failed_kills,
    failures: (data.results ?? [])
      .filter((result) => !result.success)
      .map((result) => ({
        id: result.uuid,
        message: result.error_message?.trim() || 'The platform could not end this connection',
      })),
  }
}
