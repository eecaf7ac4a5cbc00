import { CloudOff } from 'lucide-react'
import { Button } from '../../components/Button'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import type { AccountScope } from '../../state/connection/activeProfile'
import { relativeTime } from '../../state/drafts/draftListModel'
import './mirrorAge.css'

/**
 * The line above a list read from the account mirror: how old the copy is, and "Get recent
 * changes" to walk the platform's lists again (mirror.refresh), then read the list anew.
 */
export function MirrorAge({
  scope,
  asOf,
  onRefreshed,
}: {
  scope: AccountScope
  asOf: string
  onRefreshed: () => void
}) {
  const { busy, problem, run } = useAction<'refresh', string>((error) => failureOf(error).message)

  const refresh = () =>
    run('refresh', async () => {
      await unwrap(studio().mirror.refresh({ profileId: scope.profileId, accountId: scope.accountId }))
      onRefreshed()
    })

  return (
    <div className="mirror-age surface" role="status" data-testid="mirror-age">
      <CloudOff size={16} aria-hidden="true" />
      <p className="mirror-age__text">
        The platform cannot be reached. As of {relativeTime(asOf)}
        {problem ? <span className="mirror-age__problem"> — {problem}</span> : null}
      </p>
      <Button onClick={() => void refresh()} busy={busy !== null}>
        Get recent changes
      </Button>
    </div>
  )
}
