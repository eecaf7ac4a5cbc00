import { z } from 'zod'
import { accountSchema } from './ads'
import {
  adsUrl,
  call,
  formOf,
  listQuery,
  segment,
  single,
  type AdsContext,
  type ListOptions,
} from './adsRequest'
import type { Envelope } from './envelope'

/**
 * The account side of part B besides creatives: account settings, sandbox accounts and
 * features, account apps, account media, account history and advertiser business categories.
 */

export const accountDetailsSchema = accountSchema.extend({
  business_name: z.string().nullish(),
  timezone: z.string().nullish(),
  industry_type: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
})
export type AccountDetails = z.infer<typeof accountDetailsSchema>

export const accountAppSchema = z
  .object({
    id: z.string(),
    app_store_identifier: z.string(),
    os_type: z.string().nullish(),
    deep_link_pattern: z.string().nullish(),
    conversion_tracking_enabled: z.boolean().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type AccountApp = z.infer<typeof accountAppSchema>

export const accountMediaSchema = z
  .object({
    id: z.string(),
    video_id: z.string().nullish(),
    media_url: z.string().nullish(),
    creative_type: z.string(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type AccountMedia = z.infer<typeof accountMediaSchema>

export const historyEntrySchema = z
  .object({
    change_time: z.string(),
    change_type: z.string(),
    change_by: z
      .object({ user_id: z.union([z.string(), z.number()]).nullish(), platform: z.string().nullish() })
      .loose()
      .nullish(),
    changes: z.unknown().optional(),
    entity: z.string().nullish(),
    entity_id: z.string().nullish(),
    entity_data: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose()
export type HistoryEntry = z.infer<typeof historyEntrySchema>

export const businessCategorySchema = z
  .object({ id: z.string(), name: z.string(), iab_categories: z.array(z.string()) })
  .loose()
export type BusinessCategory = z.infer<typeof businessCategorySchema>

const accountPath = (ctx: AdsContext, accountId: string, rest = '') =>
  adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}${rest}`)

// Accounts

export async function getAccountDetails(ctx: AdsContext, accountId: string): Promise<AccountDetails> {
  return (await call(ctx, 'GET', accountPath(ctx, accountId), single(accountDetailsSchema))).data
}

/** PUT accounts/:account_id: name and industry_type. */
export async function updateAccount(
  ctx: AdsContext,
  accountId: string,
  input: { name?: string; industryType?: string },
): Promise<AccountDetails> {
  const query = { name: input.name, industry_type: input.industryType }
  return (await call(ctx, 'PUT', accountPath(ctx, accountId), single(accountDetailsSchema), { query })).data
}

/** DELETE {ads_sandbox_url}/12/accounts/:account_id: sandbox only. */
export async function deleteSandboxAccount(ctx: AdsContext, accountId: string): Promise<AccountDetails> {
  const url = adsUrl(ctx.hosts.adsSandboxUrl, `/accounts/${segment(accountId)}`)
  return (await call(ctx, 'DELETE', url, single(accountDetailsSchema))).data
}

/**
 * POST {ads_sandbox_url}/12/accounts/:account_id/features. Its response body is not shown:
 * the feature keys are read when the answer is an array of strings (as the GET returns them),
 * and otherwise the caller reads the features again.
 */
export async function addSandboxFeatures(
  ctx: AdsContext,
  accountId: string,
  featureKeys: readonly string[],
): Promise<string[] | undefined> {
  const url = adsUrl(ctx.hosts.adsSandboxUrl, `/accounts/${segment(accountId)}/features`)
  const fields = formOf({ feature_keys: featureKeys })
  const answer = await call(ctx, 'POST', url, z.unknown(), { body: { kind: 'form', fields } })
  const keys = z.array(z.string()).safeParse(answer.data)
  return keys.success ? keys.data : undefined
}

export function listAccountApps(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions = {},
): Promise<Envelope<AccountApp[]>> {
  return call(ctx, 'GET', accountPath(ctx, accountId, '/account_apps'), z.array(accountAppSchema), {
    query: listQuery(options),
  })
}

/** GET accounts/:account_id/account_history (beta, allowlisted). Times are whole hours. */
export function getAccountHistory(
  ctx: AdsContext,
  accountId: string,
  input: {
    entityType: string
    entityId: string
    startTime: string
    endTime: string
    userId?: string
    count?: number
    cursor?: string
  },
): Promise<Envelope<HistoryEntry[]>> {
  return call(ctx, 'GET', accountPath(ctx, accountId, '/account_history'), z.array(historyEntrySchema), {
    query: {
      entity_type: input.entityType,
      entity_id: input.entityId,
      start_time: input.startTime,
      end_time: input.endTime,
      user_id: input.userId,
      count: input.count,
      cursor: input.cursor,
    },
  })
}

/** GET advertiser_business_categories: no parameters, no account. */
export async function listAdvertiserBusinessCategories(ctx: AdsContext): Promise<BusinessCategory[]> {
  const url = adsUrl(ctx.hosts.adsUrl, '/advertiser_business_categories')
  return (await call(ctx, 'GET', url, z.array(businessCategorySchema))).data
}

// Account media

export function listAccountMedia(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { accountMediaIds?: string[]; creativeTypes?: string[] } = {},
): Promise<Envelope<AccountMedia[]>> {
  return call(ctx, 'GET', accountPath(ctx, accountId, '/account_media'), z.array(accountMediaSchema), {
    query: {
      ...listQuery(options),
      account_media_ids: options.accountMediaIds,
      creative_types: options.creativeTypes,
    },
  })
}

export async function getAccountMedia(
  ctx: AdsContext,
  accountId: string,
  accountMediaId: string,
  options: { withDeleted?: boolean } = {},
): Promise<AccountMedia> {
  const url = accountPath(ctx, accountId, `/account_media/${segment(accountMediaId)}`)
  return (
    await call(ctx, 'GET', url, single(accountMediaSchema), { query: { with_deleted: options.withDeleted } })
  ).data
}

export async function deleteAccountMedia(
  ctx: AdsContext,
  accountId: string,
  accountMediaId: string,
): Promise<AccountMedia> {
  const url = accountPath(ctx, accountId, `/account_media/${segment(accountMediaId)}`)
  return (await call(ctx, 'DELETE', url, single(accountMediaSchema))).data
}
