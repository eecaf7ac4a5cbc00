import { z } from 'zod'
import type { LineItemPatch } from '../../shared/rules/lineItems'
import type { AdsContext, ListOptions, ReadOptions } from './adsRequest'
import {
  accountList,
  accountUrl,
  callData,
  getList,
  getOne,
  listQuery,
  postForm,
  segment,
  single,
} from './adsRequest'
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

/** A URL under the account: the collection, or one of its objects by id. */
const objectUrl = (ctx: AdsContext, accountId: string, collection: string, id?: string) =>
  accountUrl(ctx, accountId, id === undefined ? collection : `${collection}/${segment(id)}`)

// Line items

const LINE_ITEMS = '/line_items'
const CAMPAIGNS = '/campaigns'
const CURATED_CATEGORIES = '/curated_categories'
const LINKS = '/line_item_curated_categories'

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
  return getList(ctx, objectUrl(ctx, accountId, LINE_ITEMS), lineItemSchema, {
    ...listQuery(options),
    line_item_ids: options.lineItemIds,
    campaign_ids: options.campaignIds,
  })
}

/** GET accounts/:account_id/line_items/:line_item_id, the platform's public shape (not shown in the spec). */
export function getLineItem(
  ctx: AdsContext,
  accountId: string,
  lineItemId: string,
  options: ReadOptions = {},
): Promise<LineItem> {
  return getOne(ctx, objectUrl(ctx, accountId, LINE_ITEMS, lineItemId), single(lineItemSchema), options)
}

/** PUT accounts/:account_id/line_items/:line_item_id with only the fields that change. */
export function updateLineItem(
  ctx: AdsContext,
  accountId: string,
  lineItemId: string,
  patch: LineItemPatch,
): Promise<LineItem> {
  const url = objectUrl(ctx, accountId, LINE_ITEMS, lineItemId)
  return callData(ctx, 'PUT', url, single(lineItemSchema), { query: { ...patch } })
}

/** DELETE accounts/:account_id/line_items/:line_item_id. Irreversible; a repeat is a 404. */
export function deleteLineItem(ctx: AdsContext, accountId: string, lineItemId: string): Promise<LineItem> {
  return callData(ctx, 'DELETE', objectUrl(ctx, accountId, LINE_ITEMS, lineItemId), single(lineItemSchema))
}

// Campaigns (read only: their names and budget_optimization, for the line item rules)

/** GET accounts/:account_id/campaigns: "not shown" in the spec; the platform's public v12 shape. */
export function listCampaigns(
  ctx: AdsContext,
  accountId: string,
  options: ListOptions & { campaignIds?: string[] } = {},
): Promise<Envelope<Campaign[]>> {
  return getList(ctx, objectUrl(ctx, accountId, CAMPAIGNS), campaignSchema, {
    ...listQuery(options),
    campaign_ids: options.campaignIds,
  })
}

export function getCampaign(ctx: AdsContext, accountId: string, campaignId: string): Promise<Campaign> {
  return callData(ctx, 'GET', objectUrl(ctx, accountId, CAMPAIGNS, campaignId), single(campaignSchema))
}

// Curated categories

/** GET accounts/:account_id/curated_categories/:curated_category_id. */
export function getCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  categoryId: string,
): Promise<CuratedCategory> {
  const url = objectUrl(ctx, accountId, CURATED_CATEGORIES, categoryId)
  return callData(ctx, 'GET', url, single(curatedCategorySchema))
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
  return getList(ctx, objectUrl(ctx, accountId, CURATED_CATEGORIES), curatedCategorySchema, {
    country_codes: countryCodes,
  })
}

// Line item curated categories

export const listLineItemCuratedCategories = accountList(LINKS, lineItemCuratedCategorySchema)

export function getLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  linkId: string,
  options: ReadOptions = {},
): Promise<LineItemCuratedCategory> {
  return getOne(ctx, objectUrl(ctx, accountId, LINKS, linkId), single(lineItemCuratedCategorySchema), options)
}

export function createLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  input: { lineItemId: string; curatedCategoryId: string },
): Promise<LineItemCuratedCategory> {
  return postForm(ctx, objectUrl(ctx, accountId, LINKS), single(lineItemCuratedCategorySchema), {
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
  const url = objectUrl(ctx, accountId, LINKS, linkId)
  const query = { line_item_id: input.lineItemId, curated_category_id: input.curatedCategoryId }
  return callData(ctx, 'PUT', url, single(lineItemCuratedCategorySchema), { query })
}

export function deleteLineItemCuratedCategory(
  ctx: AdsContext,
  accountId: string,
  linkId: string,
): Promise<LineItemCuratedCategory> {
  const url = objectUrl(ctx, accountId, LINKS, linkId)
  return callData(ctx, 'DELETE', url, single(lineItemCuratedCategorySchema))
}
