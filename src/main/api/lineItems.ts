import { z } from 'zod'
import type { LineItemPatch } from '../../shared/rules/lineItems'
import type { AdsContext, ListOptions } from './adsRequest'
import { accountCollection } from './adsRequest'
import { optionalText, platformObject } from './objectSchemas'
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

export const lineItemSchema = platformObject({
  objective: z.string(),
  placements: z.array(z.string()).nullish(),
  categories: z.array(z.string()).nullish(),
  standard_delivery: z.boolean().nullish(),
  ...optionalText(
    'campaign_id',
    'name',
    'goal',
    'product_type',
    'bid_strategy',
    'pay_by',
    'start_time',
    'end_time',
    'entity_status',
    'currency',
    'advertiser_domain',
    'android_app_store_identifier',
    'ios_app_store_identifier',
    'audience_expansion',
    'created_at',
    'updated_at',
  ),
  bid_amount_local_micro: longString,
  target_cpa_local_micro: longString,
  duration_in_days: longString,
  frequency_cap: longString,
  total_budget_amount_local_micro: longString,
  daily_budget_amount_local_micro: longString,
  advertiser_user_id: longString,
})
export type LineItem = z.infer<typeof lineItemSchema>

/** budget_optimization LINE_ITEM lets line items carry their own daily budget (B:191). */
export const campaignSchema = platformObject(optionalText('name', 'entity_status', 'budget_optimization'))
export type Campaign = z.infer<typeof campaignSchema>

export const curatedCategorySchema = z
  .object({
    id: z.string(),
    ...optionalText('name', 'description', 'created_at', 'updated_at'),
    country_codes: z.array(z.string()).nullish(),
    publisher_user_ids: z.array(z.string()).nullish(),
    videos_monetized_in_last_thirty_days: z.number().nullish(),
  })
  .loose()
export type CuratedCategory = z.infer<typeof curatedCategorySchema>

export const lineItemCuratedCategorySchema = platformObject({
  line_item_id: z.string(),
  curated_category_id: z.string(),
  ...optionalText('created_at', 'updated_at'),
})
export type LineItemCuratedCategory = z.infer<typeof lineItemCuratedCategorySchema>

// Line items

const lineItems = accountCollection('/line_items', lineItemSchema)
const campaigns = accountCollection('/campaigns', campaignSchema)
const curatedCategories = accountCollection('/curated_categories', curatedCategorySchema)
const links = accountCollection('/line_item_curated_categories', lineItemCuratedCategorySchema)

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
  return lineItems.list(ctx, accountId, options, {
    line_item_ids: options.lineItemIds,
    campaign_ids: options.campaignIds,
  })
}

/** GET accounts/:account_id/line_items/:line_item_id, the platform's public shape (not shown in the spec). */
export const getLineItem = lineItems.get

/** PUT accounts/:account_id/line_items/:line_item_id with only the fields that change. */
export function updateLineItem(
  ctx: AdsContext,
  accountId: string,
  lineItemId: string,
  patch: LineItemPatch,
): Promise<LineItem> {
  return lineItems.update(ctx, accountId, lineItemId, { ...patch })
}

/** DELETE accounts/:account_id/line_items/:line_item_id. Irreversible; a repeat is a 404. */
export const deleteLineItem = lineItems.remove

// Campaigns (read only: their names and budget_optimization, for the line item rules)

/** GET accounts/:account_id/campaigns: "not shown" in the spec; the platform's public v12 shape. */
export function listCampaigns(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { campaignIds?: string[] } = {},
): Promise<Envelope<Campaign[]>> {
  return campaigns.list(ctx, accountId, options, { campaign_ids: options.campaignIds })
}

export function getCampaign(ctx: AdsContext, accountId: string, campaignId: string): Promise<Campaign> {
  return campaigns.get(ctx, accountId, campaignId)
}

// Curated categories

/** GET accounts/:account_id/curated_categories/:curated_category_id. */
export function getCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  categoryId: string,
): Promise<CuratedCategory> {
  return curatedCategories.get(ctx, accountId, categoryId)
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
  return curatedCategories.list(ctx, accountId, {}, { country_codes: countryCodes })
}

// Line item curated categories

export const listLineItemCuratedCategories = links.list

export const getLineItemCuratedCategory = links.get

export function createLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  input: { lineItemId: string; curatedCategoryId: string },
): Promise<LineItemCuratedCategory> {
  return links.create(ctx, accountId, {
    line_item_id: input.lineItemId,
    curated_category_id: input.curatedCategoryId,
  })
}

export function updateLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  linkId: string,
  input: { lineItemId?: string; curatedCategoryId?: string },
): Promise<LineItemCuratedCategory> {
  return links.update(ctx, accountId, linkId, {
    line_item_id: input.lineItemId,
    curated_category_id: input.curatedCategoryId,
  })
}

export const deleteLineItemCuratedCategory = links.remove
