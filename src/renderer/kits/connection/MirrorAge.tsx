import { CloudOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { MirrorKind } from '../../../shared/ipc/contracts/mirror'
import { Button } from '../../components/Button'
import { failureOf } from '../../lib/failures'
import { listen, studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'
import { relativeTime } from '../../state/drafts/draftListModel'
import './mirrorAge.css'

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
function useWalkProgress(scope: AccountScope, active: boolean): string | null {
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

/**
 * The line above a list read from the account mirror: how old the copy is, and "Get recent
 * changes" to walk the platform's lists again (mirror.refresh, its progress told as it goes),
 * then read the list anew. `unavailable` says which of the page's actions wait for the platform;
 * the buttons it concerns point at it with aria-describedby.
 */
export function MirrorAge({
  scope,
  asOf,
  onRefreshed,
  unavailable,
}: {
  scope: AccountScope
  asOf: string
  onRefreshed: () => void
  unavailable?: { id: string; text: string }
}) {
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const progress = useWalkProgress(scope, busy)

  const refresh = async () => {
    setBusy(true)
    setProblem(null)
    try {
      await unwrap(studio().mirror.refresh({ profileId: scope.profileId, accountId: scope.accountId }))
      onRefreshed()
    } catch (error) {
      setProblem(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mirror-age surface" role="status" data-testid="mirror-age">
      <CloudOff size={16} aria-hidden="true" />
      <div className="mirror-age__text">
        <p className="mirror-age__line">
          The platform cannot be reached. As of {relativeTime(asOf)}
          {problem ? <span className="mirror-age__problem"> — {problem}</span> : null}
          {busy && progress ? <span data-testid="mirror-progress"> — {progress}</span> : null}
        </p>
        {unavailable ? (
          <p className="mirror-age__line" id={unavailable.id} data-testid="mirror-unavailable">
            {unavailable.text}
          </p>
        ) : null}
      </div>
      <Button onClick={() => void refresh()} busy={busy}>
        Get recent changes
      </Button>
    </div>
  )
}
