import { z } from 'zod'
import type { LineItemPatch } from '../../shared/rules/lineItems'
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
 * Line items, their campaigns, curated categories and the links between them (spec part B,
 * "Line items" and "Accounts"). One thin function per endpoint, as in ads.ts.
 */

/**
 * Money and other `long` fields: the platform sends numbers, the app keeps decimal strings so
 * nothing is ever rounded (src/shared/rules/money.ts). JSON numbers above 2^53 would already
 * have lost digits in JSON.parse; micros that large are budgets beyond nine billion.
 */
const longString = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)))

export const lineItemSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string().nullish(),
    name: z.string().nullish(),
    objective: z.string(),
    goal: z.string().nullish(),
    product_type: z.string().nullish(),
    placements: z.array(z.string()).nullish(),
    bid_strategy: z.string().nullish(),
    bid_amount_local_micro: longString,
    target_cpa_local_micro: longString,
    pay_by: z.string().nullish(),
    start_time: z.string().nullish(),
    end_time: z.string().nullish(),
    duration_in_days: longString,
    frequency_cap: longString,
    standard_delivery: z.boolean().nullish(),
    total_budget_amount_local_micro: longString,
    daily_budget_amount_local_micro: longString,
    entity_status: z.string().nullish(),
    currency: z.string().nullish(),
    categories: z.array(z.string()).nullish(),
    advertiser_user_id: longString,
    advertiser_domain: z.string().nullish(),
    android_app_store_identifier: z.string().nullish(),
    ios_app_store_identifier: z.string().nullish(),
    audience_expansion: z.string().nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type LineItem = z.infer<typeof lineItemSchema>

export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    entity_status: z.string().nullish(),
    /** LINE_ITEM lets line items carry their own daily budget (B:191). */
    budget_optimization: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type Campaign = z.infer<typeof campaignSchema>

export const curatedCategorySchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    description: z.string().nullish(),
    country_codes: z.array(z.string()).nullish(),
    publisher_user_ids: z.array(z.string()).nullish(),
    videos_monetized_in_last_thirty_days: z.number().nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .loose()
export type CuratedCategory = z.infer<typeof curatedCategorySchema>

