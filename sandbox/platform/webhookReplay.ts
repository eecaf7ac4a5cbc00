import type { Route } from '../context'
import { json } from '../http'
import { longId } from '../state'
import { authenticateBearer } from './bearerAuth'
import { invalidRequest, problem } from './problems'

/**
 * POST /2/webhooks/replay (platform document line 127, "consolidated replay endpoint", which
 * replaced the account-activity replay on 2026-03-25, line 218): queues a replay of what was
 * delivered, or attempted, to one of the app's webhooks over a window. The sandbox delivers no
 * webhook events, so it records the job and delivers nothing.
 * Shape not shown in the spec; follows the platform's public reference
 * (docs.x.com/x-api/webhooks/create-replay-job-for-webhook): Bearer auth; a JSON body with
 * `webhook_id` (^[0-9]{1,19}$), `from_date` and `to_date` (UTC minutes, ^[0-9]{12}$), the start
 * within the past 24 hours, the end after the start, neither in the future; 200 with
 * `{created_at, job_id}`.
 */

const WINDOW_MS = 24 * 3_600_000
const MINUTE_MS = 60_000

/** yyyymmddhhmm as epoch ms, or NaN when it is not a real UTC minute. */
function minuteOf(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value)
  if (!m) return NaN
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number]
  const ms = Date.UTC(year, month - 1, day, hour, minute)
  const back = new Date(ms)
  return back.getUTCMonth() === month - 1 && back.getUTCDate() === day && hour < 24 && minute < 60 ? ms : NaN
}

export const webhookReplayRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/2/webhooks/replay',
    handler: (ctx, rt) => {
      const app = authenticateBearer(ctx, rt)
      const body = (ctx.json ?? {}) as Record<string, unknown>
      const issues: { parameter: string; detail: string }[] = []
      const text = (name: string): string => {
        const value = body[name]
        if (typeof value !== 'string') {
          issues.push({ parameter: name, detail: `${name} is required` })
          return ''
        }
        return value
      }
      const webhookId = text('webhook_id')
      const fromDate = text('from_date')
      const toDate = text('to_date')
      if (webhookId && !/^[0-9]{1,19}$/.test(webhookId))
        issues.push({ parameter: 'webhook_id', detail: 'webhook_id must match ^[0-9]{1,19}$' })
      const from = minuteOf(fromDate)
      const to = minuteOf(toDate)
      const nowMinute = Math.floor(ctx.now / MINUTE_MS) * MINUTE_MS
      if (fromDate && Number.isNaN(from))
        issues.push({ parameter: 'from_date', detail: 'from_date must be a UTC time as yyyymmddhhmm' })
      if (toDate && Number.isNaN(to))
        issues.push({ parameter: 'to_date', detail: 'to_date must be a UTC time as yyyymmddhhmm' })
      if (from > nowMinute) issues.push({ parameter: 'from_date', detail: 'from_date is in the future' })
      else if (from < nowMinute - WINDOW_MS)
        issues.push({ parameter: 'from_date', detail: 'from_date must be within the past 24 hours' })
      if (to > nowMinute) issues.push({ parameter: 'to_date', detail: 'to_date is in the future' })
      else if (to <= from) issues.push({ parameter: 'to_date', detail: 'to_date must be after from_date' })
      if (issues.length > 0) throw invalidRequest(issues)

      const webhook = rt.state.webhooks.find(
        (w) => w.id === webhookId && w.consumerKey === app.consumerKey && !w.deleted,
      )
      if (!webhook)
        throw problem(
          404,
          'resource-not-found',
          'Not Found Error',
          `Could not find webhook with id: [${webhookId}]`,
        )
      const job = {
        jobId: longId(rt.state),
        webhookId,
        consumerKey: app.consumerKey,
        fromDate,
        toDate,
        createdAt: new Date(ctx.now).toISOString(),
      }
      rt.state.webhookReplays.push(job)
      return json(200, { created_at: job.createdAt, job_id: job.jobId })
    },
  },
]
