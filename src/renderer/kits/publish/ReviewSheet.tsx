import { Dialog } from 'radix-ui'
import { CircleAlert, Send } from 'lucide-react'
import { useRef, type KeyboardEvent } from 'react'
import type { OutboxReview } from '../../../shared/ipc/contracts/outbox'
import { Button } from '../../components/Button'
import { PracticeBadge } from '../../components/PracticeBadge'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { isPractice } from '../../../shared/environments'
import { formatBytes } from '../jobs/outboxModel'

/**
 * The review sheet Publish opens: where it goes (profile, ad account, advertiser), every step
 * that will run, and the warnings, before anything is queued. Enter confirms, Esc cancels
 * (Radix Dialog: focus is trapped inside and returns to Publish when it closes).
 */
export function ReviewSheet({
  review,
  busy,
  onConfirm,
  onCancel,
}: {
  review: OutboxReview | null
  busy: boolean
  onConfirm(): void
  onCancel(): void
}) {
  const confirmButton = useRef<HTMLButtonElement>(null)
  // Publish goes to the active profile (main's choice too, outbox.review): the practice one is marked.
  const activeProfile = useActiveProfile()
  const practice = activeProfile !== null && isPractice(activeProfile.environment)
  const confirmOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter anywhere in the sheet confirms; on a button, that button's own action runs instead.
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return
    if (event.target instanceof HTMLButtonElement) return
    event.preventDefault()
    if (!busy) onConfirm()
  }
  return (
    <Dialog.Root open={review !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog review-sheet"
          onKeyDown={confirmOnEnter}
          // Publish has the focus, so Enter confirms straight away; Tab reaches Cancel.
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            confirmButton.current?.focus()
          }}
          data-testid="review-sheet"
        >
          <Dialog.Title className="dialog__title">Review and publish</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Nothing is sent until you confirm. The outbox checks everything again before the first upload.
          </Dialog.Description>
          {review ? (
            <>
              <dl className="review-sheet__facts">
                <div>
                  <dt>Profile</dt>
                  <dd className="actions review-sheet__profile">
                    {review.profileLabel}
                    {practice ? <PracticeBadge /> : null}
                  </dd>
                </div>
                <div>
                  <dt>Ad account</dt>
                  <dd>
                    <code>{review.accountId}</code>
                  </dd>
                </div>
                {review.advertiser ? (
                  <div>
                    <dt>Post as</dt>
                    <dd>
                      user <code>{review.advertiser}</code>
                    </dd>
                  </div>
                ) : null}
              </dl>
              {practice ? (
                <p className="review-sheet__practice" data-testid="review-practice">
                  This goes to the practice platform on this computer. Nothing reaches real people.
                </p>
              ) : null}
              <h3 className="review-sheet__heading">
                {review.steps.length === 1 ? '1 step' : `${review.steps.length} steps`}
              </h3>
              <ol className="review-sheet__steps" aria-label="Steps that will run">
                {review.steps.map((step, index) => (
                  <li key={index}>
                    {step.label}
                    {step.bytes !== undefined ? (
                      <span className="review-sheet__size"> · {formatBytes(step.bytes)}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
              {review.warnings.length > 0 ? (
                <div className="review-sheet__warnings" role="group" aria-label="Warnings">
                  <h3 className="review-sheet__heading">
                    <CircleAlert size={14} aria-hidden="true" />
                    {review.warnings.length === 1 ? '1 warning' : `${review.warnings.length} warnings`}
                  </h3>
                  <ul>
                    {review.warnings.map((warning, index) => (
                      <li key={index}>{warning.message}</li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className="review-sheet__none">No warnings.</p>
              )}
            </>
          ) : null}
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            {/* A plain button: the shared Button takes no ref, and focus must start here. */}
            <button
              ref={confirmButton}
              type="button"
              className="button button--primary"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy || undefined}
              data-testid="review-confirm"
            >
              <Send size={16} aria-hidden="true" />
              Publish
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
