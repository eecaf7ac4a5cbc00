import { AppFailure, appError, invalidInput, isAppFailure } from '../../shared/errors'
import type {
  BusinessCategoryView,
  CategoryLinkView,
  CuratedCategoryView,
} from '../../shared/ipc/contracts/campaign'
import { listAdvertiserBusinessCategories } from '../api/accountAdmin'
import { listCuratedCategories, type LineItem } from '../api/lineItems'
import type { CampaignReads } from './campaignReads'
import { nameOf, toCategoryView } from './lineItemViews'
import type { CampaignServiceDeps } from './lineItemsService'
import { OPS } from './operations'

/**
 * Curated categories and the advertiser business categories: read from the platform; attaching
 * and detaching a line item's curated categories is queued in the outbox.
 */
export function createCuratedCategoriesService(deps: CampaignServiceDeps & { reads: CampaignReads }) {
  const { reads } = deps
  return {
    links(profileId: string, accountId: string, lineItemId: string): Promise<CategoryLinkView[]> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const links = (await reads.linksOf(ctx, accountId)).filter((link) => link.line_item_id === lineItemId)
        return Promise.all(
          links.map(async (link): Promise<CategoryLinkView> => {
            const found = await reads
              .category(ctx, profileId, accountId, link.curated_category_id)
              .catch((error: unknown) => {
                if (isAppFailure(error) && error.code === 'not_found') return undefined
                throw error
              })
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
        const [item] = await reads.resolve(ctx, profileId, accountId, [lineItemId], false)
        const found = await reads
          .category(ctx, profileId, accountId, curatedCategoryId)
          .catch((error: unknown) => {
            if (isAppFailure(error) && error.code === 'not_found')
              throw invalidInput(`There is no curated category ${curatedCategoryId}`, 'curatedCategoryId')
            throw error
          })
        const links = await reads.linksOf(ctx, accountId)
        if (
          links.some(
            (link) => link.line_item_id === lineItemId && link.curated_category_id === curatedCategoryId,
          )
        )
          throw invalidInput(`“${found.name ?? curatedCategoryId}” is already attached`, 'curatedCategoryId')
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
        const links = await reads.linksOf(ctx, accountId)
        const steps = [...new Set(linkIds)].map((linkId) => {
          const link = links.find((candidate) => candidate.id === linkId)
          if (!link) throw invalidInput(`That curated category is no longer attached — reload the line item`)
          const name =
            reads.categories.get(profileId, accountId, link.curated_category_id)?.name ??
            link.curated_category_id
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
          return toCategoryView(await reads.category(ctx, profileId, accountId, categoryId))
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
        reads.categories.remember(profileId, accountId, page.data)
        return page.data.map(toCategoryView)
      })
    },

    businessCategories(profileId: string): Promise<BusinessCategoryView[]> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const list = await listAdvertiserBusinessCategories(ctx)
        reads.businessCategories.set(profileId, list)
        return list.map((c) => ({ id: c.id, name: c.name, iabCategories: c.iab_categories }))
      })
    },
  }
}
