import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import { adsUrl, call, formOf, listQuery, segment, type AdsContext, type ListOptions } from './adsRequest'
import type { Envelope } from './envelope'
import { failureFor, type HttpRequest } from './http'

/**
 * One typed function per audience endpoint of spec part A: custom audience user upload,
 * do-not-reach list upload and delete, tailored audience permissions (version 5), and the
 * targeting look-up. Listing audiences and lists is "not shown" in the spec; the app reads
 * them where the platform publicly serves them (GET accounts/:id/custom_audiences and
 * accounts/:id/do_not_reach_lists, the usual list envelope), as the sandbox does.
 */

export const customAudienceSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    description: z.string().nullish(),
    audience_size: z.number().nullish(),
    audience_type: z.string().nullish(),
    targetable: z.boolean().nullish(),
    reasons_not_targetable: z.array(z.string()).nullish(),
    owner_account_id: z.string().nullish(),
    is_owner: z.boolean().nullish(),
    permission_level: z.string().nullish(),
    updated_at: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type RemoteCustomAudience = z.infer<typeof customAudienceSchema>

export const doNotReachListSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    description: z.string().nullish(),
    targetable: z.boolean().nullish(),
    reasons_not_targetable: z.array(z.string()).nullish(),
    list_size: z.number().nullish(),
    updated_at: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type RemoteDoNotReachList = z.infer<typeof doNotReachListSchema>

