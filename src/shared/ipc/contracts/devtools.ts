import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { LIMITS } from '../../rules/limits'
import { PLATFORM_TOOL_LIMITS, STREAM_ENDPOINTS } from '../../rules/platformToolLimits'

/**
 * The developer tools that act on the app's streams and webhooks with the app-only bearer token
 * (platform document lines 127 and 130-133): the app's streaming connections, listed and ended
 * (all, one endpoint's, or chosen ones), and a replay of a webhook's deliveries over a window.
 * The bearer-token and webhook-deletion channels are in connect.ts.
 */

const { connections } = PLATFORM_TOOL_LIMITS

export const streamConnectionSchema = z.object({
  /** The connection's UUID, which ending one connection names. */
  id: z.string(),
  endpoint: z.string(),
  /** ISO times as the platform gives them. */
  connectedAt: z.string().optional(),
  disconnectedAt: z.string().optional(),
  disconnectReason: z.string().optional(),
  clientIp: z.string().optional(),
})
export type StreamConnection = z.infer<typeof streamConnectionSchema>

const endTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('endpoint'), endpoint: z.enum(STREAM_ENDPOINTS) }).strict(),
  z
    .object({
      kind: z.literal('ids'),
      ids: z
        .array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'That is not a connection id'))
        .min(connections.uuidsPerRequest.min)
        .max(connections.uuidsPerRequest.max),
    })
    .strict(),
])
export type EndConnectionsTarget = z.infer<typeof endTargetSchema>

export const devtoolsContract = {
  'devtools.connections': {
    request: z.object({ profileId: profileIdSchema, status: z.enum(connections.statuses.values) }).strict(),
    response: z.object({
      connections: z.array(streamConnectionSchema),
      /** More than the first page (connections.maxResults.max) exist. */
      more: z.boolean(),
    }),
  },
  'devtools.endConnections': {
    request: z.object({ profileId: profileIdSchema, target: endTargetSchema }).strict(),
    response: z.object({
      ended: z.number(),
      failed: z.number(),
      /** Connections that could not be ended, with the platform's reason. */
      failures: z.array(z.object({ id: z.string(), message: z.string() })),
    }),
  },
  'devtools.replayWebhook': {
    request: z
      .object({
        profileId: profileIdSchema,
        webhookId: z
          .string()
          .regex(LIMITS.webhook.webhookId.pattern, 'A webhook id is a number of 1 to 19 digits'),
        /** Epoch ms; sent as UTC minutes (rules/webhookReplay.ts). */
        from: z.number().int().nonnegative(),
        to: z.number().int().nonnegative(),
      })
      .strict(),
    response: z.object({ jobId: z.string(), createdAt: z.string().optional() }),
  },
} as const
