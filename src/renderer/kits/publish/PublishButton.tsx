import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { OutboxReview } from '../../../shared/ipc/contracts/outbox'
import { navigate } from '../../nav/routes'
import { Button } from '../../components/Button'
import { reloadDraftFromMain, useOptionalDraftEditorStore } from '../../state/drafts/draftEditor'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { useSettingsStore } from '../../state/settings/settingsStore'
import { plural } from '../../../shared/rules/issues'
import { ACTIVE_STATES, stateLine } from '../jobs/outboxModel'
import { ReviewSheet } from './ReviewSheet'
import { useDraftJob } from '../jobs/useDraftJob'
import './publish.css'

export interface PublishButtonProps {
  draftId: string
  /**
   * Errors the editor's live check finds (the same rules main's publish gate runs). While there
   * are any, Publish is disabled and says why; main refuses such a draft anyway.
   */
  errorCount?: number
  /** Shows every problem on its field (offered while Publish is disabled by errors). */
  onShowProblems?: () => void
  /** Called with the error when publishing fails or is refused, so the editor can mark `error.field` / `contentPath`. */
  onError?: (error: { message: string; field?: string; contentPath?: (string | number)[] }) => void
}

/**
 * "Publish" for an editor: puts the draft in the outbox, then follows its job. Refusals (a field
 * with an error) and platform errors are reported through onError and shown next to the button.
 */
export function PublishButton({ draftId, errorCount = 0, onShowProblems, onError }: PublishButtonProps) {
  const reasonId = useId()
  const [job, setJob] = useDraftJob(draftId)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [review, setReview] = useState<OutboxReview | null>(null)
  // Editors pass inline callbacks; the latest one is used without re-running the effects.
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError
  const outboxLink = useRef<HTMLButtonElement>(null)
  const publishButton = useRef<HTMLButtonElement>(null)

  // A job followed from the outbox to "published" turns the open editor read-only at once: main
  // wrote the published status, so the editor takes the draft as main has it.
  const editor = useOptionalDraftEditorStore()
  const followedActive = useRef(false)
  useEffect(() => {
    if (!job) return
    if (ACTIVE_STATES.has(job.state) || job.state === 'needs_connection') followedActive.current = true
    else if (job.state === 'published' && followedActive.current) {
      followedActive.current = false
      if (editor) void reloadDraftFromMain(editor).catch(() => undefined)
    }
  }, [job, editor])

  useEffect(() => {
    // The preflight stopped the job: the editor marks the first problem that is in this draft.
    const problem =
      job?.state === 'needs_attention' ? job.problems?.find((p) => p.draftId === draftId) : undefined
    if (problem) {
      onErrorRef.current?.({
        message: problem.message,
        ...(problem.contentPath ? { contentPath: problem.contentPath } : {}),
      })
      return
    }
    if (job?.state === 'failed' && job.error && job.error.draftId === draftId) {
      onErrorRef.current?.({
        message: job.error.message,
        ...(job.error.contentPath ? { contentPath: job.error.contentPath } : {}),
      })
    }
  }, [job?.state, job?.error, job?.problems, draftId])

  // A refusal may have taught main something the editor shows (the posting user's length).
  const failed = job?.state === 'failed'
  useEffect(() => {
    if (failed) void useSettingsStore.getState().load()
  }, [failed])

  const refused = (failure: unknown) => {
    const error: { message: string; field?: string } =
      failure instanceof IpcFailure ? failure.error : { message: String(failure) }
    setRefusal(error.message)
    onErrorRef.current?.({ message: error.message, ...(error.field ? { field: error.field } : {}) })
  }

  /** Publish opens the review sheet; main plans the draft as enqueue would, refusing the same way. */
  const openReview = async () => {
    setBusy(true)
    setRefusal(null)
    try {
      // Main plans the draft it has: the typing of the last frame lands first.
      await editor?.getState().flush()
      setReview((await unwrap(studio().outbox.review({ draftId }))).review)
    } catch (failure) {
      refused(failure)
    } finally {
      setBusy(false)
    }
  }

  const publish = async () => {
    setBusy(true)
    try {
      await editor?.getState().flush()
      const { job: queued } = await unwrap(studio().outbox.enqueue({ draftId }))
      setJob(queued)
    } catch (failure) {
      refused(failure)
    } finally {
      setReview(null)
      setBusy(false)
    }
  }

  const active = job !== null && (ACTIVE_STATES.has(job.state) || job.state === 'needs_connection')
  const published = job?.state === 'published'
  const blocked = !active && !published && errorCount > 0
  const blockedReason = blocked ? `Fix ${plural(errorCount, 'problem')} before publishing` : null
  return (
    <div className="publish-button">
      <Button
        ref={publishButton}
        variant="primary"
        onClick={() => void openReview()}
        busy={busy && review === null}
        disabled={active || published || blocked}
        title={blockedReason ?? undefined}
        aria-describedby={reasonId}
        data-testid="publish-button"
      >
        <Send size={16} aria-hidden="true" />
        {published ? 'Published' : active ? 'In the outbox' : 'Publish'}
      </Button>
      <span className="publish-button__status" role="status" aria-live="polite">
        <span id={reasonId}>
          {blockedReason ?? refusal ?? (job && !published ? stateLine(job, Date.now()) : '')}
        </span>
        {blocked && onShowProblems ? (
          <button type="button" className="link-button" onClick={onShowProblems}>
            Show problems
          </button>
        ) : null}
        {/* Kept once published: it may have focus (after the review), and the job's record is there. */}
        {job && (active || published) ? (
          <button ref={outboxLink} type="button" className="link-button" onClick={() => navigate('outbox')}>
            Open the outbox
          </button>
        ) : null}
      </span>
      <ReviewSheet
        review={review}
        busy={busy}
        onConfirm={() => void publish()}
        onCancel={() => setReview(null)}
        onCloseAutoFocus={(event) => {
          // A confirmed publish disables Publish: focus follows the job to its outbox link
          // instead of falling to the page. A cancel or a refusal gives it back to Publish (the
          // sheet has no Radix trigger to return it to).
          event.preventDefault()
          ;(outboxLink.current ?? publishButton.current)?.focus()
        }}
      />
    </div>
  )
}
