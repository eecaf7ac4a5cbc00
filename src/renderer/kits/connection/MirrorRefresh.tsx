import { RefreshCw } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import type { MirrorKindStatus } from '../../../shared/ipc/contracts/mirror'
import { Button } from '../../components/Button'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'
import { relativeTime } from '../../state/drafts/draftListModel'
import { useWalkProgress } from './mirrorProgress'
import './mirrorAge.css'

/** The age of the account's copy: that of its oldest kind; null while a kind was never copied. */
function ageOf(kinds: readonly MirrorKindStatus[]): string | null {
  if (kinds.length === 0 || kinds.some((kind) => kind.asOf === null)) return null
  return kinds.map((kind) => kind.asOf as string).sort()[0] ?? null
}

/**
 * "Get recent changes" on demand, while online: walks the account's lists into the mirror
 * (mirror.refresh), telling its progress as it goes, and says how old the copy is.
 */
export function MirrorRefresh({ scope }: { scope: AccountScope }) {
  const [asOf, setAsOf] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const progress = useWalkProgress(scope, busy)
  const { profileId, accountId } = scope

  const read = useCallback(async () => {
    try {
      setAsOf(ageOf((await unwrap(studio().mirror.status({ profileId, accountId }))).kinds))
    } catch {
      setAsOf(null)
    }
  }, [profileId, accountId])
  useEffect(() => {
    void read()
  }, [read])

  const refresh = async () => {
    setBusy(true)
    setProblem(null)
    try {
      setAsOf(ageOf((await unwrap(studio().mirror.refresh({ profileId, accountId }))).kinds))
    } catch (error) {
      setProblem(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }

  const line = busy
    ? (progress ?? 'Getting recent changes…')
    : (problem ??
      (asOf ? `Offline copy as of ${relativeTime(asOf)}` : asOf === null ? 'No offline copy yet' : ''))
  return (
    <div className="mirror-refresh" data-testid="mirror-refresh">
      <span
        className={problem && !busy ? 'mirror-refresh__line mirror-age__problem' : 'mirror-refresh__line'}
        role="status"
      >
        {line}
      </span>
      <Button onClick={() => void refresh()} busy={busy}>
        <RefreshCw size={16} aria-hidden="true" />
        Get recent changes
      </Button>
    </div>
  )
}
