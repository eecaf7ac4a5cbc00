import { AppFailure, appError, invalidInput, isAppFailure } from '../../shared/errors'
import type {
  BusinessCategoryView,
  CategoryLinkView,
  CuratedCategoryView,
  LineItemView,
} from '../../shared/ipc/contracts/campaign'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import {
  LINE_ITEM_PUT_FIELDS,
  validateLineItemChange,
  type LineItemPatch,
  type LineItemRuleContext,
  type LineItemState,
  type LineItemValues,
} from '../../shared/rules/lineItems'
import { listAdvertiserBusinessCategories, type BusinessCategory } from '../api/accountAdmin'
import type { AdsContext } from '../api/adsRequest'
import { collectAll, paginate } from '../api/cursor'
import {
  getCampaign,
  getCuratedCategory,
  getLineItem,
  listCampaigns,
  listCuratedCategories,
  listLineItemCuratedCategories,
  listLineItems,
  type Campaign,
  type CuratedCategory,
  type LineItem,
  type LineItemCuratedCategory,
} from '../api/lineItems'
import type { WithAdsContext } from '../session/session'
import type { OperationRequest } from '../publish/outbox'
import { OPS } from './operations'

export interface CampaignServiceDeps {
  withAdsContext: WithAdsContext
  outbox: { enqueueOperations(request: OperationRequest): Promise<OutboxJobView> }
}

const PAGE_SIZE = 200
/** The largest page the link and app lists take (B:197, B:161). */
const FULL_PAGE = 1000

/** Failures after which main's last reading is the best context there is: nothing was refused. */
const UNREACHABLE = new Set(['offline', 'timeout', 'server_unavailable', 'rate_limited', 'outcome_unknown'])
export const isUnreachable = (error: unknown): boolean => isAppFailure(error) && UNREACHABLE.has(error.code)

function refuse(message: string, field?: string): never {
  throw invalidInput(message, field)
}

const nameOf = (item: LineItem): string => item.name?.trim() || `Line item ${item.id}`

function valuesOf(item: LineItem): LineItemValues {
  const values: LineItemValues = {}
  for (const field of LINE_ITEM_PUT_FIELDS) {
    if (field === 'categories') values.categories = item.categories ?? null
    else {
      const value = item[field]
      values[field] = value === null || value === undefined ? null : String(value)
    }
  }
  return values
}

export function lineItemState(item: LineItem): LineItemState {
  return { objective: item.objective, placements: item.placements ?? [], values: valuesOf(item) }
}

function toView(item: LineItem, campaign: Campaign | undefined): LineItemView {
  return {
    id: item.id,
    name: item.name ?? null,
    ...(item.campaign_id ? { campaignId: item.campaign_id } : {}),
    ...(campaign?.name ? { campaignName: campaign.name } : {}),
    ...(campaign ? { campaignBudgetOptimization: campaign.budget_optimization ?? null } : {}),
    objective: item.objective,
    placements: item.placements ?? [],
    ...(item.currency ? { currency: item.currency } : {}),
    values: valuesOf(item),
    ...(item.created_at ? { createdAt: item.created_at } : {}),
    ...(item.updated_at ? { updatedAt: item.updated_at } : {}),
  }
}

export function toCategoryView(category: CuratedCategory): CuratedCategoryView {
  return {
    id: category.id,
    name: category.name ?? category.id,
    ...(category.description ? { description: category.description } : {}),
    countryCodes: category.country_codes ?? [],
    ...(category.publisher_user_ids ? { publisherCount: category.publisher_user_ids.length } : {}),
    ...(typeof category.videos_monetized_in_last_thirty_days === 'number'
      ? { videosMonetizedLast30Days: category.videos_monetized_in_last_thirty_days }
      : {}),
  }
}

