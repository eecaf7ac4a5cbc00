import type { campaignContract } from '../../shared/ipc/contracts/campaign'
import type { HandlersOf } from '../ipc/dispatcher'
import { createAccountAdminService } from './accountAdminService'
import { createCampaignReads } from './campaignReads'
import { createCuratedCategoriesService } from './curatedCategories'
import { createLineItemsService, type CampaignServiceDeps } from './lineItemsService'

/** The IPC handlers of the campaign side of the account, spread into the handler map by services.ts. */
export function createCampaignHandlers(deps: CampaignServiceDeps): HandlersOf<typeof campaignContract> {
  const reads = createCampaignReads()
  const lineItems = createLineItemsService({ ...deps, reads })
  const categories = createCuratedCategoriesService({ ...deps, reads })
  const account = createAccountAdminService(deps)
  const job = async (queued: ReturnType<typeof deps.outbox.enqueueOperations>) => ({ job: await queued })
  return {
    'lineItems.list': ({ profileId, accountId, cursor }) => lineItems.list(profileId, accountId, cursor),
    'lineItems.update': ({ profileId, accountId, lineItemId, patch }) =>
      job(lineItems.update(profileId, accountId, lineItemId, patch)),
    'lineItems.setStatus': ({ profileId, accountId, lineItemIds, status }) =>
      job(lineItems.setStatus(profileId, accountId, lineItemIds, status)),
    'lineItems.delete': ({ profileId, accountId, lineItemIds }) =>
      job(lineItems.delete(profileId, accountId, lineItemIds)),
    'lineItems.categories': ({ profileId, accountId, lineItemId }) =>
      categories.links(profileId, accountId, lineItemId),
    'lineItems.attachCategory': ({ profileId, accountId, lineItemId, curatedCategoryId }) =>
      job(categories.attachCategory(profileId, accountId, lineItemId, curatedCategoryId)),
    'lineItems.detachCategory': ({ profileId, accountId, linkIds }) =>
      job(categories.detachCategory(profileId, accountId, linkIds)),
    'lineItems.categoryLink': async ({ profileId, accountId, lineItemId, linkId }) => ({
      link: await categories.link(profileId, accountId, lineItemId, linkId),
    }),
    'lineItems.changeCategory': ({ profileId, accountId, lineItemId, linkId, curatedCategoryId }) =>
      job(categories.changeCategory(profileId, accountId, lineItemId, linkId, curatedCategoryId)),
    'curatedCategories.get': async ({ profileId, accountId, categoryId }) => ({
      category: await categories.getCategory(profileId, accountId, categoryId),
    }),
    'curatedCategories.list': async ({ profileId, accountId, countryCodes }) => ({
      categories: await categories.listCategories(profileId, accountId, countryCodes),
    }),
    'businessCategories.list': async ({ profileId }) => ({
      categories: await categories.businessCategories(profileId),
    }),
    'accounts.details': async ({ profileId, accountId }) => ({
      account: await account.details(profileId, accountId),
    }),
    'accounts.update': ({ profileId, accountId, name, industryType }) =>
      job(account.update(profileId, accountId, { name, industryType })),
    'accounts.deleteSandbox': ({ profileId, accountId }) => job(account.deleteSandbox(profileId, accountId)),
    'accounts.addFeatures': ({ profileId, accountId, featureKeys }) =>
      job(account.addFeatures(profileId, accountId, featureKeys)),
    'accounts.apps': async ({ profileId, accountId }) => ({ apps: await account.apps(profileId, accountId) }),
    'accounts.history': ({ profileId, accountId, entityType, entityId, startTime, endTime, cursor }) =>
      account.history(profileId, accountId, { entityType, entityId, startTime, endTime, cursor }),
    'accounts.appWrites': async ({ profileId, accountId, entityId, startTime, endTime }) => ({
      writes: await deps.outbox.appWrites({
        profileId,
        accountId,
        entityId,
        start: Date.parse(startTime),
        end: Date.parse(endTime),
      }),
    }),
    'accountMedia.list': ({ profileId, accountId, creativeTypes, cursor }) =>
      account.listMedia(profileId, accountId, { creativeTypes, cursor }),
    'accountMedia.get': async ({ profileId, accountId, accountMediaId }) => ({
      item: await account.media(profileId, accountId, accountMediaId),
    }),
    'accountMedia.delete': ({ profileId, accountId, accountMediaIds }) =>
      job(account.deleteMedia(profileId, accountId, accountMediaIds)),
    'accountMedia.thumbnail': ({ profileId, accountId, accountMediaId }) =>
      account.mediaThumbnail(profileId, accountId, accountMediaId),
  }
}
