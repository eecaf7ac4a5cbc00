import type { Route } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, longId, shortId, touch } from '../state'
import {
  AdsInput,
  accountIdOf,
  adsCaller,
  adsFailure,
  listParameterNames,
  listReply,
  notFound,
  readList,
  requireSandboxHost,
  single,
} from './core'
import type { ListSpec } from './core'
import { accountRecords, listRoute, readIdsAndName } from './resourceRoutes'

const INDUSTRY_TYPES = [
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
] as const

/** Keys the sandbox feature-add operation accepts (part B, POST accounts/:id/features). */
export const SANDBOX_FEATURE_KEYS = [
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
] as const

/**
 * The spec's sandbox list omits PROMOTED_MEDIA_POLLS, the beta the poll-card rules name. This
 * sandbox grants it too, so poll media can be tried end to end (issue 14: "a designer can unlock
 * poll media for testing"); the real ads sandbox may refuse it.
 */
const GRANTABLE_FEATURE_KEYS = [
  ...SANDBOX_FEATURE_KEYS,
  'PROMOTED_MEDIA_POLLS',
  // Likewise the feature that lets an account share audiences outside its business (part A,
  // tailored audience permissions), so that rule can be lifted and tried in the sandbox.
  'SHARE_AUDIENCE_OUTSIDE_BUSINESS',
]

/**
 * GET features documents three example keys; the poll-card rules name PROMOTED_MEDIA_POLLS and
 * WEBSITE_CLICKS_CPM_BILLING appears only there. Any key the platform names is accepted as a filter.
 */
const KNOWN_FEATURE_KEYS = [...GRANTABLE_FEATURE_KEYS, 'WEBSITE_CLICKS_CPM_BILLING']

/** Advertiser business categories with the IAB categories each stands for. */
export const ADVERTISER_BUSINESS_CATEGORIES: { id: string; name: string; iab_categories: string[] }[] = [
  ['Consumer Packaged Goods', ['IAB8', 'IAB18']],
  ['Health & Pharma', ['IAB7']],
  ['Alcohol', ['IAB8-5']],
  ['Dining', ['IAB8-9']],
  ['Financial Services', ['IAB13']],
  ['Retail', ['IAB22']],
  ['Travel', ['IAB20']],
  ['Gaming', ['IAB9-30']],
  ['Technology', ['IAB19']],
  ['Telecommunication', ['IAB19-34']],
  ['Auto', ['IAB2']],
  ['Media & Entertainment', ['IAB1']],
  ['Politics', ['IAB11-4']],
  ['Gambling', ['IAB9-7']],
  ['Dating', ['IAB14-1']],
  ['Non-Profit', ['IAB14-7']],
].map(([name, iab], index) => ({
  id: `abc${(index + 10).toString(36)}`,
  name: name as string,
  iab_categories: iab as string[],
}))

const ACCOUNTS_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at', 'name'],
}
const APPS_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at'],
}
const HISTORY_ENTITY_TYPES = [
  'CAMPAIGN',
  'LINE_ITEM',
  'PROMOTED_POST',
  'TARGETING_CRITERIA',
  'PROMOTED_ACCOUNT',
] as const

