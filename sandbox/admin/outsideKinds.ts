import type { Runtime } from '../context'
import { removeCatalog } from '../ads/catalogs'
import { recordLineItemHistory } from '../ads/lineItems'
import { AVAILABILITY } from '../ads/productRules'
import { removeProduct } from '../ads/products'
import type { AdsRecord, CollectionName } from '../state'

/**
 * What the rest of the world can change behind the app's back, kind by kind: every kind the app
 * edits. Each editable field has a rule (checked when a change names its value) and a next value
 * (used when it does not). Deletion does what the platform's own deletion of that kind does:
 * most kinds are marked `deleted`; products, product sets and catalogs go for good.
 */

export const OUTSIDE_KINDS = [
  'cards',
  'poll_cards',
  'video_conversation_cards',
  'posts',
  'media_library',
  'line_items',
  'line_item_curated_categories',
  'product_catalogs',
  'products',
  'product_sets',
  'custom_audiences',
  'do_not_reach_lists',
  'tailored_audience_permissions',
  'accounts',
] as const
export type OutsideKind = (typeof OUTSIDE_KINDS)[number]

/** Who line item history says made an outside change: a teammate in the platform's web interface. */
export const OUTSIDE_CHANGE_BY = { user_id: '1580000000000000009', platform: 'WEB' }

type Rule =
  | { type: 'text'; max: number }
  | { type: 'enum'; options: readonly string[] }
  | { type: 'micro' }
  | { type: 'price' }
  | { type: 'curated_category' }

interface FieldSpec {
  rule: Rule
  next: (record: AdsRecord, n: number, rt: Runtime) => unknown
  /** Whether the field exists on this record (videos-only fields, posts made for an account). */
  applies?: (record: AdsRecord) => boolean
}

export interface KindSpec {
  collection: CollectionName
  idKey?: string
  fields: Record<string, FieldSpec>
  /** Why the world cannot edit this kind (poll cards cannot be updated at all). */
  notEditable?: string
  notDeletable?: string
  /** Deletion other than marking the record deleted. */
  remove?: (rt: Runtime, record: AdsRecord, now: number) => void
  /** Called after an edit or a deletion, e.g. to write account history. */
  after?: (rt: Runtime, record: AdsRecord, action: 'edit' | 'delete', changes: unknown, now: number) => void
}

const SUFFIX = / \(edited elsewhere \d+\)$/

/** `Summer sale` → `Summer sale (edited elsewhere 3)`, cut to fit `max`. */
function renamed(max: number): (record: AdsRecord, n: number, field?: string) => string {
  return (record, n, field = 'name') => {
    const tail = ` (edited elsewhere ${n})`
    const base = String(record[field] ?? 'Untitled').replace(SUFFIX, '')
    return [...base].slice(0, Math.max(1, max - tail.length)).join('') + tail
  }
}

function text(field: string, max: number, applies?: (record: AdsRecord) => boolean): [string, FieldSpec] {
  const make = renamed(max)
  return [
    field,
    { rule: { type: 'text', max }, next: (r, n) => make(r, n, field), ...(applies ? { applies } : {}) },
  ]
}

function cycle(field: string, options: readonly string[]): [string, FieldSpec] {
  return [
    field,
    {
      rule: { type: 'enum', options },
      next: (record) => options[(options.indexOf(String(record[field])) + 1) % options.length],
    },
  ]
}

const isVideo = (record: AdsRecord): boolean => record.media_type === 'VIDEO'
const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/

const INDUSTRY_TYPES = ['AGENCY', 'MEDIA', 'RETAIL', 'TECHNOLOGY', 'TRAVEL', 'OTHER']

