import { AppFailure, appError, invalidInput, isAppFailure } from '../../shared/errors'
import type {
  BusinessCategoryView,
  CategoryLinkView,
  CuratedCategoryView,
} from '../../shared/ipc/contracts/campaign'
import { listAdvertiserBusinessCategories } from '../api/accountAdmin'
import type { AdsContext } from '../api/adsRequest'
import {
  getLineItemCuratedCategory,
  lineItemCuratedCategorySchema,
  listCuratedCategories,
  type CuratedCategory,
  type LineItem,
  type LineItemCuratedCategory,
} from '../api/lineItems'
import type { CampaignReads } from './campaignReads'
import { nameOf, toCategoryView } from './lineItemViews'
import type { CampaignServiceDeps } from './lineItemsService'
import { OPS } from './operations'
import { mirroredObjects, platformOrMirror } from '../mirror/offlineReads'

/**
 * Curated categories and the advertiser business categories: read from the platform; attaching
 * and detaching a line item's curated categories is queued in the outbox.
 */
export function createCuratedCategoriesService(deps: CampaignServiceDeps & { reads: CampaignReads }) {
  const { reads } = deps

  /** A curated category by id, or undefined when the platform has none by that id. */
  function readable(ctx: AdsContext, profileId: string, accountId: string, categoryId: string) {
    return reads.category(ctx, profileId, accountId, categoryId).catch((error: unknown) => {
      if (isAppFailure(error) && error.code === 'not_found') return undefined
      throw error
    })
  }

  async function linkView(
    ctx: AdsContext,
    profileId: string,
    accountId: string,
    link: LineItemCuratedCategory,
  ): Promise<CategoryLinkView> {
    return viewOf(link, await readable(ctx, profileId, accountId, link.curated_category_id))
  }

  function viewOf(link: LineItemCuratedCategory, found: CuratedCategory | undefined): CategoryLinkView {
    return {
      id: link.id,
      lineItemId: link.line_item_id,
      curatedCategoryId: link.curated_category_id,
      ...(found ? { category: toCategoryView(found) } : {}),
      ...(link.created_at ? { createdAt: link.created_at } : {}),
      ...(link.updated_at ? { updatedAt: link.updated_at } : {}),
    }
  }

  /** The link read fresh, deleted ones too; refused, in words, once it is not this line item's. */
  async function freshLink(ctx: AdsContext, accountId: string, lineItemId: string, linkId: string) {
    const link = await getLineItemCuratedCategory(ctx, accountId, linkId, { withDeleted: true }).catch(
      (error: unknown) => {
        if (isAppFailure(error) && error.code === 'not_found') return undefined
        throw error
      },
    )
    if (!link || link.deleted === true)
      throw new AppFailure(
        appError(
          'not_found',
          'That curated category is no longer attached: it was detached elsewhere. The list shows it as it is now.',
        ),
      )
    if (link.line_item_id !== lineItemId)
      throw new AppFailure(
        appError(
          'not_found',
          'That curated category is now attached to another line item. The list shows it as it is now.',
        ),
      )
    return link
  }

  return {
    links(
      profileId: string,
      accountId: string,
      lineItemId: string,
    ): Promise<{ links: CategoryLinkView[]; mirror?: { asOf: string } }> {
      const { mirror } = deps
      return platformOrMirror(
        () =>
          deps.withAdsContext(profileId, async (ctx) => {
            const links = (await reads.linksOf(ctx, accountId)).filter(
              (link) => link.line_item_id === lineItemId,
            )
            return {
              links: await Promise.all(links.map((link) => linkView(ctx, profileId, accountId, link))),
            }
          }),
        // Out of reach: the links the mirror kept, with the categories main last read.
        mirror &&
          (async () => {
            const kept = await mirroredObjects(
              mirror,
              profileId,
              accountId,
              'line_item_curated_categories',
              lineItemCuratedCategorySchema,
            )
            if (!kept) return undefined
            const links = kept.items.filter((link) => link.line_item_id === lineItemId)
            return {
              links: links.map((link) => {
                const known = reads.categories.get(profileId, accountId, link.curated_category_id)
                return viewOf(link, known)
              }),
              mirror: { asOf: kept.asOf },
            }
          }),
      )
    },

    /** One attachment as the platform has it now (B:198): what the designer is about to change. */
    link(
      profileId: string,
      accountId: string,
      lineItemId: string,
      linkId: string,
    ): Promise<CategoryLinkView> {
      return deps.withAdsContext(profileId, async (ctx) =>
        linkView(ctx, profileId, accountId, await freshLink(ctx, accountId, lineItemId, linkId)),
      )
    },

    /**
     * Puts another curated category in place of an attached one (PUT, B:200: both of its fields
     * are optional; only `curated_category_id` changes). Checked against the link as it is now,
     * so a change made elsewhere is not overwritten blindly.
     */
    changeCategory(
      profileId: string,
      accountId: string,
      lineItemId: string,
      linkId: string,
      curatedCategoryId: string,
    ) {
      return deps.withAdsContext(profileId, async (ctx) => {
        const link = await freshLink(ctx, accountId, lineItemId, linkId)
        const from = await readable(ctx, profileId, accountId, link.curated_category_id)
        const fromName = from?.name ?? link.curated_category_id
        if (link.curated_category_id === curatedCategoryId)
          throw invalidInput(
            `“${fromName}” is the one attached now — choose another category`,
            'curatedCategoryId',
          )
        const to = await readable(ctx, profileId, accountId, curatedCategoryId)
        if (!to) throw invalidInput(`There is no curated category ${curatedCategoryId}`, 'curatedCategoryId')
        const toName = to.name ?? curatedCategoryId
        const links = await reads.linksOf(ctx, accountId)
        if (links.some((l) => l.line_item_id === lineItemId && l.curated_category_id === curatedCategoryId))
          throw invalidInput(`“${toName}” is already attached to this line item`, 'curatedCategoryId')
        const [item] = await reads.resolve(ctx, profileId, accountId, [lineItemId], false)
        const lineItemName = nameOf(item as LineItem)
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title: `Change “${fromName}” to “${toName}” on “${lineItemName}”`,
          steps: [
            {
              op: OPS.categoryChange,
              params: { linkId, lineItemId, curatedCategoryId, lineItemName, fromName, toName },
            },
          ],
        })
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