export const accountRoutes: Route[] = [
  listRoute({
    pattern: '/accounts',
    spec: ACCOUNTS_LIST,
    filterParameters: ['account_ids', 'q'],
    readFilters: (input) => readIdsAndName(input, 'account_ids', 80),
    records: (rt, caller, matches) =>
      rt.state.accounts.filter((a) => a._owner === caller.user.id && matches(a)),
  }),
  {
    method: 'POST',
    pattern: '/accounts',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      requireSandboxHost(ctx, caller)
      new AdsInput(ctx, []).finish()
      const stamp = isoSeconds(ctx.now)
      const id = `18ce5${shortId(rt.state)}`
      const account: AdsRecord = {
        id,
        name: `Sandbox account ${id}`,
        business_name: null,
        business_id: longId(rt.state),
        timezone: 'America/New_York',
        timezone_switch_at: stamp,
        industry_type: null,
        approval_status: 'ACCEPTED',
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _owner: caller.user.id,
        _sandbox: true,
        _features: [],
        _history_allowlisted: false,
      }
      rt.state.accounts.push(account)
      rt.state.created.accounts += 1
      return single(ctx, account)
    },
  },
  {
    method: 'GET',
    pattern: '/accounts/:account_id',
    handler: (ctx, rt) => {
      const input = new AdsInput(ctx, ['with_deleted'])
      const withDeleted = input.bool('with_deleted', false)
      const caller = adsCaller(ctx, rt, { allowDeletedAccount: withDeleted })
      input.finish()
      return single(ctx, caller.account)
    },
  },
  {
    method: 'PUT',
    pattern: '/accounts/:account_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['name', 'industry_type'])
      const name = input.string('name', { max: 255, nonEmpty: true })
      const industry = input.oneOf('industry_type', INDUSTRY_TYPES)
      input.finish()
      const account = caller.account as AdsRecord
      if (name !== undefined) account.name = name
      if (industry !== undefined) account.industry_type = industry
      touch(account, ctx.now)
      return single(ctx, account)
    },
  },
  {
    method: 'DELETE',
    pattern: '/accounts/:account_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      requireSandboxHost(ctx, caller)
      new AdsInput(ctx, []).finish()
      const account = caller.account as AdsRecord
      if (!account._sandbox) {
        throw adsFailure(ctx, 400, [
          {
            code: 'INVALID_PARAMETER',
            message: 'Only accounts created on the ads sandbox host can be deleted',
            parameter: 'account_id',
          },
        ])
      }
      account.deleted = true
      touch(account, ctx.now)
      return single(ctx, account)
    },
  },
  listRoute({
    pattern: '/accounts/:account_id/account_apps',
    spec: APPS_LIST,
    records: (rt, caller) => accountRecords(rt, caller, 'accountApps'),
  }),
  {
    method: 'GET',
    pattern: '/accounts/:account_id/account_history',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const spec: ListSpec = { countDefault: 200, countMax: 1000, withDeleted: false }
      const input = new AdsInput(ctx, [
        'entity_type',
        'entity_id',
        'start_time',
        'end_time',
        'user_id',
        ...listParameterNames(spec),
      ])
      const entityType = input.oneOf('entity_type', HISTORY_ENTITY_TYPES, { required: true })
      const entityId = input.string('entity_id', { required: true })
      const start = input.time('start_time', { required: true, wholeHour: true })
      const end = input.time('end_time', { required: true, wholeHour: true })
      const userId = input.long('user_id')
      if (start !== undefined && end !== undefined && end <= start)
        input.invalid('end_time', 'end_time must be after start_time')
      const list = readList(input, spec)
      input.finish()
      // "Beta, allowlisted": how the platform refuses an account outside the beta is not shown;
      // a well-formed request the account is not entitled to is answered 403. State files from
      // before this flag existed count as allowlisted.
      if (caller.account?._history_allowlisted === false) {
        throw adsFailure(ctx, 403, [
          {
            code: 'NOT_ALLOWLISTED',
            message: `Account ${accountIdOf(caller)} is not allowlisted for the account history beta`,
          },
        ])
      }
      const entries = rt.state.history.filter((h) => {
        const at = Date.parse(String(h.change_time))
        const by = h.change_by as { user_id: string }
        return (
          h._account === accountIdOf(caller) &&
          h.entity === entityType &&
          h.entity_id === entityId &&
          at >= (start ?? 0) &&
          at < (end ?? 0) &&
          (userId === undefined || by.user_id === userId)
        )
      })
      // Ordered by change time (as created_at, so cursors carry the sort readList expects), then
      // by the order the changes were made.
      const keyed = entries.map((h, index) => ({
        ...h,
        created_at: String(h.change_time),
        updated_at: '',
        deleted: false,
        _key: String(index).padStart(9, '0'),
      }))
      return listReply(ctx, rt, caller, keyed, list, '_key')
    },
  },
  {
    method: 'GET',
    pattern: '/advertiser_business_categories',
    handler: (ctx, rt) => {
      adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      return single(ctx, ADVERTISER_BUSINESS_CATEGORIES)
    },
  },
  {
    // List path "not shown"; the platform lists curated categories at this path filtered by the
    // required country_codes, and the spec says the list returns an array plus total_count.
    method: 'GET',
    pattern: '/accounts/:account_id/curated_categories',
    handler: (ctx, rt) => {
      adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['country_codes'])
      const countries = input.list('country_codes', { required: true, max: 200 })
      for (const code of countries ?? [])
        if (!/^[A-Z]{2}$/.test(code))
          input.invalid('country_codes', `${code} is not an ISO 3166-1 alpha-2 code`)
      input.finish()
      const data = rt.state.curatedCategories.filter((c) =>
        (c.country_codes as string[]).some((code) => countries?.includes(code)),
      )
      return single(ctx, data, { next_cursor: null, total_count: data.length })
    },
  },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/curated_categories/:curated_category_id',
    handler: (ctx, rt) => {
      adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const category = rt.state.curatedCategories.find((c) => c.id === ctx.params.curated_category_id)
      if (!category) throw notFound(ctx, `Curated category ${ctx.params.curated_category_id}`)
      return single(ctx, category)
    },
  },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/features',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['feature_keys'])
      const keys = input.list('feature_keys', { options: KNOWN_FEATURE_KEYS })
      input.finish()
      const granted = (caller.account?._features as string[]).filter((f) => !keys || keys.includes(f))
      return single(ctx, granted)
    },
  },
  {
    // Response "not shown": the account's feature keys after the grant, the same shape GET returns.
    method: 'POST',
    pattern: '/accounts/:account_id/features',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      requireSandboxHost(ctx, caller)
      const input = new AdsInput(ctx, ['feature_keys'])
      const keys = input.list('feature_keys', { required: true, options: GRANTABLE_FEATURE_KEYS })
      input.finish()
      const account = caller.account as AdsRecord
      const features = account._features as string[]
      for (const key of keys ?? []) if (!features.includes(key)) features.push(key)
      touch(account, ctx.now)
      return single(ctx, [...features])
    },
  },
]
