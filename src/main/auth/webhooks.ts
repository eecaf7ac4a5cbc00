import { AppFailure, appError } from '../../shared/errors'
import type { AppError } from '../../shared/errors'
import type { ApiHosts } from '../api/hosts'
import { createHttpClient, failureFor } from '../api/http'
import type { HttpClient, HttpRequest } from '../api/http'
import { MESSAGES, redact } from '../api/errors'

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
