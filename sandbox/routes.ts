import { accountRoutes } from './ads/accounts'
import { audienceEstimateRoutes } from './ads/audienceEstimate'
import { accountMediaRoutes, cardRoutes } from './ads/cards'
import { campaignRoutes, lineItemCuratedCategoryRoutes, lineItemRoutes } from './ads/lineItems'
import { catalogRoutes } from './ads/catalogs'
import { customAudienceRoutes } from './ads/customAudiences'
import { doNotReachListRoutes } from './ads/doNotReachLists'
import { PERMISSIONS_VERSION, tailoredAudiencePermissionRoutes } from './ads/audiencePermissions'
import { keywordInsightRoutes } from './ads/keywordInsights'
import { locationRoutes } from './ads/locations'
import { sampleImageRoutes } from './ads/productImages'
import { productRoutes } from './ads/products'
import { productSetRoutes } from './ads/productSets'
import { mediaLibraryRoutes } from './ads/mediaLibrary'
import { pollCardRoutes } from './ads/pollCards'
import { postRoutes } from './ads/posts'
import { videoConversationCardRoutes } from './ads/videoConversationCards'
import { authorizePageRoutes } from './platform/authorizePages'
import { credentialRoutes } from './platform/credentials'
import { mediaFileRoutes } from './platform/mediaFiles'
import { mediaUploadRoutes } from './platform/mediaUpload'
import { platformPostRoutes } from './platform/posts'
import { webhookRoutes } from './platform/webhooks'
import { newsRoutes } from './platform/news'
import { streamConnectionRoutes } from './platform/streamConnections'
import { webhookReplayRoutes } from './platform/webhookReplay'
import { Router } from './router'
import { adminRoutes } from './admin/routes'

export const ADS_VERSION = '12'
export const ADS_PREFIX = '/ads'
export const ADS_SANDBOX_PREFIX = '/ads-sandbox'

const adsRoutes = [
  ...accountRoutes,
  ...accountMediaRoutes,
  // Before cardRoutes: `cards/poll` and `cards/video_conversation` must not be read as a card id.
  ...pollCardRoutes,
  ...videoConversationCardRoutes,
  ...cardRoutes,
  ...mediaLibraryRoutes,
  ...postRoutes,
  ...lineItemRoutes,
  ...lineItemCuratedCategoryRoutes,
  ...campaignRoutes,
  // Part A: product catalogs, products, product sets, keyword insights.
  ...catalogRoutes,
  ...productRoutes,
  ...productSetRoutes,
  ...keywordInsightRoutes,
  // Targeting: the locations look-up and the audience estimate.
  ...locationRoutes,
  ...audienceEstimateRoutes,
  // Part A: audiences (custom audience users, targeting look-up, do-not-reach lists).
  ...customAudienceRoutes,
  ...doNotReachListRoutes,
]

export function buildRouter(): Router {
  const router = new Router()
  router.add([
    ...adminRoutes,
    ...credentialRoutes,
    ...authorizePageRoutes,
    ...webhookRoutes,
    // Release history (platform document 127, 130-135): webhook replay, connections, news.
    ...webhookReplayRoutes,
    ...streamConnectionRoutes,
    ...newsRoutes,
    ...platformPostRoutes,
    ...mediaUploadRoutes,
    ...mediaFileRoutes,
    ...sampleImageRoutes,
  ])
  // Both ads hosts serve the same API over one shared store; sandbox-only operations check the host.
  router.add(adsRoutes, `${ADS_PREFIX}/${ADS_VERSION}`)
  router.add(adsRoutes, `${ADS_SANDBOX_PREFIX}/${ADS_VERSION}`)
  // Tailored audience permissions keep version 5 (spec part A).
  router.add(tailoredAudiencePermissionRoutes, `${ADS_PREFIX}/${PERMISSIONS_VERSION}`)
  router.add(tailoredAudiencePermissionRoutes, `${ADS_SANDBOX_PREFIX}/${PERMISSIONS_VERSION}`)
  return router
}
