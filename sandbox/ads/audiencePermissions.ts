import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, shortId, touch } from '../state'
import {
  AdsInput,
  accountIdOf,
  adsCaller,
  adsFailure,
  listParameterNames,
  listReply,
  notFound,
  readList,
  single,
} from './core'
import type { AdsCaller, ListSpec } from './core'
import { audienceAccess } from './customAudiences'

/**
 * Tailored audience permissions, version 5 (spec part A): {ads_url}/5/accounts/:account_id/
 * tailored_audiences/:tailored_audience_id/permissions. A tailored audience is a custom audience
 * under its version-5 name (same ids). Only the owning account may list, grant or revoke
 * (`is_owner`); sharing goes to accounts of the owner's business, or anywhere when the owning
 * account has SHARE_AUDIENCE_OUTSIDE_BUSINESS. Choices where the spec is silent:
 * - granting to an account that already holds an active permission changes its level (same id),
 *   so a retried grant does not make a second permission;
 * - an account that does not exist, or the owner itself, is an invalid granted_account_id (400);
 * - an audience the account can neither own nor see is 404; one shared with it is 403.
 */

export const PERMISSIONS_VERSION = '5'
export const SHARE_OUTSIDE_BUSINESS_FEATURE = 'SHARE_AUDIENCE_OUTSIDE_BUSINESS'
const PERMISSION_LEVELS = ['READ_ONLY', 'READ_WRITE'] as const

/** Spec limits: count 1 to 1000, default 200; ID filters up to 200 entries. */
const PERMISSION_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at'],
}
const ID_FILTER_MAX = 200

/** The audience named by the path, which the caller's account must own. */
function ownedAudience(ctx: RequestContext, rt: Runtime, caller: AdsCaller): AdsRecord {
  const id = ctx.params.tailored_audience_id
  const accountId = accountIdOf(caller)
  const audience = rt.state.customAudiences.find((a) => a.id === id && !a.deleted)
  const access = audience ? audienceAccess(rt, accountId, audience) : undefined
  if (!audience || !access) throw notFound(ctx, `Tailored audience ${id}`)
  if (!access.isOwner) {
    throw adsFailure(ctx, 403, [
      {
        code: 'NOT_AUDIENCE_OWNER',
        message: `Account ${accountId} does not own tailored audience ${String(id)} (is_owner is false); only its owner, account ${String(audience._account)}, can see and change who it is shared with`,
        parameter: 'tailored_audience_id',
      },
    ])
  }
  return audience
}

function sameBusiness(a: AdsRecord, b: AdsRecord): boolean {
  return a.business_id !== undefined && a.business_id !== null && a.business_id === b.business_id
}

export const tailoredAudiencePermissionRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, [
        'granted_account_ids',
        'tailored_audience_permission_ids',
        ...listParameterNames(PERMISSION_LIST),
      ])
      const granted = input.list('granted_account_ids', { max: ID_FILTER_MAX })
      const ids = input.list('tailored_audience_permission_ids', { max: ID_FILTER_MAX })
      const list = readList(input, PERMISSION_LIST)
      input.finish()
      const audience = ownedAudience(ctx, rt, caller)
      const permissions = rt.state.tailoredAudiencePermissions.filter(
        (p) =>
          p.tailored_audience_id === audience.id &&
          (!granted || granted.includes(String(p.granted_account_id))) &&
          (!ids || ids.includes(String(p.id))),
      )
      return listReply(ctx, rt, caller, permissions, list)
    },
  },
  {
    method: 'POST',
    pattern: '/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['granted_account_id', 'permission_level'])
      const grantedId = input.string('granted_account_id', { required: true })?.trim()
      const level = input.oneOf('permission_level', PERMISSION_LEVELS, { required: true })
      input.finish()
      const audience = ownedAudience(ctx, rt, caller)
      const owner = caller.account as AdsRecord
      const granted = rt.state.accounts.find((a) => a.id === grantedId && !a.deleted)
      if (!granted) {
        throw adsFailure(ctx, 400, [
          {
            code: 'INVALID_PARAMETER',
            message: `granted_account_id ${String(grantedId)} is not an ad account`,
            parameter: 'granted_account_id',
          },
        ])
      }
      if (granted.id === owner.id) {
        throw adsFailure(ctx, 400, [
          {
            code: 'INVALID_PARAMETER',
            message: `Account ${String(owner.id)} owns this audience already; grant another account`,
            parameter: 'granted_account_id',
          },
        ])
      }
      const features = (owner._features as string[] | undefined) ?? []
      if (!sameBusiness(owner, granted) && !features.includes(SHARE_OUTSIDE_BUSINESS_FEATURE)) {
        throw adsFailure(ctx, 403, [
          {
            code: 'SHARING_OUTSIDE_BUSINESS_NOT_ALLOWED',
            message: `Account ${String(granted.id)} belongs to another business. Audiences are shared within the owner's business unless the owning account ${String(owner.id)} has the ${SHARE_OUTSIDE_BUSINESS_FEATURE} feature`,
            parameter: 'granted_account_id',
          },
        ])
      }
      const stamp = isoSeconds(ctx.now)
      const existing = rt.state.tailoredAudiencePermissions.find(
        (p) => p.tailored_audience_id === audience.id && p.granted_account_id === granted.id && !p.deleted,
      )
      if (existing) {
        existing.permission_level = level
        touch(existing, ctx.now)
        return single(ctx, existing)
      }
      const permission: AdsRecord = {
        id: shortId(rt.state),
        tailored_audience_id: audience.id,
        granted_account_id: granted.id,
        permission_level: level,
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
      }
      rt.state.tailoredAudiencePermissions.push(permission)
      rt.state.created.tailored_audience_permissions += 1
      return single(ctx, permission)
    },
  },
  {
    method: 'DELETE',
    pattern:
      '/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions/:tailored_audience_permission_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const audience = ownedAudience(ctx, rt, caller)
      const id = ctx.params.tailored_audience_permission_id
      const permission = rt.state.tailoredAudiencePermissions.find(
        (p) => p.id === id && p.tailored_audience_id === audience.id && !p.deleted,
      )
      if (!permission) throw notFound(ctx, `Tailored audience permission ${id}`)
      // The granted account can no longer target it in new campaigns; running ones keep it.
      permission.deleted = true
      touch(permission, ctx.now)
      return single(ctx, permission)
    },
  },
]
