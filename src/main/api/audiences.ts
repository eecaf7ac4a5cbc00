import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import type { AdsContext, ListOptions } from './adsRequest'
import {
  accountList,
  accountUrl,
  adsUrl,
  callData,
  getList,
  listQuery,
  postForm,
  segment,
} from './adsRequest'
import { optionalText, platformObject } from './objectSchemas'
import type { Envelope } from './envelope'
import { failureFor, type HttpRequest } from './http'

/**
 * One typed function per audience endpoint of spec part A: custom audience user upload,
 * do-not-reach list upload and delete, tailored audience permissions (version 5), and the
 * targeting look-up. Listing audiences and lists is "not shown" in the spec; the app reads
 * them where the platform publicly serves them (GET accounts/:id/custom_audiences and
 * accounts/:id/do_not_reach_lists, the usual list envelope), as the sandbox does.
 */

/** Whether ads can target an audience or a do-not-reach list yet, and why not. */
const targetableFields = {
  targetable: z.boolean().nullish(),
  reasons_not_targetable: z.array(z.string()).nullish(),
}

export const customAudienceSchema = platformObject({
  ...optionalText(
    'name',
    'description',
    'audience_type',
    'owner_account_id',
    'permission_level',
    'updated_at',
  ),
  audience_size: z.number().nullish(),
  ...targetableFields,
  is_owner: z.boolean().nullish(),
})
export type RemoteCustomAudience = z.infer<typeof customAudienceSchema>

export const doNotReachListSchema = platformObject({
  ...optionalText('name', 'description', 'updated_at'),
  ...targetableFields,
  list_size: z.number().nullish(),
})
export type RemoteDoNotReachList = z.infer<typeof doNotReachListSchema>

export const permissionSchema = platformObject({
  ...optionalText('tailored_audience_id', 'created_at', 'updated_at'),
  granted_account_id: z.string(),
  permission_level: z.string(),
  deleted: z.boolean().nullish(),
})
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

/** Tailored audience permissions are version 5 of the ads API. */
const permissionsUrl = (ctx: AdsContext, accountId: string, audienceId: string, path = '') =>
  `${ctx.hosts.adsUrl}/5/accounts/${segment(accountId)}/tailored_audiences/${segment(audienceId)}/permissions${path}`

export const listCustomAudiences = accountList('/custom_audiences', customAudienceSchema)

export const listDoNotReachLists = accountList('/do_not_reach_lists', doNotReachListSchema)

export function deleteDoNotReachList(
  ctx: AdsContext,
  accountId: string,
  listId: string,
): Promise<RemoteDoNotReachList> {
  const url = accountUrl(ctx, accountId, `/do_not_reach_lists/${segment(listId)}`)
  return callData(ctx, 'DELETE', url, doNotReachListSchema)
}

export function listTargeted(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  options: { withActive?: boolean; cursor?: string } = {},
): Promise<Envelope<TargetedEntry[]>> {
  const url = accountUrl(ctx, accountId, `/custom_audiences/${segment(audienceId)}/targeted`)
  return getList(ctx, url, targetedEntrySchema, { with_active: options.withActive, cursor: options.cursor })
}

export function listPermissions(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  options: ListOptions & { grantedAccountIds?: string[]; permissionIds?: string[] } = {},
): Promise<Envelope<RemotePermission[]>> {
  return getList(ctx, permissionsUrl(ctx, accountId, audienceId), permissionSchema, {
    ...listQuery(options),
    granted_account_ids: options.grantedAccountIds,
    tailored_audience_permission_ids: options.permissionIds,
  })
}

export function grantPermission(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  grant: { grantedAccountId: string; permissionLevel: 'READ_ONLY' | 'READ_WRITE' },
): Promise<RemotePermission> {
  return postForm(ctx, permissionsUrl(ctx, accountId, audienceId), permissionSchema, {
    granted_account_id: grant.grantedAccountId,
    permission_level: grant.permissionLevel,
  })
}

export function revokePermission(
  ctx: AdsContext,
  accountId: string,
  audienceId: string,
  permissionId: string,
): Promise<RemotePermission> {
  const url = permissionsUrl(ctx, accountId, audienceId, `/${segment(permissionId)}`)
  return callData(ctx, 'DELETE', url, permissionSchema)
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
