import { invalidInput } from '../../shared/errors'
import type { LineItemView } from '../../shared/ipc/contracts/campaign'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import {
  validateLineItemChange,
  type LineItemPatch,
  type LineItemRuleContext,
} from '../../shared/rules/lineItems'
import { getLineItem, lineItemSchema, listLineItems, type LineItem } from '../api/lineItems'
import type { OperationRequest } from '../publish/outbox'
import type { WithAdsContext } from '../session/session'
import { isUnreachable, PAGE_SIZE, type CampaignReads } from './campaignReads'
import { lineItemState, nameOf, toView } from './lineItemViews'
import { OPS } from './operations'
import type { AppWritesQuery } from '../publish/appWrites'
import type { AppWriteView } from '../../shared/ipc/contracts/campaign'
import type { ThumbnailCache } from '../library/thumbnails'
import { mirroredObjects, platformOrMirror } from '../mirror/offlineReads'
import type { MirrorStore } from '../mirror/store'

export interface CampaignServiceDeps {
  withAdsContext: WithAdsContext
  outbox: {
    enqueueOperations(request: OperationRequest): Promise<OutboxJobView>
    /** The writes this app made to one object (History shows them beside the platform's). */
    appWrites(query: AppWritesQuery): Promise<AppWriteView[]>
  }
  /** Main's thumbnail cache (library/thumbnails.ts), shared with the media library. */
  thumbnails?: ThumbnailCache
  /** The account mirror, read when the platform cannot be (issue 42). */
  mirror?: MirrorStore
}

/**
 * Line items. Reads go straight to the platform; every write is checked against the rules
 * table with the line item as the platform has it (or, out of reach, as main last read it) and
 * queued in the outbox.
 */
export function createLineItemsService(deps: CampaignServiceDeps & { reads: CampaignReads }) {
  const { reads } = deps

  /** Refuses a change the rules table refuses, naming the first broken rule and its field. */
  function check(item: LineItem, patch: LineItemPatch, context: LineItemRuleContext): void {
    const issue = validateLineItemChange(lineItemState(item), patch, context).find(
      (i) => i.severity === 'error',
    )
    if (issue) throw invalidInput(`“${nameOf(item)}”: ${issue.message}`, String(issue.path[0]))
  }

  return {
    list(
      profileId: string,
      accountId: string,
      cursor?: string,
    ): Promise<{ lineItems: LineItemView[]; nextCursor: string | null; mirror?: { asOf: string } }> {
      const { mirror } = deps
      return platformOrMirror(
        () =>
          deps.withAdsContext(profileId, async (ctx) => {
            const page = await listLineItems(ctx, accountId, {
              count: PAGE_SIZE,
              ...(cursor ? { cursor } : {}),
            })
            const live = page.data.filter((item) => item.deleted !== true)
            reads.lineItems.remember(profileId, accountId, live)
            const campaignOfItem = await reads.campaignsFor(ctx, profileId, accountId, live)
            return {
              lineItems: live.map((item) => toView(item, campaignOfItem(item.campaign_id))),
              nextCursor: page.nextCursor,
            }
          }),
        // The first page the platform cannot give: every line item the mirror kept, in one page.
        mirror && !cursor
          ? async () => {
              const kept = await mirroredObjects(mirror, profileId, accountId, 'line_items', lineItemSchema)
              if (!kept) return undefined
              reads.lineItems.remember(profileId, accountId, kept.items)
              return {
                lineItems: kept.items.map((item) =>
                  toView(
                    item,
                    item.campaign_id
                      ? reads.campaigns.get(profileId, accountId, item.campaign_id)
                      : undefined,
                  ),
                ),
                nextCursor: null,
                mirror: { asOf: kept.asOf },
              }
            }
          : undefined,
      )
    },

    update(
      profileId: string,
      accountId: string,
      lineItemId: string,
      patch: LineItemPatch,
    ): Promise<OutboxJobView> {
      return deps.withAdsContext(profileId, async (ctx) => {
        let item: LineItem
        try {
          item = await getLineItem(ctx, accountId, lineItemId)
          reads.lineItems.remember(profileId, accountId, [item])
        } catch (error) {
          const known = isUnreachable(error)
            ? reads.lineItems.get(profileId, accountId, lineItemId)
            : undefined
          if (!known) throw error
          item = known
        }
        const campaign = await reads.campaignOf(ctx, profileId, accountId, item)
        const needsBusiness = patch.categories !== undefined
        const business = needsBusiness ? await reads.businessCategoriesOf(ctx, profileId) : undefined
        check(item, patch, {
          ...(campaign ? { campaignBudgetOptimization: campaign.budget_optimization ?? null } : {}),
          ...(business ? { businessCategories: business } : {}),
        })
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title: `Update “${nameOf(item)}”`,
          steps: [{ op: OPS.lineItemUpdate, params: { lineItemId, name: nameOf(item), patch } }],
        })
      })
    },

    setStatus(profileId: string, accountId: string, ids: readonly string[], status: 'ACTIVE' | 'PAUSED') {
      return deps.withAdsContext(profileId, async (ctx) => {
        const items = await reads.resolve(ctx, profileId, accountId, [...new Set(ids)], false)
        const changing = items.filter((item) => item.entity_status !== status)
        const verb = status === 'PAUSED' ? 'Pause' : 'Activate'
        if (changing.length === 0)
          throw invalidInput(`Already ${status === 'PAUSED' ? 'paused' : 'active'}: nothing to change`)
        for (const item of changing) check(item, { entity_status: status }, {})
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title:
            changing.length === 1
              ? `${verb} “${nameOf(changing[0] as LineItem)}”`
              : `${verb} ${changing.length} line items`,
          continueOnError: true,
          steps: changing.map((item) => ({
            op: OPS.lineItemUpdate,
            params: { lineItemId: item.id, name: nameOf(item), patch: { entity_status: status } },
          })),
        })
      })
    },

    delete(profileId: string, accountId: string, ids: readonly string[]) {
      return deps.withAdsContext(profileId, async (ctx) => {
        // Deleted ones are looked up too: deleting again is "already deleted", not "unknown".
        const items = await reads.resolve(ctx, profileId, accountId, [...new Set(ids)], true)
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'line_items',
          title:
            items.length === 1
              ? `Delete “${nameOf(items[0] as LineItem)}”`
              : `Delete ${items.length} line items`,
          continueOnError: true,
          steps: items.map((item) => ({
            op: OPS.lineItemDelete,
            params: { lineItemId: item.id, name: nameOf(item) },
          })),
        })
      })
    },
  }
}

export type LineItemsService = ReturnType<typeof createLineItemsService>