export const permissionSchema = z
  .object({
    id: z.string(),
    tailored_audience_id: z.string().nullish(),
    granted_account_id: z.string(),
    permission_level: z.string(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    deleted: z.boolean().nullish(),
  })
  .loose()
export type RemotePermission = z.infer<typeof permissionSchema>

export const targetedEntrySchema = z
  .object({
    campaign_id: z.string(),
    campaign_name: z.string().nullish(),
    line_items: z.array(
      z.object({ id: z.string(), name: z.string().nullish(), servable: z.boolean() }).loose(),
    ),
  })
  .loose()
export type TargetedEntry = z.infer<typeof targetedEntrySchema>

const accountUrl = (ctx: AdsContext, accountId: string, path: string) =>
  adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}${path}`)

const permissionsUrl = (ctx: AdsContext, accountId: string, audienceId: string, path = '') =>
  `${ctx.hosts.adsUrl}/5/accounts/${segment(accountId)}/tailored_audiences/${segment(audienceId)}/permissions${path}`

export function listCustomAudiences(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions = {},
): Promise<Envelope<RemoteCustomAudience[]>> {
  return call(ctx, 'GET', accountUrl(ctx, accountId, '/custom_audiences'), z.array(customAudienceSchema), {
    query: listQuery(options),
  })
}

export function listDoNotReachLists(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions = {},
): Promise<Envelope<RemoteDoNotReachList[]>> {
  return call(ctx, 'GET', accountUrl(ctx, accountId, '/do_not_reach_lists'), z.array(doNotReachListSchema), {
    query: listQuery(options),
  })
}

export async function deleteDoNotReachList(
  ctx: AdsContext,
  accountId: string,
  listId: string,
): Promise<RemoteDoNotReachList> {
  return (
    await call(
      ctx,
      'DELETE',
      accountUrl(ctx, accountId, `/do_not_reach_lists/${segment(listId)}`),
      doNotReachListSchema,
    )
  ).data
}

export function listTargeted(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  options: { withActive?: boolean; cursor?: string } = {},
): Promise<Envelope<TargetedEntry[]>> {
  return call(
    ctx,
    'GET',
    accountUrl(ctx, accountId, `/custom_audiences/${segment(audienceId)}/targeted`),
    z.array(targetedEntrySchema),
    { query: { with_active: options.withActive, cursor: options.cursor } },
  )
}

export function listPermissions(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  options: ListOptions & { grantedAccountIds?: string[]; permissionIds?: string[] } = {},
): Promise<Envelope<RemotePermission[]>> {
  return call(ctx, 'GET', permissionsUrl(ctx, accountId, audienceId), z.array(permissionSchema), {
    query: {
      ...listQuery(options),
      granted_account_ids: options.grantedAccountIds,
      tailored_audience_permission_ids: options.permissionIds,
    },
  })
}

export async function grantPermission(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  grant: { grantedAccountId: string; permissionLevel: 'READ_ONLY' | 'READ_WRITE' },
): Promise<RemotePermission> {
  return (
    await call(ctx, 'POST', permissionsUrl(ctx, accountId, audienceId), permissionSchema, {
      body: {
        kind: 'form',
        fields: formOf({
          granted_account_id: grant.grantedAccountId,
          permission_level: grant.permissionLevel,
        }),
      },
    })
  ).data
}

export async function revokePermission(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  permissionId: string,
): Promise<RemotePermission> {
  return (
    await call(
      ctx,
      'DELETE',
      permissionsUrl(ctx, accountId, audienceId, `/${segment(permissionId)}`),
      permissionSchema,
    )
  ).data
}

export interface UploadCounts {
  successCount: number
  totalCount: number
}

const countsSchema = z.object({ success_count: z.number(), total_count: z.number() }).loose()

/**
 * success_count / total_count wherever the answer puts them: `data` as an object (custom
 * audiences), `data` as an array of per-operation counts (the do-not-reach batch endpoint,
 * line 169), or the top level (the spec shows no envelope beyond the two counts, line 165).
 */
export function readUploadCounts(body: unknown): UploadCounts | undefined {
  const root = body as { data?: unknown } | null
  const candidates: unknown[] = []
  if (root && typeof root === 'object') {
    if (Array.isArray(root.data)) {
      const all = root.data.map((entry) => countsSchema.safeParse(entry))
      if (all.length > 0 && all.every((entry) => entry.success)) {
        return all.reduce(
          (sum, entry) => ({
            successCount: sum.successCount + (entry.data?.success_count ?? 0),
            totalCount: sum.totalCount + (entry.data?.total_count ?? 0),
          }),
          { successCount: 0, totalCount: 0 },
        )
      }
    } else candidates.push(root.data)
    candidates.push(root)
  }
  for (const candidate of candidates) {
    const parsed = countsSchema.safeParse(candidate)
    if (parsed.success)
      return { successCount: parsed.data.success_count, totalCount: parsed.data.total_count }
  }
  return undefined
}

/** The first item-level failure (`operation_errors`, index = position in the request), for people. */
export function firstOperationError(body: unknown): { index: number; message: string } | undefined {
  const list = (body as { operation_errors?: unknown } | null)?.operation_errors
  if (!Array.isArray(list)) return undefined
  for (const entry of list) {
    const record = entry as { index?: unknown; message?: unknown; detail?: unknown } | null
    if (!record) continue
    const message =
      typeof record.message === 'string'
        ? record.message
        : typeof record.detail === 'string'
          ? record.detail
          : undefined
    return {
      index: typeof record.index === 'number' ? record.index : -1,
      message: (message ?? 'refused').slice(0, 200),
    }
  }
  return undefined
}

/**
 * Sends one chunk (a JSON array of operations built by the hashing worker) to a custom
 * audience or a do-not-reach list. A batch succeeds or fails as a whole (line 165).
 */
export async function uploadUsers(
  ctx: AdsContext,
  accountId: string,
  target: { kind: 'custom_audience' | 'do_not_reach_list'; id: string },
  body: string,
): Promise<UploadCounts> {
  const url =
    target.kind === 'custom_audience'
      ? accountUrl(ctx, accountId, `/custom_audiences/${segment(target.id)}/users`)
      : adsUrl(
          ctx.hosts.adsUrl,
          `/batch/accounts/${segment(accountId)}/do_not_reach_lists/${segment(target.id)}/users`,
        )
  const request: HttpRequest = {
    method: 'POST',
    url,
    body: { kind: 'jsonText', text: body },
    auth: { kind: 'oauth1', credentials: ctx.credentials },
  }
  const response = await ctx.http.exchange(request)
  if (response.status < 200 || response.status >= 300) {
    const failure = failureFor(request, response)
    const item = firstOperationError(response.json)
    if (item && failure.code === 'invalid_request')
      throw new AppFailure(
        appError(
          'invalid_request',
          `The platform refused item ${item.index + 1} of this request: ${item.message}`,
        ),
      )
    throw failure
  }
  const counts = readUploadCounts(response.json)
  if (!counts)
    throw new AppFailure(
      appError('unexpected_response', 'The platform’s answer to an upload has no success_count'),
    )
  return counts
}
