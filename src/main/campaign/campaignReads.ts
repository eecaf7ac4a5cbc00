import { isAppFailure, invalidInput } from '../../shared/errors'
import { listAdvertiserBusinessCategories, type BusinessCategory } from '../api/accountAdmin'
import type { AdsContext } from '../api/adsRequest'
import { collectAll, paginate } from '../api/cursor'
import {
  getCampaign,
  getCuratedCategory,
  listCampaigns,
  listLineItemCuratedCategories,
  listLineItems,
  type Campaign,
  type CuratedCategory,
  type LineItem,
  type LineItemCuratedCategory,
} from '../api/lineItems'

export const PAGE_SIZE = 200
/** The largest page the link and app lists take (B:197, B:161). */
export const FULL_PAGE = 1000

/** Failures after which main's last reading is the best context there is: nothing was refused. */
const UNREACHABLE = new Set(['offline', 'timeout', 'server_unavailable', 'rate_limited', 'outcome_unknown'])
export const isUnreachable = (error: unknown): boolean => isAppFailure(error) && UNREACHABLE.has(error.code)

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
 * The campaign side's reads of the platform, and main's last reading of each line item,
 * campaign and curated category: what the rules check a change against when the platform is
 * out of reach. One per app, shared by the line items and the curated categories.
 */
export function createCampaignReads() {
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
      if (unknown) throw invalidInput(`Line item ${unknown} is not on this account — reload the list`)
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

  return {
    lineItems,
    campaigns,
    categories,
    businessCategories,
    campaignsFor,
    resolve,
    campaignOf,
    businessCategoriesOf,
    linksOf,
    category,
  }
}

export type CampaignReads = ReturnType<typeof createCampaignReads>
