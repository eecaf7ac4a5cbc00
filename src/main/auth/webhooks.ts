import { z } from 'zod'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import type { AppError } from '../../shared/errors'
import type { ApiHosts } from '../api/hosts'
import { createHttpClient, failureFor } from '../api/http'
import type { HttpClient, HttpRequest } from '../api/http'
import { MESSAGES, redact } from '../api/errors'
import { replayDate, replayWindowProblem } from '../../shared/rules/webhookReplay'

export const WEBHOOK_ID_PATTERN = /^[0-9]{1,19}$/

/** What the server said went wrong: an RFC 7807 problem object or a legacy {code, message}. */
export interface Problem {
  title?: string
  type?: string
  detail?: string
  status?: number
  code?: number
  message?: string
}

export type WebhookDeleteResult =
  { ok: true; deleted: boolean } | { ok: false; problem: Problem; error: AppError }

function pickProblem(value: unknown, secrets: readonly string[]): Problem | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const source = value as Record<string, unknown>
  const problem: Problem = {}
  for (const key of ['title', 'type', 'detail', 'message'] as const) {
    if (typeof source[key] === 'string') problem[key] = redact(source[key], secrets)
  }
  for (const key of ['status', 'code'] as const) {
    if (typeof source[key] === 'number') problem[key] = source[key]
  }
  return Object.keys(problem).length > 0 ? problem : undefined
}

function problemIn(body: unknown, secrets: readonly string[]): Problem | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const errors = (body as { errors?: unknown }).errors
  if (Array.isArray(errors)) return pickProblem(errors[0], secrets)
  return pickProblem(body, secrets)
}

export async function deleteWebhook(input: {
  hosts: Pick<ApiHosts, 'apiUrl'>
  bearerToken: string
  webhookId: string
  http?: HttpClient
}): Promise<WebhookDeleteResult> {
  const webhookId = input.webhookId.trim()
  // Checked before anything is sent: the id becomes part of the path.
  if (!WEBHOOK_ID_PATTERN.test(webhookId)) {
    throw new AppFailure(
      appError('invalid_input', 'A webhook id is a number of 1 to 19 digits', { field: 'webhook_id' }),
    )
  }
  const http = input.http ?? createHttpClient()
  const request: HttpRequest = {
    method: 'DELETE',
    url: `${input.hosts.apiUrl}/2/webhooks/${webhookId}`,
    auth: { kind: 'bearer', token: input.bearerToken },
  }
  const response = await http.exchange(request)
  const body = response.json as { data?: { deleted?: unknown } } | undefined
  const problem = problemIn(response.json, [input.bearerToken])
  if (response.status >= 200 && response.status < 300) {
    if (typeof body?.data?.deleted === 'boolean') return { ok: true, deleted: body.data.deleted }
    if (problem)
      return {
        ok: false,
        problem,
        error: appError('request_failed', problem.detail ?? problem.title ?? MESSAGES.request_failed),
      }
    throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
  }
  const error = failureFor(request, response).toAppError()
  return { ok: false, problem: problem ?? { status: response.status }, error }
}

/**
 * POST /2/webhooks/replay (platform document line 127, "consolidated replay endpoint"): asks the
 * platform to deliver again what it delivered, or tried to, to a webhook over a window.
 * Shape not shown in the spec; follows the platform's public reference
 * (docs.x.com/x-api/webhooks/create-replay-job-for-webhook): Bearer auth, a JSON body
 * `{webhook_id, from_date, to_date}` in UTC minutes (yyyymmddhhmm), the start within the past 24
 * hours, answering `{job_id, created_at}` (read at the top level, or under `data` as some of the
 * platform's own examples show it).
 */
const replaySchema = z.object({ job_id: z.string(), created_at: z.string().optional() }).loose()

export async function replayWebhook(input: {
  hosts: Pick<ApiHosts, 'apiUrl'>
  bearerToken: string
  webhookId: string
  from: number
  to: number
  http?: HttpClient
  now?: number
}): Promise<{ jobId: string; createdAt?: string }> {
  const webhookId = input.webhookId.trim()
  if (!WEBHOOK_ID_PATTERN.test(webhookId))
    throw new AppFailure(
      appError('invalid_input', 'A webhook id is a number of 1 to 19 digits', { field: 'webhook_id' }),
    )
  const problem = replayWindowProblem(input.from, input.to, input.now ?? Date.now())
  if (problem) throw new AppFailure(appError('invalid_input', problem.message, { field: problem.field }))
  const http = input.http ?? createHttpClient()
  const response = await http
    .send({
      method: 'POST',
      url: `${input.hosts.apiUrl}/2/webhooks/replay`,
      body: {
        kind: 'json',
        value: { webhook_id: webhookId, from_date: replayDate(input.from), to_date: replayDate(input.to) },
      },
      auth: { kind: 'bearer', token: input.bearerToken },
    })
    .catch((error: unknown) => {
      if (isAppFailure(error) && error.code === 'not_found')
        throw new AppFailure(
          appError(
            'not_found',
            `This app has no webhook ${webhookId} — check the id in the developer dashboard`,
            { field: 'webhook_id' },
          ),
        )
      throw error
    })
  const body = response.json as { data?: unknown } | undefined
  const answer = replaySchema.safeParse(body?.data ?? body)
  if (!answer.success) throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
  return {
    jobId: answer.data.job_id,
    ...(answer.data.created_at ? { createdAt: answer.data.created_at } : {}),
  }
}
