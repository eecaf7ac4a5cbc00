import { Dialog } from 'radix-ui'
import { CircleAlert, Send } from 'lucide-react'
import { useRef, type KeyboardEvent } from 'react'
import type { OutboxReview } from '../../../shared/ipc/contracts/outbox'
import { Button } from '../../components/Button'
import { PracticeBadge } from '../../components/PracticeBadge'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { useAccountsStore } from '../../state/accounts/accountsStore'
import { isPractice } from '../../../shared/environments'
import { formatBytes } from '../jobs/outboxModel'
import { useEditorPreview } from '../editor/editorPreview'
import { usePreviewDevice } from '../editor/previewDevice'
import type { ProfileSummary } from '../../../shared/profiles'
import { DialogActions } from '../../components/DialogActions'

/** A name people know, and the handle or id that tells it apart. */
interface Named {
  name: string
  detail?: string
}

/** The ad account by its name (from the account list), its id beside it only to tell two apart. */
function useAccountNamed(profile: ProfileSummary | null, accountId: string): Named {
  const name = useAccountsStore((state) =>
    profile && state.profileId === profile.id
      ? state.accounts.find((account) => account.id === accountId)?.name
      : undefined,
  )
  return name ? { name } : { name: 'This profile’s ad account', detail: accountId }
}

/**
 * Who the post is made for. The connected user is known by @handle (the access token carries
 * it) and shown under the account's name, as the preview shows the author; the platform has no
 * call that names any other user, so another advertiser is said to be one, with their user id.
 */
function advertiserNamed(profile: ProfileSummary | null, advertiser: string, account: Named): Named {
  if (profile?.userId === advertiser && profile.screenName)
    return { name: account.detail ? profile.label : account.name, detail: `@${profile.screenName}` }
  return { name: 'Another advertiser', detail: `user ${advertiser}` }
}

/**
 * The review sheet Publish opens: where it goes (profile, ad account, advertiser), every step
 * that will run, and the warnings, before anything is queued. Enter confirms, Esc cancels
 * (Radix Dialog: focus is trapped inside; on close it returns to Publish, or goes where the
 * caller says, onCloseAutoFocus).
 */
export function ReviewSheet({
  review,
  busy,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  review: OutboxReview | null
  busy: boolean
  onConfirm(): void
  onCancel(): void
  /** Where focus goes once the sheet closes (Radix returns it to Publish unless prevented). */
  onCloseAutoFocus?: (event: Event) => void
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
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          data-testid="review-sheet"
        >
          <Dialog.Title className="dialog__title">Review and publish</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Nothing is sent until you confirm. The outbox checks everything again before the first upload.
          </Dialog.Description>
          {review ? (
            <div className="review-sheet__body">
              <div className="review-sheet__details">
                <ReviewFacts review={review} profile={activeProfile} practice={practice} />
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
              </div>
              <ReviewPreview />
            </div>
          ) : null}
          <DialogActions>
            {/* Focus starts here; busy, it keeps focus until the sheet closes (see Button). */}
            <Button
              ref={confirmButton}
              variant="primary"
              onClick={onConfirm}
              busy={busy}
              data-testid="review-confirm"
            >
              {busy ? null : <Send size={16} aria-hidden="true" />}
              Publish
            </Button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ReviewFacts({
  review,
  profile,
  practice,
}: {
  review: OutboxReview
  profile: ProfileSummary | null
  practice: boolean
}) {
  const account = useAccountNamed(profile, review.accountId)
  const advertiser = review.advertiser ? advertiserNamed(profile, review.advertiser, account) : null
  return (
    <dl className="review-sheet__facts" data-testid="review-facts">
      <div>
        <dt>Profile</dt>
        <dd className="actions review-sheet__profile">
          {review.profileLabel}
          {practice ? <PracticeBadge /> : null}
        </dd>
      </div>
      <div>
        <dt>Ad account</dt>
        <dd data-testid="review-account">
          <NamedValue named={account} />
        </dd>
      </div>
      {advertiser ? (
        <div>
          <dt>Post as</dt>
          <dd data-testid="review-advertiser">
            <NamedValue named={advertiser} />
          </dd>
        </div>
      ) : null}
      {review.approval ? (
        <div>
          <dt>Approved</dt>
          <dd data-testid="review-approval">
            <span className="review-sheet__name">version {review.approval.version}</span>
            <span className="review-sheet__detail"> by {review.approval.reviewer}</span>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

function NamedValue({ named }: { named: Named }) {
  return (
    <>
      <span className="review-sheet__name">{named.name}</span>
      {named.detail ? <span className="review-sheet__detail"> {named.detail}</span> : null}
    </>
  )
}

/** What will go out, exactly as the editor previews it (its own preview element, same device). */
function ReviewPreview() {
  const preview = useEditorPreview()
  const device = usePreviewDevice((state) => state.device)
  if (!preview) return null
  return (
    <section className="review-sheet__preview" aria-label="What will be published" data-device={device}>
      <h3 className="review-sheet__heading">What will be published</h3>
      <div className="editor__preview-frame" data-testid="review-preview">
        {preview}
      </div>
    </section>
  )
}
