import { applyRateLimit } from '../auth'
import type { Route } from '../context'
import { ReplyError, json, legacyError } from '../http'
import { bearerMatches } from './credentials'
import { problem } from './problems'

export const webhookRoutes: Route[] = [
  {
    method: 'DELETE',
    pattern: '/2/webhooks/:webhook_id',
    handler: (ctx, rt) => {
      const presented = /^Bearer\s+(\S+)$/i.exec(ctx.headers.authorization ?? '')?.[1]
      if (!presented) {
        // The newer API answers a missing credential with a bare problem object.
        throw new ReplyError(
          json(
            401,
            { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
            'application/problem+json',
          ),
        )
      }
      const bearer = rt.state.bearerTokens.find((t) => bearerMatches(t.token, presented))
      if (!bearer || bearer.invalidated) throw legacyError(401, 89, 'Invalid or expired token.')
      applyRateLimit(ctx, rt, `bearer:${bearer.consumerKey}`, 'legacy')
      const id = ctx.params.webhook_id ?? ''
      if (!/^[0-9]{1,19}$/.test(id)) {
        throw problem(
          400,
          'invalid-request',
          'Invalid Request',
          `webhook_id must match ^[0-9]{1,19}$ (got ${JSON.stringify(id)})`,
        )
      }
      const webhook = rt.state.webhooks.find(
        (w) => w.id === id && w.consumerKey === bearer.consumerKey && !w.deleted,
      )
      if (!webhook)
        throw problem(404, 'resource-not-found', 'Not Found Error', `Could not find webhook with id: [${id}]`)
      webhook.deleted = true
      return json(200, { data: { deleted: true } })
    },
  },
]
