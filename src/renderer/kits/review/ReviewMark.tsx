import { BadgeCheck, MessageSquareWarning } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useEffect } from 'react'
import type { ReviewState } from '../../../shared/ipc/contracts/review'
import { useReviewStore } from '../../state/review/reviewStore'
import './review.css'

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

/** A review state in words: who decided, on which version, and whether the draft changed since. */
export function reviewWords(state: ReviewState): {
  text: string
  tone: 'success' | 'warning' | 'danger' | 'neutral'
} {
  if (state.decision === 'approve')
    return state.current
      ? { text: `Approved by ${state.reviewer}`, tone: 'success' }
      : { text: `Approved version ${state.version}; changed since`, tone: 'warning' }
  return state.current
    ? { text: `Changes requested by ${state.reviewer}`, tone: 'danger' }
    : { text: `Changes requested on version ${state.version}; changed since`, tone: 'neutral' }
}

/** The review state of one draft, read from the store (which follows main's saves). */
export function useReviewState(draftId: string): ReviewState | undefined {
  const load = useReviewStore((state) => state.load)
  const loaded = useReviewStore((state) => state.loaded)
  useEffect(() => {
    if (!loaded) void load()
  }, [load, loaded])
  return useReviewStore((state) => state.byDraft.get(draftId))
}

/** The drafts list's mark: a badge, nothing when no reviewer has decided. */
export function ReviewMark({ draftId }: { draftId: string }) {
  const state = useReviewState(draftId)
  if (!state) return null
  const { text, tone } = reviewWords(state)
  return (
    <span
      className={`badge badge--${tone} review-mark`}
      data-testid="review-mark"
      title={`Version ${state.version}, ${dateOf(state.decidedAt)}`}
    >
      {text}
    </span>
  )
}

/** The editor's mark: the badge opens who decided on which version, when, and the comments. */
export function ReviewDetails({ draftId }: { draftId: string }) {
  const state = useReviewState(draftId)
  if (!state) return null
  const { text, tone } = reviewWords(state)
  const Icon = state.decision === 'approve' ? BadgeCheck : MessageSquareWarning
  return (
    <Popover.Root>
      <Popover.Trigger
        className={`badge badge--${tone} badge--button`}
        data-testid="review-mark"
        aria-haspopup="dialog"
      >
        <Icon size={14} aria-hidden="true" />
        {text}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="review-details" align="start" sideOffset={6} aria-label="Review">
          <p className="review-details__head">
            {state.decision === 'approve' ? 'Approved' : 'Changes requested'} by{' '}
            <strong>{state.reviewer}</strong> on {dateOf(state.decidedAt)}, for version{' '}
            <span className="code">{state.version}</span>.
          </p>
          {state.current ? null : (
            <p className="review-details__stale">
              The draft changed since:{' '}
              {state.decision === 'approve'
                ? 'this approval no longer holds'
                : 'check the changes still answer these comments'}
              . Send it for review again from the Drafts page.
            </p>
          )}
          {state.comments.length > 0 ? (
            <dl className="review-details__comments">
              {state.comments.map((comment, index) => (
                <div key={`${comment.field}:${index}`}>
                  <dt>{comment.label}</dt>
                  <dd>{comment.text}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">No comments.</p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
