import type { Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, shortId, touch } from '../state'
import { ADVERTISER_BUSINESS_CATEGORIES } from './accounts'
import { AdsInput, accountIdOf, adsCaller, single } from './core'
import type { AdsCaller, ListSpec } from './core'
import { ownRecord } from './lookup'
import { accountRecords, deleteOwnedRoute, findOwned, getOwnedRoute, listRoute } from './resourceRoutes'
import type { OwnedResource } from './resourceRoutes'

const GOALS = [
  'APP_CLICKS',
  'APP_INSTALLS',
  'APP_PURCHASES',
  'ENGAGEMENT',
  'FOLLOWERS',
  'LINK_CLICKS',
  'MAX_REACH',
  'PREROLL',
  'PREROLL_STARTS',
  'REACH_WITH_ENGAGEMENT',
  'VIDEO_VIEW',
  'VIEW_3S_100PCT',
  'VIEW_6S',
  'VIEW_15S',
  'WEBSITE_CONVERSIONS',
] as const
const FREQUENCY_CAP_OBJECTIVES = ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS']
const APP_OBJECTIVES = ['APP_INSTALLS', 'APP_ENGAGEMENTS']
const PAY_BY_FOR_GOAL: Record<string, string[]> = {
  APP_INSTALLS: ['APP_CLICK', 'IMPRESSION'],
  LINK_CLICKS: ['LINK_CLICK', 'IMPRESSION'],
  SITE_VISITS: ['IMPRESSION'],
}
const PUT_PARAMS = [
  'advertiser_domain',
  'advertiser_user_id',
  'android_app_store_identifier',
  'ios_app_store_identifier',
  'audience_expansion',
  'bid_amount_local_micro',
  'bid_strategy',
  'categories',
  'duration_in_days',
  'entity_status',
  'start_time',
  'end_time',
  'frequency_cap',
  'goal',
  'name',
  'pay_by',
  'total_budget_amount_local_micro',
  'daily_budget_amount_local_micro',
]

// Deleting is irreversible: a deleted line item is gone for PUT and for a repeated DELETE (404).
const LINE_ITEM: OwnedResource = { collection: 'lineItems', label: 'Line item', idParam: 'line_item_id' }
const LINE_ITEM_CURATED_CATEGORY: OwnedResource = {
  collection: 'lineItemCuratedCategories',
  label: 'Line item curated category',
  idParam: 'line_item_curated_category_id',
}

/** Who made a change, as account history tells it. */
export interface ChangeBy {
  user_id: string
  platform: string
}

export function recordLineItemHistory(
  rt: Runtime,
  changeBy: ChangeBy,
  item: AdsRecord,
  changeType: string,
  changes: unknown,
  now: number,
): void {
  const { _account, ...entityData } = item
  rt.state.history.push({
    change_time: isoSeconds(now),
    change_type: changeType,
    change_by: changeBy,
    changes,
    entity: 'LINE_ITEM',
    entity_id: item.id,
    entity_data: entityData,
    _account,
  })
}

const byApi = (caller: AdsCaller): ChangeBy => ({ user_id: caller.user.id, platform: 'ADS_API' })

/** IAB codes map to advertiser business categories; PREROLL_VIEWS needs one or two of those. */
function businessCategoriesOf(iab: readonly string[]): Set<string> | undefined {
  const found = new Set<string>()
  for (const code of iab) {
    const category = ADVERTISER_BUSINESS_CATEGORIES.find((c) => c.iab_categories.includes(code))
    if (!category) return undefined
    found.add(category.id)
  }
  return found
}

/**
 * Listing line items and campaigns is "not shown" in the spec. These follow the platform's
 * public v12 shape: GET accounts/:account_id/line_items (line_item_ids, campaign_ids, count
 * 1 to 1000 default 200, cursor, sort_by, with_deleted, with_total_count) and GET
 * accounts/:account_id/line_items/:line_item_id (with_deleted); campaigns likewise with
 * campaign_ids. Campaigns are read-only here: the app needs their names and
 * budget_optimization (the daily budget rule of the line item PUT depends on it).
 */
const LINE_ITEM_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at', 'name'],
}
const CAMPAIGN: OwnedResource = { collection: 'campaigns', label: 'Campaign', idParam: 'campaign_id' }

function readIdFilter(input: AdsInput, name: string): string[] | undefined {
  return input.list(name, { max: 200 })
}

export const campaignRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/campaigns',
    spec: LINE_ITEM_LIST,
    filterParameters: ['campaign_ids'],
    readFilters: (input) => readIdFilter(input, 'campaign_ids'),
    records: (rt, caller, ids) =>
      accountRecords(rt, caller, 'campaigns').filter((c) => !ids || ids.includes(c.id as string)),
  }),
  getOwnedRoute('/accounts/:account_id/campaigns/:campaign_id', CAMPAIGN),
]

