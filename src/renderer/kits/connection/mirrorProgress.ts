import { useEffect, useState } from 'react'
import type { MirrorKind } from '../../../shared/ipc/contracts/mirror'
import { listen } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'

/** The mirrored kinds as people name them, for the walk's progress. */
const KIND_WORDS: Record<MirrorKind, string> = {
  cards: 'cards',
  poll_cards: 'poll cards',
  video_conversation_cards: 'video conversation cards',
  media_library: 'the media library',
  posts: 'posts',
  line_items: 'line items',
  line_item_curated_categories: 'curated categories of line items',
  product_catalogs: 'the product catalog',
  products: 'products',
  product_sets: 'product sets',
  custom_audiences: 'audiences',
  do_not_reach_lists: 'do-not-reach lists',
}

/** What a walk of the account is doing now, in words; null before it tells anything. */
export function useWalkProgress(scope: AccountScope, active: boolean): string | null {
  const [progress, setProgress] = useState<string | null>(null)
  useEffect(() => {
    if (!active) {
      setProgress(null)
      return undefined
    }
    return listen('mirror.changed', (change) => {
      if (change.profileId !== scope.profileId || change.accountId !== scope.accountId) return
      const what = KIND_WORDS[change.kind]
      setProgress(
        change.state === 'waiting'
          ? `Waiting ${Math.ceil(change.waitingSeconds ?? 0)} s for the platform's rate limit (${what})`
          : `Getting ${what}: ${change.objects} so far`,
      )
    })
  }, [active, scope.profileId, scope.accountId])
  return progress
}
