import { Clock, RefreshCw, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { PublishedCardState as CardState } from '../../../shared/ipc/contracts/published'
import { Button } from '../../components/Button'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { useDraftEditor } from '../../state/drafts/draftEditor'

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const quoted = (value: string) => (value === '' ? 'empty' : `“${value}”`)

/** What the platform's copy means for the designer, in one or two sentences. */
function sentenceFor(
  state: CardState,
  what: string,
): { warn: boolean; text: string; changes?: CardState['changes'] } {
  if (state.state === 'deleted')
    return {
      warn: true,
      text: `Deleted on the platform: posts can no longer use this ${what}. Duplicate it to publish a new one.`,
    }
  if (state.state === 'missing')
    return {
      warn: true,
      text: `Not on this ad account any more (card ${state.cardId}): posts can no longer use this ${what}. Duplicate it to publish a new one.`,
    }
  if (state.voting)
    return state.voting.open
      ? { warn: false, text: `On the platform now: voting is open until ${when(state.voting.endsAt)}.` }
      : { warn: false, text: `On the platform now: voting closed on ${when(state.voting.endsAt)}.` }
  if (state.changes.length > 0)
    return {
      warn: true,
      text: 'Changed on the platform since it was published here. An edit sent from here changes only the fields you edit.',
      changes: state.changes,
    }
  return { warn: false, text: 'On the platform now: as shown here.' }
}

/**
 * A published poll or video conversation card, read from the platform each time its draft opens
 * (and after an edit): whether it is still there, whether a poll still takes votes, what someone
 * changed elsewhere. Shown inside the published banner; nothing here writes.
 */
export function PublishedCardState({ what }: { what: string }) {
  const draftId = useDraftEditor((state) => state.draft.id)
  const published = useDraftEditor((state) => state.draft.status === 'published')
  const updatedAt = useDraftEditor((state) => state.draft.updatedAt)
  const profileId = useActiveProfile()?.id
  const [read, setRead] = useState<{ state?: CardState; failure?: string } | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!published || !profileId) return
    let current = true
    setRead(null)
    unwrap(studio().published.cardState({ profileId, draftId })).then(
      (state) => current && setRead({ state }),
      (error: unknown) => current && setRead({ failure: failureOf(error).message }),
    )
    return () => {
      current = false
    }
  }, [published, profileId, draftId, updatedAt, attempt])

  if (!published || !profileId) return null
  if (read === null)
    return (
      <p className="published-state muted" data-testid="published-card-state" data-state="reading">
        Checking the platform…
      </p>
    )
  if (read.failure !== undefined || !read.state)
    return (
      <div className="published-state row" data-testid="published-card-state" data-state="failed">
        <p>Could not check the platform: {read.failure}</p>
        <Button variant="ghost" onClick={() => setAttempt((n) => n + 1)}>
          <RefreshCw size={16} aria-hidden="true" />
          Check again
        </Button>
      </div>
    )
  const shown = sentenceFor(read.state, what)
  const Icon = shown.warn ? TriangleAlert : Clock
  return (
    <div
      className={`published-state${shown.warn ? ' published-state--warn' : ''}`}
      data-testid="published-card-state"
      data-state={read.state.state}
    >
      <p className="row">
        <Icon size={16} aria-hidden="true" />
        <span>{shown.text}</span>
      </p>
      {shown.changes ? (
        <dl className="published-state__changes" aria-label="Changed on the platform">
          {shown.changes.map((change) => (
            <div key={change.field}>
              <dt>{change.label}</dt>
              <dd>{quoted(change.now)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  )
}