export const lineItemRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/line_items',
    spec: LINE_ITEM_LIST,
    filterParameters: ['line_item_ids', 'campaign_ids'],
    readFilters: (input) => ({
      ids: readIdFilter(input, 'line_item_ids'),
      campaigns: readIdFilter(input, 'campaign_ids'),
    }),
    records: (rt, caller, { ids, campaigns }) =>
      accountRecords(rt, caller, 'lineItems').filter(
        (l) =>
          (!ids || ids.includes(l.id as string)) &&
          (!campaigns || campaigns.includes(l.campaign_id as string)),
      ),
  }),
  getOwnedRoute('/accounts/:account_id/line_items/:line_item_id', LINE_ITEM),
  {
    method: 'PUT',
    pattern: '/accounts/:account_id/line_items/:line_item_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const item = findOwned(ctx, rt, caller, LINE_ITEM)
      const campaign = rt.state.campaigns.find((c) => c.id === item.campaign_id)
      const input = new AdsInput(ctx, PUT_PARAMS)
      const objective = String(item.objective)
      const updates: Record<string, unknown> = {}
      const set = (field: string, value: unknown): void => {
        if (value !== undefined) updates[field] = value
      }
      const after = (field: string): unknown => (field in updates ? updates[field] : item[field])

      const domain = input.string('advertiser_domain')
      if (
        domain !== undefined &&
        (/^[a-z]+:\/\//i.test(domain) || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(domain))
      ) {
        input.invalid(
          'advertiser_domain',
          'advertiser_domain must be a domain without protocol, e.g. example.com',
        )
      } else set('advertiser_domain', domain)
      const advertiser = input.string('advertiser_user_id')
      if (advertiser !== undefined && objective !== 'PREROLL_VIEWS')
        input.invalid('advertiser_user_id', 'advertiser_user_id applies to PREROLL_VIEWS line items only')
      else set('advertiser_user_id', advertiser)
      set('android_app_store_identifier', input.string('android_app_store_identifier'))
      const ios = input.string('ios_app_store_identifier')
      if (ios !== undefined && !/^\d+$/.test(ios))
        input.invalid(
          'ios_app_store_identifier',
          'ios_app_store_identifier is the numeric part of the store identifier',
        )
      else set('ios_app_store_identifier', ios)
      set('audience_expansion', input.oneOf('audience_expansion', ['BROAD', 'DEFINED', 'EXPANDED']))
      const bid = input.long('bid_amount_local_micro', { positive: true })
      set('bid_amount_local_micro', bid === undefined ? undefined : Number(bid))
      const strategy = input.oneOf('bid_strategy', ['AUTO', 'MAX', 'TARGET'])
      if (strategy === 'MAX' && ['REACH', 'FOLLOWERS'].includes(objective))
        input.invalid('bid_strategy', `MAX is not available for ${objective}`)
      else if (strategy === 'TARGET' && !['REACH', 'WEBSITE_CLICKS'].includes(objective))
        input.invalid('bid_strategy', 'TARGET is available for REACH and WEBSITE_CLICKS only')
      else set('bid_strategy', strategy)
      const categories = input.list('categories')
      set('categories', categories)
      const duration = input.int('duration_in_days')
      if (duration !== undefined && ![1, 7, 30].includes(duration))
        input.invalid('duration_in_days', 'duration_in_days must be 1, 7 or 30')
      else set('duration_in_days', duration)
      set('entity_status', input.oneOf('entity_status', ['ACTIVE', 'PAUSED']))
      const start = input.time('start_time')
      const end = input.time('end_time')
      if (start !== undefined) updates.start_time = isoSeconds(start)
      if (end !== undefined) updates.end_time = isoSeconds(end)
      const frequencyCap = input.int('frequency_cap', { min: 1 })
      if (frequencyCap !== undefined && !FREQUENCY_CAP_OBJECTIVES.includes(objective))
        input.invalid('frequency_cap', `frequency_cap applies to ${FREQUENCY_CAP_OBJECTIVES.join(', ')} only`)
      else set('frequency_cap', frequencyCap)
      set('goal', input.oneOf('goal', GOALS))
      set('name', input.string('name'))
      const payBy = input.oneOf('pay_by', ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'])
      if (payBy !== undefined && payBy !== item.pay_by && objective !== 'APP_INSTALLS')
        input.invalid('pay_by', 'pay_by can be changed only for APP_INSTALLS line items')
      else set('pay_by', payBy)
      const total = input.long('total_budget_amount_local_micro', { positive: true })
      set('total_budget_amount_local_micro', total === undefined ? undefined : Number(total))
      const daily = input.long('daily_budget_amount_local_micro', { positive: true })
      if (daily !== undefined && campaign?.budget_optimization !== 'LINE_ITEM') {
        input.invalid(
          'daily_budget_amount_local_micro',
          'daily_budget_amount_local_micro needs a campaign with budget_optimization LINE_ITEM',
        )
      } else set('daily_budget_amount_local_micro', daily === undefined ? undefined : Number(daily))

      // Rules that depend on the line item as it would be after the update.
      const finalStrategy = after('bid_strategy')
      if (
        (finalStrategy === 'MAX' || finalStrategy === 'TARGET') &&
        after('bid_amount_local_micro') == null
      ) {
        input.missing('bid_amount_local_micro')
      }
      const finalPayBy = after('pay_by')
      const allowedPayBy = PAY_BY_FOR_GOAL[String(after('goal'))]
      if (payBy !== undefined && allowedPayBy && !allowedPayBy.includes(String(finalPayBy))) {
        input.invalid('pay_by', `goal ${String(after('goal'))} allows pay_by ${allowedPayBy.join(' or ')}`)
      }
      if (after('goal') === 'LINK_CLICKS' && finalPayBy === 'LINK_CLICK' && finalStrategy === 'TARGET') {
        input.invalid('pay_by', 'LINK_CLICK billing is not available with the TARGET bid strategy')
      }
      const placements = item.placements as string[]
      if (placements.includes('PUBLISHER_NETWORK')) {
        if (!after('advertiser_domain')) input.missing('advertiser_domain')
        if ((after('categories') as string[]).length === 0) input.missing('categories')
      }
      if (objective === 'PREROLL_VIEWS' && categories !== undefined) {
        const business = businessCategoriesOf(categories)
        if (!business || business.size < 1 || business.size > 2) {
          input.invalid(
            'categories',
            'PREROLL_VIEWS line items carry the IAB categories of one or two advertiser business categories',
          )
        }
      }
      if (
        APP_OBJECTIVES.includes(objective) &&
        !after('android_app_store_identifier') &&
        !after('ios_app_store_identifier')
      ) {
        input.invalid(
          'android_app_store_identifier',
          `${objective} needs android_app_store_identifier or ios_app_store_identifier`,
        )
      }
      const totalAfter = after('total_budget_amount_local_micro')
      const dailyAfter = after('daily_budget_amount_local_micro')
      if (typeof totalAfter === 'number' && typeof dailyAfter === 'number' && dailyAfter > totalAfter) {
        input.invalid(
          'daily_budget_amount_local_micro',
          'daily_budget_amount_local_micro must be at most the total budget',
        )
      }
      const startAfter = Date.parse(String(after('start_time')))
      const endAfter = after('end_time')
      if (endAfter !== null && endAfter !== undefined && Date.parse(String(endAfter)) <= startAfter) {
        input.invalid('end_time', 'end_time must be after start_time')
      }
      input.finish()
      Object.assign(item, updates)
      touch(item, ctx.now)
      recordLineItemHistory(rt, byApi(caller), item, 'UPDATE', updates, ctx.now)
      return single(ctx, item)
    },
  },
  deleteOwnedRoute('/accounts/:account_id/line_items/:line_item_id', LINE_ITEM, (ctx, rt, caller, item) =>
    recordLineItemHistory(rt, byApi(caller), item, 'DELETE', null, ctx.now),
  ),
]

