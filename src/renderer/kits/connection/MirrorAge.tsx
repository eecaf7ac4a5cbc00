import { CloudOff } from 'lucide-react'
import { Button } from '../../components/Button'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import type { AccountScope } from '../../state/connection/activeProfile'
import { relativeTime } from '../../state/drafts/draftListModel'
import { useWalkProgress } from './mirrorProgress'
import './mirrorAge.css'

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
  const { busy, problem, run } = useAction<'refresh', string>((error) => failureOf(error).message)
  const refreshing = busy !== null
  const progress = useWalkProgress(scope, refreshing)

  const refresh = () =>
    run('refresh', async () => {
      await unwrap(studio().mirror.refresh({ profileId: scope.profileId, accountId: scope.accountId }))
      onRefreshed()
    })

  return (
    <div className="mirror-age surface" role="status" data-testid="mirror-age">
      <CloudOff size={16} aria-hidden="true" />
      <div className="mirror-age__text">
        <p className="mirror-age__line">
          The platform cannot be reached. As of {relativeTime(asOf)}
          {problem ? <span className="mirror-age__problem"> — {problem}</span> : null}
          {refreshing && progress ? <span data-testid="mirror-progress"> — {progress}</span> : null}
        </p>
        {unavailable ? (
          <p className="mirror-age__line" id={unavailable.id} data-testid="mirror-unavailable">
            {unavailable.text}
          </p>
        ) : null}
      </div>
      <Button onClick={() => void refresh()} busy={refreshing}>
        Get recent changes
      </Button>
    </div>
  )
}
