import type { Route } from '../context'
import { json } from '../http'
import { authenticateBearer } from './bearerAuth'
import { problem } from './problems'

export const webhookRoutes: Route[] = [
  {
    method: 'DELETE',
    pattern: '/2/webhooks/:webhook_id',
    handler: (ctx, rt) => {
      const app = authenticateBearer(ctx, rt)
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
        (w) => w.id === id && w.consumerKey === app.consumerKey && !w.deleted,
      )
      if (!webhook)
        throw problem(404, 'resource-not-found', 'Not Found Error', `Could not find webhook with id: [${id}]`)
      webhook.deleted = true
      return json(200, { data: { deleted: true } })
    },
  },
]
