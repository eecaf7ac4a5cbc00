import { useEffect, useState } from 'react'
import type { LineItemView } from '../../../shared/ipc/contracts/campaign'
import { studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'

export interface HistoryTarget {
  value: string
  label: string
  detail?: string
}

/** The entity types history can be asked about by picking from a list rather than typing an id. */
export const PICKABLE_TYPES: ReadonlySet<string> = new Set(['CAMPAIGN', 'LINE_ITEM'])

/** Pages of line items read for the pickers; an account with more is asked by typed id. */
const MAX_PAGES = 5

function targetsOf(items: readonly LineItemView[]): {
  CAMPAIGN: HistoryTarget[]
  LINE_ITEM: HistoryTarget[]
} {
  const campaigns = new Map<string, HistoryTarget>()
  for (const item of items)
    if (item.campaignId && !campaigns.has(item.campaignId))
      campaigns.set(item.campaignId, { value: item.campaignId, label: item.campaignName ?? item.campaignId })
  return {
    CAMPAIGN: [...campaigns.values()].sort((a, b) => a.label.localeCompare(b.label)),
    LINE_ITEM: items
      .map((item) => ({
        value: item.id,
        label: item.name ?? item.id,
        ...(item.campaignName ? { detail: item.campaignName } : {}),
      }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  }
}

/**
 * The account's campaigns and line items, by name, for the history picker: the campaigns are
 * the line items' campaigns (the app reads no campaign list of its own). Null while loading or
 * when they could not be read, where the picker falls back to a typed id.
 */
export function useHistoryTargets(
  scope: AccountScope,
  wanted: boolean,
): Record<string, HistoryTarget[]> | null {
  const [targets, setTargets] = useState<Record<string, HistoryTarget[]> | null>(null)
  const { profileId, accountId } = scope
  useEffect(() => {
    if (!wanted) return
    let live = true
    void (async () => {
      const items: LineItemView[] = []
      let cursor: string | undefined
      try {
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const answer = await unwrap(
            studio().lineItems.list({ profileId, accountId, ...(cursor ? { cursor } : {}) }),
          )
          items.push(...answer.lineItems)
          if (!answer.nextCursor) break
          cursor = answer.nextCursor
        }
        if (live) setTargets(targetsOf(items))
      } catch {
        if (live) setTargets(null)
      }
    })()
    return () => {
      live = false
    }
  }, [profileId, accountId, wanted])
  return targets
}