/** Main's own last readings, per profile and account: the context for checks while the platform is out of reach. */
function createReadings<T extends { id: string }>() {
  const byScope = new Map<string, Map<string, T>>()
  const scope = (profileId: string, accountId: string) => {
    const key = `${profileId}\n${accountId}`
    let map = byScope.get(key)
    if (!map) byScope.set(key, (map = new Map()))
    return map
  }
  return {
    remember(profileId: string, accountId: string, records: readonly T[]): void {
      const map = scope(profileId, accountId)
      for (const record of records) map.set(record.id, record)
    },
    get(profileId: string, accountId: string, id: string): T | undefined {
      return byScope.get(`${profileId}\n${accountId}`)?.get(id)
    },
  }
}

/**
 * Line items and their curated categories. Reads go straight to the platform; every write is
 * checked against the rules table with the line item as the platform has it (or, out of reach,
 * as main last read it) and queued in the outbox.
 */
export function createLineItemsService(deps: CampaignServiceDeps) {
  const lineItems = createReadings<LineItem>()
  const campaigns = createReadings<Campaign>()
  const categories = createReadings<CuratedCategory>()
  const businessCategories = new Map<string, BusinessCategory[]>()

  async function campaignsFor(
    ctx: AdsContext,
    profileId: string,
    accountId: string,
    items: readonly LineItem[],
  ) {
    const ids = [...new Set(items.map((item) => item.campaign_id).filter((id): id is string => !!id))]
    const missing = ids.filter((id) => !campaigns.get(profileId, accountId, id))
    if (missing.length > 0) {
      try {
        const page = await listCampaigns(ctx, accountId, {
          campaignIds: missing,
          count: PAGE_SIZE,
          withDeleted: true,
        })
        campaigns.remember(profileId, accountId, page.data)
      } catch (error) {
        // Campaign names are a nicety on the list; the line items are what was asked for.
        if (!isUnreachable(error)) throw error
      }
    }
    return (id: string | null | undefined) => (id ? campaigns.get(profileId, accountId, id) : undefined)
  }

  /** The line items by id, fresh when the platform answers, else as last read; unknown ids are refused. */
  async function resolve(
    ctx: AdsContext,
    profileId: string,
    accountId: string,
    ids: readonly string[],
    withDeleted: boolean,
  ): Promise<LineItem[]> {
    try {
      const page = await listLineItems(ctx, accountId, {
        lineItemIds: [...ids],
        count: PAGE_SIZE,
        withDeleted,
      })
      lineItems.remember(profileId, accountId, page.data)
      const found = new Map(page.data.map((item) => [item.id, item]))
      const unknown = ids.find((id) => !found.has(id))
      if (unknown) refuse(`Line item ${unknown} is not on this account — reload the list`)
      return ids.map((id) => found.get(id) as LineItem)
    } catch (error) {
      if (!isUnreachable(error)) throw error
      return ids.map((id) => {
        const known = lineItems.get(profileId, accountId, id)
        if (!known) throw error
        return known
      })
    }
  }

  async function campaignOf(ctx: AdsContext, profileId: string, accountId: string, item: LineItem) {
    if (!item.campaign_id) return undefined
    try {
      const campaign = await getCampaign(ctx, accountId, item.campaign_id)
      campaigns.remember(profileId, accountId, [campaign])
      return campaign
    } catch (error) {
      if (!isUnreachable(error)) throw error
      return campaigns.get(profileId, accountId, item.campaign_id)
    }
  }

  async function businessCategoriesOf(
    ctx: AdsContext,
    profileId: string,
  ): Promise<BusinessCategory[] | undefined> {
    const known = businessCategories.get(profileId)
    if (known) return known
    try {
      const fresh = await listAdvertiserBusinessCategories(ctx)
      businessCategories.set(profileId, fresh)
      return fresh
    } catch (error) {
      if (!isUnreachable(error)) throw error
      return undefined
    }
  }

  async function linksOf(ctx: AdsContext, accountId: string): Promise<LineItemCuratedCategory[]> {
    const all = await collectAll(
      paginate((cursor) =>
        listLineItemCuratedCategories(ctx, accountId, { count: FULL_PAGE, ...(cursor ? { cursor } : {}) }),
      ),
    )
    return all.filter((link) => link.deleted !== true)
  }

  async function category(ctx: AdsContext, profileId: string, accountId: string, id: string) {
    const known = categories.get(profileId, accountId, id)
    if (known) return known
    const fresh = await getCuratedCategory(ctx, accountId, id)
    categories.remember(profileId, accountId, [fresh])
    return fresh
  }

  /** Refuses a change the rules table refuses, naming the first broken rule and its field. */
  function check(item: LineItem, patch: LineItemPatch, context: LineItemRuleContext): void {
    const issue = validateLineItemChange(lineItemState(item), patch, context).find(
      (i) => i.severity === 'error',
    )
    if (issue) refuse(`“${nameOf(item)}”: ${issue.message}`, String(issue.path[0]))
  }

  return {
    list(
      profileId: string,
      accountId: string,
      cursor?: string,
    ): Promise<{ lineItems: LineItemView[]; nextCursor: string | null }> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const page = await listLineItems(ctx, accountId, { count: PAGE_SIZE, ...(cursor ? { cursor } : {}) })
        const live = page.data.filter((item) => item.deleted !== true)
        lineItems.remember(profileId, accountId, live)
        const campaignOfItem = await campaignsFor(ctx, profileId, accountId, live)
        return {
          lineItems: live.map((item) => toView(item, campaignOfItem(item.campaign_id))),
          nextCursor: page.nextCursor,
        }
      })
    },

    update(
      profileId: string,
      accountId: string,
      lineItemId: string,
      patch: LineItemPatch,
    ): Promise<OutboxJobView> {
      return deps.withAdsContext(profileId, async (ctx) => {
        let item: LineItem
        try {
          item = await getLineItem(ctx, accountId, lineItemId)
          lineItems.remember(profileId, accountId, [item])
        } catch (error) {
          const known = isUnreachable(error) ? lineItems.get(profileId, accountId, lineItemId) : undefined
          if (!known) throw error
          item = known
        }
        const campaign = await campaignOf(ctx, profileId, accountId, item)
        const needsBusiness = patch.categories !== undefined
        const business = needsBusiness ? await businessCategoriesOf(ctx, profileId) : undefined
        check(item, patch, {
          ...(campaign ? { campaignBudgetOptimization: campaign.budget_optimization ?? null } : {}),
          ...(business ? { businessCategories: business } : {}),
        })
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title: `Update “${nameOf(item)}”`,
          steps: [{ op: OPS.lineItemUpdate, params: { lineItemId, name: nameOf(item), patch } }],
        })
      })
    },

    setStatus(profileId: string, accountId: string, ids: readonly string[], status: 'ACTIVE' | 'PAUSED') {
      return deps.withAdsContext(profileId, async (ctx) => {
        const items = await resolve(ctx, profileId, accountId, [...new Set(ids)], false)
        const changing = items.filter((item) => item.entity_status !== status)
        const verb = status === 'PAUSED' ? 'Pause' : 'Activate'
        if (changing.length === 0)
          refuse(`Already ${status === 'PAUSED' ? 'paused' : 'active'}: nothing to change`)
        for (const item of changing) check(item, { entity_status: status }, {})
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title:
            changing.length === 1
              ? `${verb} “${nameOf(changing[0] as LineItem)}”`
              : `${verb} ${changing.length} line items`,
          continueOnError: true,
          steps: changing.map((item) => ({
            op: OPS.lineItemUpdate,
            params: { lineItemId: item.id, name: nameOf(item), patch: { entity_status: status } },
          })),
        })
      })
    },

    delete(profileId: string, accountId: string, ids: readonly string[]) {
      return deps.withAdsContext(profileId, async (ctx) => {
        // Deleted ones are looked up too: deleting again is "already deleted", not "unknown".
        const items = await resolve(ctx, profileId, accountId, [...new Set(ids)], true)
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title:
            items.length === 1
              ? `Delete “${nameOf(items[0] as LineItem)}”`
              : `Delete ${items.length} line items`,
          continueOnError: true,
          steps: items.map((item) => ({
            op: OPS.lineItemDelete,
            params: { lineItemId: item.id, name: nameOf(item) },
          })),
        })
      })
    },

    categories(profileId: string, accountId: string, lineItemId: string): Promise<CategoryLinkView[]> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const links = (await linksOf(ctx, accountId)).filter((link) => link.line_item_id === lineItemId)
        return Promise.all(
          links.map(async (link): Promise<CategoryLinkView> => {
            const found = await category(ctx, profileId, accountId, link.curated_category_id).catch(
              (error: unknown) => {
                if (isAppFailure(error) && error.code === 'not_found') return undefined
                throw error
              },
            )
            return {
              id: link.id,
              lineItemId: link.line_item_id,
              curatedCategoryId: link.curated_category_id,
              ...(found ? { category: toCategoryView(found) } : {}),
              ...(link.created_at ? { createdAt: link.created_at } : {}),
            }
          }),
        )
      })
    },

    attachCategory(profileId: string, accountId: string, lineItemId: string, curatedCategoryId: string) {
      return deps.withAdsContext(profileId, async (ctx) => {
        const [item] = await resolve(ctx, profileId, accountId, [lineItemId], false)
        const found = await category(ctx, profileId, accountId, curatedCategoryId).catch((error: unknown) => {
          if (isAppFailure(error) && error.code === 'not_found')
            refuse(`There is no curated category ${curatedCategoryId}`, 'curatedCategoryId')
          throw error
        })
        const links = await linksOf(ctx, accountId)
        if (
          links.some(
            (link) => link.line_item_id === lineItemId && link.curated_category_id === curatedCategoryId,
          )
        )
          refuse(`“${found.name ?? curatedCategoryId}” is already attached`, 'curatedCategoryId')
        const lineItemName = nameOf(item as LineItem)
        const categoryName = found.name ?? curatedCategoryId
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title: `Attach “${categoryName}” to “${lineItemName}”`,
          steps: [
            { op: OPS.categoryAttach, params: { lineItemId, curatedCategoryId, lineItemName, categoryName } },
          ],
        })
      })
    },

    detachCategory(profileId: string, accountId: string, linkIds: readonly string[]) {
      return deps.withAdsContext(profileId, async (ctx) => {
        const links = await linksOf(ctx, accountId)
        const steps = [...new Set(linkIds)].map((linkId) => {
          const link = links.find((candidate) => candidate.id === linkId)
          if (!link) refuse(`That curated category is no longer attached — reload the line item`)
          const name =
            categories.get(profileId, accountId, link.curated_category_id)?.name ?? link.curated_category_id
          return { op: OPS.categoryDetach, params: { linkId, name } }
        })
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title:
            steps.length === 1
              ? `Detach “${steps[0]?.params.name}”`
              : `Detach ${steps.length} curated categories`,
          continueOnError: true,
          steps,
        })
      })
    },

    getCategory(profileId: string, accountId: string, categoryId: string): Promise<CuratedCategoryView> {
      return deps.withAdsContext(profileId, async (ctx) => {
        try {
          return toCategoryView(await category(ctx, profileId, accountId, categoryId))
        } catch (error) {
          if (isAppFailure(error) && error.code === 'not_found') {
            throw new AppFailure(
              appError('not_found', `There is no curated category ${categoryId}`, { field: 'categoryId' }),
            )
          }
          throw error
        }
      })
    },

    listCategories(
      profileId: string,
      accountId: string,
      countryCodes: readonly string[],
    ): Promise<CuratedCategoryView[]> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const page = await listCuratedCategories(ctx, accountId, countryCodes)
        categories.remember(profileId, accountId, page.data)
        return page.data.map(toCategoryView)
      })
    },

    businessCategories(profileId: string): Promise<BusinessCategoryView[]> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const list = await listAdvertiserBusinessCategories(ctx)
        businessCategories.set(profileId, list)
        return list.map((c) => ({ id: c.id, name: c.name, iabCategories: c.iab_categories }))
      })
    },
  }
}

export type LineItemsService = ReturnType<typeof createLineItemsService>
