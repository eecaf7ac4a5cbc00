import { makeLibraryItem, makePrerollAccountMedia, newMediaKey } from './ads/records'
import type { MediaType } from './media'
import { seedAudiences } from './seedAudiences'
import { seedStreamConnections } from './platform/streamConnections'
import type { AdsRecord, SandboxState } from './state'
import { emptyCounts, isoSeconds, longId, shortId } from './state'

/** Fixed demo credentials so docs and scripts can name them; they only ever open this loopback sandbox. */
export const DEMO = {
  consumerKey: 'sbxDemoConsumerKey7Hq2Lw9',
  consumerSecret: 'sbxDemoConsumerSecret4Vn8Tz1Rk6Pm3Xc5Jd0Gy2Wb',
  appName: 'Ads Studio Sandbox Demo',
  screenName: 'sandbox_designer',
  userId: '1580000000000000001',
  callbackUrl: 'http://127.0.0.1/callback',
  otherScreenName: 'other_advertiser',
  otherUserId: '1580000000000000002',
} as const

const SEED_TIME = Date.parse('2026-01-05T10:00:00Z')

export function seedState(): SandboxState {
  const state: SandboxState = {
    schema: 1,
    seq: 0,
    apps: [
      {
        consumerKey: DEMO.consumerKey,
        consumerSecret: DEMO.consumerSecret,
        name: DEMO.appName,
        accessLevel: 'write',
        callbackUrls: [DEMO.callbackUrl, 'http://localhost/callback'],
        ownerUserId: DEMO.userId,
        signInWithPlatform: true,
      },
    ],
    users: [
      {
        id: DEMO.userId,
        screenName: DEMO.screenName,
        name: 'Sandbox Designer',
        createdAt: isoSeconds(SEED_TIME),
        // Premium: may edit posts and write long-form ones (the admin route can take it away).
        premium: true,
      },
      {
        id: DEMO.otherUserId,
        screenName: DEMO.otherScreenName,
        name: 'Other Advertiser',
        createdAt: isoSeconds(SEED_TIME),
        premium: false,
      },
    ],
    grants: [],
    requestTokens: [],
    accessTokens: [],
    bearerTokens: [],
    webhooks: [
      {
        id: '1146654567674912769',
        consumerKey: DEMO.consumerKey,
        url: 'https://example.com/webhooks/one',
        deleted: false,
      },
      {
        id: '1146654567674912770',
        consumerKey: DEMO.consumerKey,
        url: 'https://example.com/webhooks/two',
        deleted: false,
      },
    ],
    uploads: [],
    accounts: [],
    accountApps: [],
    accountMedia: [],
    cards: [],
    legacyCards: [],
    pollCards: [],
    videoConversationCards: [],
    mediaLibrary: [],
    posts: [],
    campaigns: [],
    lineItems: [],
    curatedCategories: [],
    lineItemCuratedCategories: [],
    productCatalogs: [],
    products: [],
    productSets: [],
    customAudiences: [],
    tailoredAudiencePermissions: [],
    doNotReachLists: [],
    audienceUploads: [],
    streamConnections: [],
    webhookReplays: [],
    history: [],
    created: emptyCounts(),
  }
  let clock = SEED_TIME
  const tick = (): number => (clock += 60_000)

  const account = (name: string, owner: string, features: string[], historyBeta = true): string => {
    const id = `18ce5${shortId(state)}`
    const stamp = isoSeconds(tick())
    state.accounts.push({
      id,
      name,
      business_name: `${name} Ltd`,
      business_id: longId(state),
      timezone: 'Europe/London',
      timezone_switch_at: stamp,
      industry_type: 'MEDIA',
      approval_status: 'ACCEPTED',
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _owner: owner,
      _sandbox: false,
      _features: features,
      _history_allowlisted: historyBeta,
    })
    return id
  }
  const main = account('Sandbox Studio Main', DEMO.userId, [
    'PROMOTED_MEDIA_POLLS',
    'CONVERSATION_CARD',
    'REACH_AND_FREQUENCY_ANALYTICS',
  ])
  // Outside the account history beta, so the app's "not allowlisted" path can be seen. How long a
  // post may be belongs to the posting user (premium: long-form), not to an account.
  const second = account('Sandbox Studio Second', DEMO.userId, ['REACH_FREQUENCY_CAP'], false)
  const foreign = account('Other Advertiser Account', DEMO.otherUserId, [])

  const library = (
    accountId: string,
    name: string,
    mediaType: MediaType,
    category: string,
    width: number,
    height: number,
    durationMs?: number,
  ): string => {
    const { mediaKey } = newMediaKey(state, mediaType, category)
    state.mediaLibrary.push(
      makeLibraryItem({
        account: accountId,
        mediaKey,
        mediaType,
        mediaCategory: category,
        width,
        height,
        ...(durationMs !== undefined ? { durationMs } : {}),
        name,
        fileName: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${mediaType === 'VIDEO' ? 'mp4' : mediaType === 'GIF' ? 'gif' : 'png'}`,
        ...(mediaType === 'VIDEO' ? { title: name, description: `${name} (sandbox seed)` } : {}),
        now: tick(),
      }),
    )
    return mediaKey
  }
  const banner = library(main, 'Summer sale banner 1200x628', 'IMAGE', 'POST_IMAGE', 1200, 628)
  library(main, 'Minimum poll image 800x419', 'IMAGE', 'POST_IMAGE', 800, 419)
  library(main, 'Small banner 600x314', 'IMAGE', 'POST_IMAGE', 600, 314)
  const square = library(main, 'Square product shot 1080x1080', 'IMAGE', 'POST_IMAGE', 1080, 1080)
  library(main, 'Portrait story 1080x1350', 'IMAGE', 'POST_IMAGE', 1080, 1350)
  library(main, 'Wide hero 1920x1005', 'IMAGE', 'POST_IMAGE', 1920, 1005)
  library(main, 'Looping teaser GIF', 'GIF', 'POST_GIF', 480, 270)
  library(main, 'Product video 16x9', 'VIDEO', 'POST_VIDEO', 1920, 1080, 15_000)
  library(main, 'Square video 1x1', 'VIDEO', 'POST_VIDEO', 1080, 1080, 10_000)
  const adsVideo = library(main, 'Preroll spot 16x9', 'VIDEO', 'ADS_VIDEO', 1280, 720, 6_000)
  library(second, 'Second account banner', 'IMAGE', 'POST_IMAGE', 1200, 628)
  library(second, 'Second account video', 'VIDEO', 'POST_VIDEO', 1280, 720, 8_000)
  library(foreign, 'Foreign banner', 'IMAGE', 'POST_IMAGE', 1200, 628)

  state.accountMedia.push(makePrerollAccountMedia(state, main, adsVideo, tick()))
  const accountMedia = (accountId: string, creativeType: string, width: number, height: number): void => {
    const stamp = isoSeconds(tick())
    const { mediaKey } = newMediaKey(state, 'IMAGE', null)
    state.accountMedia.push({
      id: shortId(state),
      video_id: null,
      media_url: `sandbox-origin:/media/${mediaKey}.png`,
      creative_type: creativeType,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _account: accountId,
      _width: width,
      _height: height,
    })
  }
  accountMedia(main, 'BANNER', 320, 50)
  accountMedia(main, 'INTERSTITIAL', 320, 480)
  accountMedia(second, 'MEDIUM_RECTANGLE', 300, 250)

  const app = (accountId: string, storeId: string, osType: string, deepLink: string): void => {
    const stamp = isoSeconds(tick())
    state.accountApps.push({
      id: shortId(state),
      app_store_identifier: storeId,
      os_type: osType,
      deep_link_pattern: deepLink,
      conversion_tracking_enabled: true,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _account: accountId,
    })
  }
  app(main, '333903271', 'IOS', 'sandboxstudio://open/*')
  app(main, 'com.example.sandboxstudio', 'ANDROID', 'sandboxstudio://open/*')

  const cardStamp = isoSeconds(tick())
  const seededCardId = longId(state)
  state.cards.push({
    id: seededCardId,
    name: 'Seeded website card',
    card_type: 'IMAGE_WEBSITE',
    card_uri: `card://${seededCardId}`,
    components: [
      { type: 'MEDIA', media_key: banner },
      {
        type: 'DETAILS',
        title: 'Summer sale',
        destination: { type: 'WEBSITE', url: 'https://example.com/sale' },
      },
    ],
    created_at: cardStamp,
    updated_at: cardStamp,
    deleted: false,
    _account: main,
  })
  const legacyId = shortId(state)
  state.legacyCards.push({
    id: legacyId,
    name: 'Seeded image conversation card',
    card_type: 'IMAGE_CONVERSATION',
    card_uri: `card://${legacyId}`,
    created_at: cardStamp,
    updated_at: cardStamp,
    deleted: false,
    _account: main,
    _legacy_type: 'image_conversation',
    _media_key: square,
  })

  const campaign = (accountId: string, name: string, budgetOptimization: string): string => {
    const id = shortId(state)
    const stamp = isoSeconds(tick())
    const record: AdsRecord = {
      id,
      name,
      start_time: isoSeconds(SEED_TIME),
      end_time: null,
      purchase_order_number: null,
      daily_budget_amount_local_micro: 50_000_000,
      total_budget_amount_local_micro: 1_000_000_000,
      duration_in_days: null,
      standard_delivery: true,
      entity_status: 'ACTIVE',
      frequency_cap: null,
      budget_optimization: budgetOptimization,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _account: accountId,
    }
    state.campaigns.push(record)
    history(accountId, 'CAMPAIGN', id, record)
    return id
  }
  const history = (accountId: string, entity: string, entityId: string, data: AdsRecord): void => {
    const { _account, ...entityData } = data
    state.history.push({
      change_time: data.created_at,
      change_type: 'CREATE',
      change_by: { user_id: DEMO.userId, platform: 'ADS_API' },
      changes: null,
      entity,
      entity_id: entityId,
      entity_data: entityData,
      _account,
    })
  }
  const brandCampaign = campaign(main, 'Brand awareness', 'CAMPAIGN')
  const performanceCampaign = campaign(main, 'Performance', 'LINE_ITEM')
  const secondCampaign = campaign(second, 'Second account reach', 'CAMPAIGN')

  const lineItem = (accountId: string, campaignId: string, fields: Record<string, unknown>): void => {
    const stamp = isoSeconds(tick())
    const record: AdsRecord = {
      id: shortId(state),
      campaign_id: campaignId,
      name: null,
      objective: 'WEBSITE_CLICKS',
      goal: 'LINK_CLICKS',
      product_type: 'PROMOTED_POSTS',
      placements: ['ALL_ON_PLATFORM'],
      bid_strategy: 'AUTO',
      bid_amount_local_micro: null,
      target_cpa_local_micro: null,
      pay_by: 'IMPRESSION',
      start_time: isoSeconds(SEED_TIME),
      end_time: null,
      duration_in_days: null,
      frequency_cap: null,
      standard_delivery: true,
      total_budget_amount_local_micro: null,
      daily_budget_amount_local_micro: null,
      entity_status: 'ACTIVE',
      currency: 'USD',
      categories: [],
      advertiser_user_id: null,
      advertiser_domain: null,
      android_app_store_identifier: null,
      ios_app_store_identifier: null,
      primary_web_event_tag: null,
      automatic_post_promotion: null,
      creative_source: 'MANUAL',
      audience_expansion: null,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _account: accountId,
      ...fields,
    }
    state.lineItems.push(record)
    history(accountId, 'LINE_ITEM', record.id as string, record)
  }
  lineItem(main, performanceCampaign, {
    name: 'Website clicks',
    objective: 'WEBSITE_CLICKS',
    goal: 'LINK_CLICKS',
  })
  lineItem(main, brandCampaign, {
    name: 'Preroll on publishers',
    objective: 'PREROLL_VIEWS',
    goal: 'VIEW_3S_100PCT',
    placements: ['PUBLISHER_NETWORK'],
    categories: ['IAB19'],
    advertiser_domain: 'example.com',
  })
  lineItem(main, performanceCampaign, {
    name: 'App installs',
    objective: 'APP_INSTALLS',
    goal: 'APP_INSTALLS',
    ios_app_store_identifier: '333903271',
  })
  lineItem(second, secondCampaign, { name: 'Reach', objective: 'REACH', goal: 'MAX_REACH' })

  const curated = (name: string, description: string, countries: string[]): void => {
    const stamp = isoSeconds(tick())
    state.curatedCategories.push({
      id: shortId(state),
      name,
      description,
      country_codes: countries,
      publisher_user_ids: [longId(state), longId(state)],
      videos_monetized_in_last_thirty_days: 120 + state.seq,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
    })
  }
  curated('Sports', 'Live and highlight video from sports publishers', ['US', 'GB', 'CA'])
  curated('Entertainment', 'Film, television and celebrity news', ['US', 'GB'])
  curated('Gaming', 'Esports and game publishers', ['US', 'JP', 'BR'])
  curated('News', 'National news publishers', ['GB'])

  // Last, so the sequence-based ids above stay what they were before audiences existed.
  seedAudiences(state, { main, second, foreign }, tick())
  seedStreamConnections(state, DEMO.consumerKey, tick())

  state.created = emptyCounts()
  return state
}
