import { z } from 'zod'
import { accountSchema } from './ads'
import type { AdsContext, ListOptions } from './adsRequest'
import {
  accountCollection,
  accountUrl,
  adsUrl,
  callData,
  getList,
  postForm,
  segment,
  single,
} from './adsRequest'
import { optionalText, platformObject } from './objectSchemas'
import type { Envelope } from './envelope'

/**
 * The account side of part B besides creatives: account settings, sandbox accounts and
 * features, account apps, account media, account history and advertiser business categories.
 */

export const accountDetailsSchema = accountSchema.extend(
  optionalText('business_name', 'timezone', 'industry_type', 'created_at', 'updated_at'),
)
export type AccountDetails = z.infer<typeof accountDetailsSchema>

export const accountAppSchema = platformObject({
  app_store_identifier: z.string(),
  ...optionalText('os_type', 'deep_link_pattern'),
  conversion_tracking_enabled: z.boolean().nullish(),
})
export type AccountApp = z.infer<typeof accountAppSchema>

export const accountMediaSchema = platformObject({
  creative_type: z.string(),
  ...optionalText('video_id', 'media_url', 'created_at', 'updated_at'),
})
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

// Accounts

export function getAccountDetails(ctx: AdsContext, accountId: string): Promise<AccountDetails> {
  return callData(ctx, 'GET', accountUrl(ctx, accountId), single(accountDetailsSchema))
}

/** PUT accounts/:account_id: name and industry_type. */
export function updateAccount(
  ctx: AdsContext,
  accountId: string,
  input: { name?: string; industryType?: string },
): Promise<AccountDetails> {
  const query = { name: input.name, industry_type: input.industryType }
  return callData(ctx, 'PUT', accountUrl(ctx, accountId), single(accountDetailsSchema), { query })
}

/** DELETE {ads_sandbox_url}/12/accounts/:account_id: sandbox only. */
export function deleteSandboxAccount(ctx: AdsContext, accountId: string): Promise<AccountDetails> {
  const url = adsUrl(ctx.hosts.adsSandboxUrl, `/accounts/${segment(accountId)}`)
  return callData(ctx, 'DELETE', url, single(accountDetailsSchema))
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
  const answer = await postForm(ctx, url, z.unknown(), { feature_keys: featureKeys })
  const keys = z.array(z.string()).safeParse(answer)
  return keys.success ? keys.data : undefined
}

export const listAccountApps = accountCollection('/account_apps', accountAppSchema).list

/** Which object's history, between which whole hours. */
export interface HistoryWindow {
  entityType: string
  entityId: string
  startTime: string
  endTime: string
}

/** GET accounts/:account_id/account_history (beta, allowlisted). Times are whole hours. */
export function getAccountHistory(
  ctx: AdsContext,
  accountId: string,
  input: HistoryWindow & { userId?: string; count?: number; cursor?: string },
): Promise<Envelope<HistoryEntry[]>> {
  return accountCollection('/account_history', historyEntrySchema).list(
    ctx,
    accountId,
    {},
    {
      entity_type: input.entityType,
      entity_id: input.entityId,
      start_time: input.startTime,
      end_time: input.endTime,
      user_id: input.userId,
      count: input.count,
      cursor: input.cursor,
    },
  )
}

/** GET advertiser_business_categories: no parameters, no account. */
export async function listAdvertiserBusinessCategories(ctx: AdsContext): Promise<BusinessCategory[]> {
  const url = adsUrl(ctx.hosts.adsUrl, '/advertiser_business_categories')
  return (await getList(ctx, url, businessCategorySchema)).data
}

// Account media

const accountMedia = accountCollection('/account_media', accountMediaSchema)

export function listAccountMedia(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { accountMediaIds?: string[]; creativeTypes?: string[] } = {},
): Promise<Envelope<AccountMedia[]>> {
  return accountMedia.list(ctx, accountId, options, {
    account_media_ids: options.accountMediaIds,
    creative_types: options.creativeTypes,
  })
}

export const getAccountMedia = accountMedia.get

export const deleteAccountMedia = accountMedia.remove