export const KINDS: Record<OutsideKind, KindSpec> = {
  cards: { collection: 'cards', fields: Object.fromEntries([text('name', 80)]) },
  poll_cards: {
    collection: 'pollCards',
    fields: {},
    notEditable: 'Poll cards cannot be updated (part B); the world can only delete them',
  },
  video_conversation_cards: {
    collection: 'videoConversationCards',
    fields: Object.fromEntries([
      text('name', 80),
      text('title', 23, (r) => typeof r.title === 'string' && r.title !== ''),
      text('thank_you_text', 23),
    ]),
  },
  posts: {
    collection: 'posts',
    // Only posts made for an ad account have a name; any post can be deleted.
    fields: Object.fromEntries([text('name', 80, (r) => r._account !== undefined)]),
  },
  media_library: {
    collection: 'mediaLibrary',
    idKey: 'media_key',
    fields: Object.fromEntries([
      text('name', 100),
      text('file_name', 255),
      text('title', 70, isVideo),
      text('description', 200, isVideo),
    ]),
  },
  line_items: {
    collection: 'lineItems',
    fields: Object.fromEntries([
      text('name', 255),
      cycle('entity_status', ['ACTIVE', 'PAUSED']),
      [
        'total_budget_amount_local_micro',
        {
          rule: { type: 'micro' },
          next: (r: AdsRecord) =>
            typeof r.total_budget_amount_local_micro === 'number'
              ? r.total_budget_amount_local_micro + 10_000_000
              : 500_000_000,
        },
      ],
    ]),
    after: (rt, record, action, changes, now) =>
      recordLineItemHistory(
        rt,
        OUTSIDE_CHANGE_BY,
        record,
        action === 'edit' ? 'UPDATE' : 'DELETE',
        changes,
        now,
      ),
  },
  line_item_curated_categories: {
    collection: 'lineItemCuratedCategories',
    fields: {
      curated_category_id: {
        rule: { type: 'curated_category' },
        next: (record, _n, rt) => {
          const ids = rt.state.curatedCategories.map((c) => String(c.id))
          return ids[(ids.indexOf(String(record.curated_category_id)) + 1) % ids.length]
        },
      },
    },
  },
  product_catalogs: {
    collection: 'productCatalogs',
    fields: Object.fromEntries([text('name', 255)]),
    remove: (rt, record) => removeCatalog(rt, record),
  },
  products: {
    collection: 'products',
    fields: Object.fromEntries([
      text('title', 150),
      text('description', 5000),
      cycle('availability', AVAILABILITY),
      [
        'price',
        {
          rule: { type: 'price' },
          next: (r: AdsRecord) => {
            const match = PRICE.exec(String(r.price))
            return match ? `${(Number(match[1]) + 1).toFixed(2)} ${match[2]}` : '10.00 USD'
          },
        },
      ],
    ]),
    remove: (rt, record) => removeProduct(rt, record),
  },
  product_sets: {
    collection: 'productSets',
    fields: Object.fromEntries([text('name', 255), text('description', 1000)]),
    remove: (rt, record) => {
      rt.state.productSets = rt.state.productSets.filter((s) => s !== record)
    },
  },
  custom_audiences: {
    collection: 'customAudiences',
    fields: Object.fromEntries([text('name', 255), text('description', 1000)]),
  },
  do_not_reach_lists: {
    collection: 'doNotReachLists',
    fields: Object.fromEntries([text('name', 255), text('description', 1000)]),
  },
  tailored_audience_permissions: {
    collection: 'tailoredAudiencePermissions',
    fields: Object.fromEntries([cycle('permission_level', ['READ_ONLY', 'READ_WRITE'])]),
  },
  accounts: {
    collection: 'accounts',
    fields: Object.fromEntries([text('name', 255), cycle('industry_type', INDUSTRY_TYPES)]),
    notDeletable: 'Ad accounts are not deleted behind the app’s back; edit them instead',
  },
}

/** Why a value breaks a field's rule, or undefined when it fits. */
export function ruleProblem(rule: Rule, value: unknown, rt: Runtime, record: AdsRecord): string | undefined {
  switch (rule.type) {
    case 'text':
      return typeof value === 'string' && value.trim() !== '' && [...value].length <= rule.max
        ? undefined
        : `must be a non-empty string of at most ${rule.max} characters`
    case 'enum':
      return rule.options.includes(String(value)) ? undefined : `must be one of ${rule.options.join(', ')}`
    case 'micro': {
      if (!Number.isSafeInteger(value) || (value as number) <= 0)
        return 'must be a positive whole number of micros'
      const daily = record.daily_budget_amount_local_micro
      return typeof daily === 'number' && daily > (value as number)
        ? `must be at least the daily budget (${daily})`
        : undefined
    }
    case 'price':
      return typeof value === 'string' && PRICE.test(value)
        ? undefined
        : 'must be an amount and a currency, e.g. 12.50 USD'
    case 'curated_category':
      return rt.state.curatedCategories.some((c) => c.id === value)
        ? undefined
        : 'must be a curated category id'
  }
}