export const lineItemCuratedCategorySchema = z
  .object({
    id: z.string(),
    line_item_id: z.string(),
    curated_category_id: z.string(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose()
export type LineItemCuratedCategory = z.infer<typeof lineItemCuratedCategorySchema>

const accountPath = (ctx: AdsContext, accountId: string, rest: string) =>
  adsUrl(ctx.hosts.adsUrl, `/accounts/${segment(accountId)}${rest}`)

// Line items

/**
 * GET accounts/:account_id/line_items. The spec leaves listing "not shown"; this follows the
 * platform's public v12 shape: line_item_ids and campaign_ids (up to 200 each), count (1 to
 * 1000, default 200), cursor, sort_by, with_deleted, with_total_count.
 */
export function listLineItems(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { lineItemIds?: string[]; campaignIds?: string[] } = {},
): Promise<Envelope<LineItem[]>> {
  return call(ctx, 'GET', accountPath(ctx, accountId, '/line_items'), z.array(lineItemSchema), {
    query: { ...listQuery(options), line_item_ids: options.lineItemIds, campaign_ids: options.campaignIds },
  })
}

/** GET accounts/:account_id/line_items/:line_item_id, the platform's public shape (not shown in the spec). */
export async function getLineItem(
  ctx: AdsContext,
  accountId: string,
  lineItemId: string,
  options: { withDeleted?: boolean } = {},
): Promise<LineItem> {
  const url = accountPath(ctx, accountId, `/line_items/${segment(lineItemId)}`)
  return (
    await call(ctx, 'GET', url, single(lineItemSchema), { query: { with_deleted: options.withDeleted } })
  ).data
}

/** PUT accounts/:account_id/line_items/:line_item_id with only the fields that change. */
export async function updateLineItem(
  ctx: AdsContext,
  accountId: string,
  lineItemId: string,
  patch: LineItemPatch,
): Promise<LineItem> {
  const url = accountPath(ctx, accountId, `/line_items/${segment(lineItemId)}`)
  return (await call(ctx, 'PUT', url, single(lineItemSchema), { query: { ...patch } })).data
}

/** DELETE accounts/:account_id/line_items/:line_item_id. Irreversible; a repeat is a 404. */
export async function deleteLineItem(
  ctx: AdsContext,
  accountId: string,
  lineItemId: string,
): Promise<LineItem> {
  const url = accountPath(ctx, accountId, `/line_items/${segment(lineItemId)}`)
  return (await call(ctx, 'DELETE', url, single(lineItemSchema))).data
}

// Campaigns (read only: their names and budget_optimization, for the line item rules)

/** GET accounts/:account_id/campaigns: "not shown" in the spec; the platform's public v12 shape. */
export function listCampaigns(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { campaignIds?: string[] } = {},
): Promise<Envelope<Campaign[]>> {
  return call(ctx, 'GET', accountPath(ctx, accountId, '/campaigns'), z.array(campaignSchema), {
    query: { ...listQuery(options), campaign_ids: options.campaignIds },
  })
}

export async function getCampaign(ctx: AdsContext, accountId: string, campaignId: string): Promise<Campaign> {
  const url = accountPath(ctx, accountId, `/campaigns/${segment(campaignId)}`)
  return (await call(ctx, 'GET', url, single(campaignSchema))).data
}

// Curated categories

/** GET accounts/:account_id/curated_categories/:curated_category_id. */
export async function getCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  categoryId: string,
): Promise<CuratedCategory> {
  const url = accountPath(ctx, accountId, `/curated_categories/${segment(categoryId)}`)
  return (await call(ctx, 'GET', url, single(curatedCategorySchema))).data
}

/**
 * The list form "returns an array plus total_count"; its path and parameters are not shown.
 * The platform lists them at accounts/:account_id/curated_categories with country_codes
 * (required, comma-separated), which the sandbox follows too.
 */
export function listCuratedCategories(
  ctx: AdsContext,
  accountId: string,
  countryCodes: readonly string[],
): Promise<Envelope<CuratedCategory[]>> {
  return call(
    ctx,
    'GET',
    accountPath(ctx, accountId, '/curated_categories'),
    z.array(curatedCategorySchema),
    {
      query: { country_codes: countryCodes },
    },
  )
}

// Line item curated categories

export function listLineItemCuratedCategories(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions = {},
): Promise<Envelope<LineItemCuratedCategory[]>> {
  const url = accountPath(ctx, accountId, '/line_item_curated_categories')
  return call(ctx, 'GET', url, z.array(lineItemCuratedCategorySchema), { query: listQuery(options) })
}

export async function getLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  linkId: string,
  options: { withDeleted?: boolean } = {},
): Promise<LineItemCuratedCategory> {
  const url = accountPath(ctx, accountId, `/line_item_curated_categories/${segment(linkId)}`)
  const query = { with_deleted: options.withDeleted }
  return (await call(ctx, 'GET', url, single(lineItemCuratedCategorySchema), { query })).data
}

export async function createLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  input: { lineItemId: string; curatedCategoryId: string },
): Promise<LineItemCuratedCategory> {
  const url = accountPath(ctx, accountId, '/line_item_curated_categories')
  const fields = formOf({ line_item_id: input.lineItemId, curated_category_id: input.curatedCategoryId })
  return (
    await call(ctx, 'POST', url, single(lineItemCuratedCategorySchema), { body: { kind: 'form', fields } })
  ).data
}

export async function updateLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  linkId: string,
  input: { lineItemId?: string; curatedCategoryId?: string },
): Promise<LineItemCuratedCategory> {
  const url = accountPath(ctx, accountId, `/line_item_curated_categories/${segment(linkId)}`)
  const query = { line_item_id: input.lineItemId, curated_category_id: input.curatedCategoryId }
  return (await call(ctx, 'PUT', url, single(lineItemCuratedCategorySchema), { query })).data
}

export async function deleteLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  linkId: string,
): Promise<LineItemCuratedCategory> {
  const url = accountPath(ctx, accountId, `/line_item_curated_categories/${segment(linkId)}`)
  return (await call(ctx, 'DELETE', url, single(lineItemCuratedCategorySchema))).data
}
