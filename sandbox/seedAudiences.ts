import { createHash } from 'node:crypto'
import { DEFAULT_EXPIRY_MONTHS, addMonths } from './ads/audienceUploads'
import type { AdsRecord, MemberTable, SandboxState } from './state'
import { isoSeconds } from './state'

/**
 * Seeded audiences, do-not-reach lists and sharing permissions: the one place their ids are
 * written down. Creating and listing them is "not shown" in the spec, so the sandbox seeds them.
 * Fixed ids (not sequence-based) so they stay the same whatever else gets seeded.
 *
 * Accounts: `main` and `second` belong to the demo user and to one business; `foreign` belongs
 * to the other user and another business.
 */
export const SEEDED_AUDIENCES = {
  /** main; 1,500 email members (sha256 of subscriber<i>@example.com); shared READ_ONLY with second; targeted by main's "Website clicks" and "App installs" and second's "Reach". */
  newsletter: '2ca1nws',
  /** main; 240 email members (buyer<i>@example.com); targeted by main's "Preroll on publishers". */
  purchasers: '2ca2pch',
  /** main; no members (TOO_SMALL): a clean target for upload tests. */
  emptyList: '2ca3emp',
  /** second; 180 members; shared READ_ONLY with main, so main sees it with is_owner false. */
  secondCrm: '2ca4snd',
  /** foreign (the other user's account); 120 members; not shared, invisible to the demo user. */
  foreign: '2ca5frn',
} as const

export const SEEDED_PERMISSIONS = {
  /** newsletter (main) → second, READ_ONLY. */
  newsletterToSecond: '3tp1a2b',
  /** secondCrm (second) → main, READ_ONLY. */
  secondCrmToMain: '3tp2c3d',
} as const

export const SEEDED_DO_NOT_REACH_LISTS = {
  /** main; 300 email members (optout<i>@example.com); targetable. */
  unsubscribed: '4dn1uns',
  /** main; no members (TOO_SMALL). */
  legalHold: '4dn2lgl',
  /** second; no members. */
  second: '4dn3snd',
  /** foreign; 50 members; invisible to the demo user. */
  foreign: '4dn4frn',
} as const

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Hashes of already-normalized emails `<prefix><i>@example.com`, active from the seed time. */
function emailMembers(prefix: string, count: number, effectiveMs: number, nowMs: number): MemberTable {
  const window: [number, number] = [
    Math.floor(effectiveMs / 1000),
    // Expiry from the real clock, so seeded members do not age out of a long-lived sandbox.
    Math.floor(addMonths(nowMs, DEFAULT_EXPIRY_MONTHS) / 1000),
  ]
  const table: MemberTable = {}
  for (let i = 1; i <= count; i++) table[`email:${sha256(`${prefix}${i}@example.com`)}`] = [...window]
  return table
}

export interface SeedAccounts {
  main: string
  second: string
  foreign: string
}

export function seedAudiences(state: SandboxState, accounts: SeedAccounts, stampMs: number): void {
  const stamp = isoSeconds(stampMs)
  const now = Date.now()
  // Same business for the demo user's two accounts, so sharing between them needs no feature.
  const main = state.accounts.find((a) => a.id === accounts.main)
  const second = state.accounts.find((a) => a.id === accounts.second)
  if (main && second) {
    second.business_id = main.business_id
    second.business_name = main.business_name
  }

  const audience = (
    id: string,
    account: string,
    name: string,
    description: string | null,
    members: MemberTable,
  ): void => {
    state.customAudiences.push({
      id,
      name,
      description,
      audience_type: 'LIST',
      targetable_types: ['CRM', 'EXCLUDED_CRM'],
      partner_source: 'OTHER',
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _account: account,
      _members: members,
    })
  }
  const s = SEEDED_AUDIENCES
  audience(
    s.newsletter,
    accounts.main,
    'Newsletter subscribers',
    'Customers who opted in to the newsletter',
    emailMembers('subscriber', 1_500, stampMs, now),
  )
  audience(
    s.purchasers,
    accounts.main,
    'Past purchasers',
    'Bought in the last 12 months',
    emailMembers('buyer', 240, stampMs, now),
  )
  audience(s.emptyList, accounts.main, 'New customer list', null, {})
  audience(
    s.secondCrm,
    accounts.second,
    'Second account CRM',
    'CRM export of the second account',
    emailMembers('second', 180, stampMs, now),
  )
  audience(
    s.foreign,
    accounts.foreign,
    'Other advertiser list',
    'Belongs to another advertiser',
    emailMembers('foreign', 120, stampMs, now),
  )

  const permission = (id: string, audienceId: string, granted: string, level: string): void => {
    state.tailoredAudiencePermissions.push({
      id,
      tailored_audience_id: audienceId,
      granted_account_id: granted,
      permission_level: level,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
    })
  }
  permission(SEEDED_PERMISSIONS.newsletterToSecond, s.newsletter, accounts.second, 'READ_ONLY')
  permission(SEEDED_PERMISSIONS.secondCrmToMain, s.secondCrm, accounts.main, 'READ_ONLY')

  const target = (lineItemName: string, audienceId: string): void => {
    const lineItem = state.lineItems.find((l) => l.name === lineItemName)
    if (!lineItem) throw new Error(`seed: no line item named ${lineItemName}`)
    const targeted = (lineItem._custom_audiences as string[] | undefined) ?? []
    lineItem._custom_audiences = [...targeted, audienceId]
  }
  target('Website clicks', s.newsletter)
  target('App installs', s.newsletter)
  target('Preroll on publishers', s.purchasers)
  target('Reach', s.newsletter)

  const list = (
    id: string,
    account: string,
    name: string,
    description: string | null,
    members: MemberTable,
  ): void => {
    const record: AdsRecord = {
      id,
      name,
      description,
      created_at: stamp,
      updated_at: stamp,
      deleted: false,
      _account: account,
      _members: members,
    }
    state.doNotReachLists.push(record)
  }
  const d = SEEDED_DO_NOT_REACH_LISTS
  list(
    d.unsubscribed,
    accounts.main,
    'Unsubscribed customers',
    'People who asked not to be contacted',
    emailMembers('optout', 300, stampMs, now),
  )
  list(d.legalHold, accounts.main, 'Legal hold', null, {})
  list(d.second, accounts.second, 'Second account suppression', null, {})
  list(
    d.foreign,
    accounts.foreign,
    'Other advertiser suppression',
    null,
    emailMembers('foreignoptout', 50, stampMs, now),
  )
}
