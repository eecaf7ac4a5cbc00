import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
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
import {
  CUSTOM_AUDIENCE_IDENTIFIERS,
  activeMemberCount,
  applyOperations,
  checkOperations,
  readOperationArray,
  targetability,
} from './audienceUploads'

/**
 * Custom audiences (spec part A). The spec covers the user upload and the targeting look-up;
 * creating and listing audiences is "not shown". The sandbox seeds a few audiences per account
 * (seedAudiences.ts) and lists them the way the real platform's public v12 API does:
 * GET accounts/:account_id/custom_audiences (count 1-1000 default 200, cursor, custom_audience_ids
 * up to 200, q, sort_by, with_deleted, with_total_count) and GET .../custom_audiences/:id, with
 * the platform's public fields: id, name, description, audience_type, audience_size, targetable,
 * targetable_types, reasons_not_targetable, partner_source, owner_account_id, is_owner,
 * permission_level, created_at, updated_at, deleted. An account sees the audiences it owns and
 * those shared with it through an active permission. audience_size is the exact number of active
 * members (the platform rounds it; the sandbox does not, so tests can compare).
 */

const AUDIENCE_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at', 'name'],
}

export interface AudienceAccess {
  isOwner: boolean
  permissionLevel: 'READ_ONLY' | 'READ_WRITE'
}

/** How an account may use an audience: as owner, through an active permission, or not at all. */
export function audienceAccess(
  rt: Runtime,
  accountId: string,
  audience: AdsRecord,
): AudienceAccess | undefined {
  if (audience._account === accountId) return { isOwner: true, permissionLevel: 'READ_WRITE' }
  const permission = rt.state.tailoredAudiencePermissions.find(
    (p) => p.tailored_audience_id === audience.id && p.granted_account_id === accountId && !p.deleted,
  )
  if (!permission) return undefined
  return { isOwner: false, permissionLevel: permission.permission_level as AudienceAccess['permissionLevel'] }
}

export function presentAudience(audience: AdsRecord, access: AudienceAccess, now: number): unknown {
  const size = activeMemberCount(audience, now)
  return {
    id: audience.id,
    name: audience.name,
    description: audience.description,
    audience_type: audience.audience_type,
    audience_size: size,
    ...targetability(audience, size, now),
    targetable_types: audience.targetable_types,
    partner_source: audience.partner_source,
    owner_account_id: audience._account,
    is_owner: access.isOwner,
    permission_level: access.permissionLevel,
    created_at: audience.created_at,
    updated_at: audience.updated_at,
    deleted: audience.deleted,
  }
}

/** The audience named by the path, if the caller's account owns it or has it shared; else 404. */
export function findVisibleAudience(
  ctx: RequestContext,
  rt: Runtime,
  caller: AdsCaller,
  idParam: string,
): { audience: AdsRecord; access: AudienceAccess } {
  const id = ctx.params[idParam]
  const audience = rt.state.customAudiences.find((a) => a.id === id && !a.deleted)
  const access = audience ? audienceAccess(rt, accountIdOf(caller), audience) : undefined
  if (!audience || !access) throw notFound(ctx, `Custom audience ${id}`)
  return { audience, access }
}

function isServable(lineItem: AdsRecord, campaign: AdsRecord, now: number): boolean {
  const end = lineItem.end_time ? Date.parse(String(lineItem.end_time)) : Infinity
  return (
    lineItem.entity_status === 'ACTIVE' &&
    campaign.entity_status === 'ACTIVE' &&
    !campaign.deleted &&
    end > now
  )
}

/**
 * Targeted-audience entries of the caller's account: its campaigns with the (not deleted) line
 * items whose targeting names the audience. Targeting criteria cannot be created in the sandbox
 * (not shown in the spec); seeded line items carry it in `_custom_audiences`.
 */
