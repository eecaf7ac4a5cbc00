// Enums and bounds of the account side of part B: account settings, features, account media,
// account history, curated categories. One entry per fact, each citing its spec line, as in
// limits.ts; test/unit/rules/lineItems.test.ts checks the citations.

import type { EnumLimit, PatternLimit, ValueLimit } from './limits'

const B = 'ads-b-creatives-campaigns.md'

export const ACCOUNT_LIMITS = {
  industryTypes: {
    values: [
      'AGENCY',
      'BUSINESS_TO_BUSINESS',
      'ONLINE_SERVICES',
      'EDUCATION',
      'FINANCIAL',
      'HEALTH',
      'GOVERNMENT',
      'MEDIA',
      'MOBILE',
      'RESTAURANT',
      'RETAIL',
      'TECHNOLOGY',
      'TRAVEL',
      'OTHER',
    ],
    source: `${B}:159`,
  } as EnumLimit<string>,
  creativeTypes: {
    values: [
      'BANNER',
      'BANNER_TABLET',
      'INTERSTITIAL',
      'INTERSTITIAL_LANDSCAPE',
      'INTERSTITIAL_LANDSCAPE_TABLET',
      'INTERSTITIAL_TABLET',
      'MEDIUM_RECTANGLE',
      'PREROLL',
      'VAST_PREROLL',
    ],
    source: `${B}:16`,
  } as EnumLimit<string>,
  historyEntityTypes: {
    values: ['CAMPAIGN', 'LINE_ITEM', 'PROMOTED_POST', 'TARGETING_CRITERIA', 'PROMOTED_ACCOUNT'],
    source: `${B}:162`,
  } as EnumLimit<string>,
  /** Account history start and end times are whole hours. */
  historyWholeHours: { value: true, source: `${B}:162` } as ValueLimit,
  /** Keys the sandbox feature-add operation takes. */
  sandboxFeatureKeys: {
    values: [
      'AGE_TARGETING',
      'ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE',
      'AWARENESS_OBJECTIVE',
      'BRAND_TPN',
      'CHARGE_FOR_GOOD_CLICK',
      'CONVERSATION_CARD',
      'CONVERSATION_CARD_FOUR_OPTIONS',
      'CONVERSATION_CARD_UNLOCK',
      'CPI_CHARGING',
      'DIRECT_MESSAGE_CARD',
      'DR_TAP',
      'ENGAGER_RETARGETING',
      'EVENT_TARGETING',
      'INSTALLED_APP_CATEGORY_TARGETING',
      'MOBILE_CONVERSION_TRANSACTION_VALUE',
      'OPTIMIZED_ACTION_BIDDING',
      'REACH_AND_FREQUENCY_ANALYTICS',
      'REACH_FREQUENCY_CAP',
      'VALIDATED_AGE_TARGETING',
      'VIDEO_VIEWS_MIDROLL_OBJECTIVE',
      'PREROLL_VIEWS_OBJECTIVE',
      'VIDEO_APP_DOWNLOAD_CARD',
    ],
    source: `${B}:167`,
  } as EnumLimit<string>,
  /**
   * Not in the spec's sandbox list: the poll media beta (B:100). Offered on sandbox accounts so
   * poll media can be tried; the platform's sandbox may refuse it, and the app then says so.
   */
  sandboxExtraFeatureKeys: {
    // SHARE_AUDIENCE_OUTSIDE_BUSINESS (ads-a-catalogs-audiences.md:145) lifts the audience
    // sharing business rule; offered on sandbox accounts so sharing across businesses can be tried.
    values: ['PROMOTED_MEDIA_POLLS', 'SHARE_AUDIENCE_OUTSIDE_BUSINESS'],
    source:
      'app rule: the poll media beta of ads-b-creatives-campaigns.md:100 and the audience sharing feature of ads-a-catalogs-audiences.md:145, not in the sandbox list',
  } as EnumLimit<string>,
  /** Upload categories a designer chooses between for a video; ADS_VIDEO also makes PREROLL account media. */
  videoUploadCategories: { values: ['POST_VIDEO', 'ADS_VIDEO'], source: `${B}:31` } as EnumLimit<
    'POST_VIDEO' | 'ADS_VIDEO'
  >,
  prerollCategory: { values: ['ADS_VIDEO'], source: `${B}:63` } as EnumLimit<'ADS_VIDEO'>,
  /** A curated category is available only in its country_codes; codes are ISO 3166-1 alpha-2. */
  countryCode: { pattern: /^[A-Z]{2}$/, source: `${B}:165` } as PatternLimit,
} as const

/** Feature keys "Add feature" offers on a sandbox account. */
export const GRANTABLE_SANDBOX_FEATURES: readonly string[] = [
  ...ACCOUNT_LIMITS.sandboxExtraFeatureKeys.values,
  ...ACCOUNT_LIMITS.sandboxFeatureKeys.values,
]