const LICC_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at'],
}

function checkLinks(
  input: AdsInput,
  rt: Runtime,
  accountId: string,
  required: boolean,
): { lineItemId?: string; categoryId?: string } {
  const lineItemId = input.string('line_item_id', { required })
  const categoryId = input.string('curated_category_id', { required })
  if (lineItemId !== undefined && !ownRecord(rt.state.lineItems, accountId, lineItemId)) {
    input.invalid('line_item_id', `${lineItemId} is not a line item of account ${accountId}`)
  }
  if (categoryId !== undefined && !rt.state.curatedCategories.some((c) => c.id === categoryId)) {
    input.invalid('curated_category_id', `${categoryId} is not a curated category`)
  }
  return {
    ...(lineItemId !== undefined ? { lineItemId } : {}),
    ...(categoryId !== undefined ? { categoryId } : {}),
  }
}

export const lineItemCuratedCategoryRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/line_item_curated_categories',
    spec: LICC_LIST,
    records: (rt, caller) => accountRecords(rt, caller, 'lineItemCuratedCategories'),
  }),
  getOwnedRoute(
    '/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id',
    LINE_ITEM_CURATED_CATEGORY,
  ),
  {
    method: 'POST',
    pattern: '/accounts/:account_id/line_item_curated_categories',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const input = new AdsInput(ctx, ['line_item_id', 'curated_category_id'])
      const { lineItemId, categoryId } = checkLinks(input, rt, accountId, true)
      input.finish()
      const stamp = isoSeconds(ctx.now)
      const link: AdsRecord = {
        id: shortId(rt.state),
        line_item_id: lineItemId,
        curated_category_id: categoryId,
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _account: accountId,
      }
      rt.state.lineItemCuratedCategories.push(link)
      rt.state.created.line_item_curated_categories += 1
      return single(ctx, link)
    },
  },
  {
    method: 'PUT',
    pattern: '/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const link = findOwned(ctx, rt, caller, LINE_ITEM_CURATED_CATEGORY)
      const input = new AdsInput(ctx, ['line_item_id', 'curated_category_id'])
      const { lineItemId, categoryId } = checkLinks(input, rt, accountId, false)
      input.finish()
      if (lineItemId !== undefined) link.line_item_id = lineItemId
      if (categoryId !== undefined) link.curated_category_id = categoryId
      touch(link, ctx.now)
      return single(ctx, link)
    },
  },
  deleteOwnedRoute(
    '/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id',
    LINE_ITEM_CURATED_CATEGORY,
  ),
]