function targetedEntries(
  rt: Runtime,
  accountId: string,
  audienceId: string,
  withActive: boolean,
  now: number,
) {
  const entries: AdsRecord[] = []
  for (const campaign of rt.state.campaigns) {
    if (campaign._account !== accountId || campaign.deleted) continue
    const lineItems = rt.state.lineItems
      .filter(
        (l) =>
          l._account === accountId &&
          l.campaign_id === campaign.id &&
          !l.deleted &&
          Array.isArray(l._custom_audiences) &&
          l._custom_audiences.includes(audienceId),
      )
      .map((l) => ({ id: l.id, name: l.name ?? null, servable: isServable(l, campaign, now) }))
      .filter((l) => !withActive || l.servable)
    if (lineItems.length === 0) continue
    entries.push({
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      line_items: lineItems,
      created_at: campaign.created_at,
      updated_at: campaign.updated_at,
      deleted: false,
    })
  }
  return entries
}

/** Page size of the look-up: not shown in the spec (only cursor is), so the common default 200. */
const TARGETED_LIST: ListSpec = { countDefault: 200, countMax: 200, withDeleted: false }

export const customAudienceRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/accounts/:account_id/custom_audiences',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['custom_audience_ids', 'q', ...listParameterNames(AUDIENCE_LIST)])
      const ids = input.list('custom_audience_ids', { max: 200 })
      const q = input.string('q', { max: 255 })?.toLowerCase()
      const list = readList(input, AUDIENCE_LIST)
      input.finish()
      const accountId = accountIdOf(caller)
      const visible = rt.state.customAudiences.filter(
        (a) =>
          audienceAccess(rt, accountId, a) !== undefined &&
          (!ids || ids.includes(String(a.id))) &&
          (q === undefined || String(a.name).toLowerCase().startsWith(q)),
      )
      return listReply(ctx, rt, caller, visible, list, 'id', (a) =>
        presentAudience(a, audienceAccess(rt, accountId, a) as AudienceAccess, ctx.now),
      )
    },
  },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/custom_audiences/:custom_audience_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const { audience, access } = findVisibleAudience(ctx, rt, caller, 'custom_audience_id')
      return single(ctx, presentAudience(audience, access, ctx.now))
    },
  },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/custom_audiences/:custom_audience_id/targeted',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['with_active', 'cursor'])
      const withActive = input.bool('with_active', true)
      const list = readList(input, TARGETED_LIST)
      input.finish()
      const accountId = accountIdOf(caller)
      const audienceId = ctx.params.custom_audience_id ?? ''
      // After a revoke, the granted account's running campaigns keep the audience (spec, states
      // table), so they still show here even though the audience is no longer visible to it.
      const entries = targetedEntries(rt, accountId, audienceId, withActive, ctx.now)
      const stillTargeted = rt.state.lineItems.some(
        (l) =>
          l._account === accountId &&
          !l.deleted &&
          Array.isArray(l._custom_audiences) &&
          l._custom_audiences.includes(audienceId),
      )
      if (!stillTargeted) findVisibleAudience(ctx, rt, caller, 'custom_audience_id')
      return listReply(ctx, rt, caller, entries, list, 'campaign_id', (entry) => ({
        campaign_id: entry.campaign_id,
        campaign_name: entry.campaign_name,
        line_items: entry.line_items,
      }))
    },
  },
  {
    method: 'POST',
    pattern: '/accounts/:account_id/custom_audiences/:custom_audience_id/users',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt, {
        rateLimit: { limit: rt.limits.audienceUploadsPerWindow, windowMs: rt.limits.audienceUploadWindowMs },
      })
      const { audience, access } = findVisibleAudience(ctx, rt, caller, 'custom_audience_id')
      if (access.permissionLevel !== 'READ_WRITE') {
        throw adsFailure(ctx, 403, [
          {
            code: 'UNAUTHORIZED_ACCESS',
            message: `Custom audience ${String(audience.id)} is shared with account ${accountIdOf(caller)} read-only; only its owner ${String(audience._account)} or an account with READ_WRITE can change its users`,
            parameter: 'custom_audience_id',
          },
        ])
      }
      const operations = checkOperations(ctx, readOperationArray(ctx), {
        identifiers: CUSTOM_AUDIENCE_IDENTIFIERS,
        effectiveAt: true,
        expiresAfter: 'effective_at',
      })
      const applied = applyOperations(ctx, rt, audience, 'custom_audience', operations)
      return single(ctx, { success_count: applied.processed, total_count: applied.processed })
    },
  },
]
