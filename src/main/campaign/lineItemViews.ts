import type { CuratedCategoryView, LineItemView } from '../../shared/ipc/contracts/campaign'
import { LINE_ITEM_PUT_FIELDS, type LineItemState, type LineItemValues } from '../../shared/rules/lineItems'
import type { Campaign, CuratedCategory, LineItem } from '../api/lineItems'

/** Line items and curated categories as the pages see them, and as the rules read them. */

export const nameOf = (item: LineItem): string => item.name?.trim() || `Line item ${item.id}`

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

export function toView(item: LineItem, campaign: Campaign | undefined): LineItemView {
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
