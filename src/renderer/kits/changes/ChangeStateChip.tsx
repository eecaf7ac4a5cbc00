import { CloudDownload, GitMerge, LoaderCircle, PencilLine } from 'lucide-react'
import type { ChangeState } from '../../../shared/ipc/contracts/changes'
import { useChangeStateOf } from '../../state/changes/changesStore'

/** Each state of an edit of a published item, in words and an icon (never colour alone). */
export const CHANGE_STATE_WORDS: Record<
  ChangeState,
  { label: string; icon: typeof PencilLine; tone: string }
> = {
  local: { label: 'Changed here', icon: PencilLine, tone: 'accent' },
  downloaded: { label: 'Changed on the platform', icon: CloudDownload, tone: 'warning' },
  conflict: { label: 'Conflict', icon: GitMerge, tone: 'danger' },
  sending: { label: 'Sending', icon: LoaderCircle, tone: 'neutral' },
}

export function ChangeStateChip({ state }: { state: ChangeState }) {
  const { label, icon: Icon, tone } = CHANGE_STATE_WORDS[state]
  return (
    <span className={`badge badge--${tone}`} data-testid="change-state" data-state={state}>
      <Icon size={12} aria-hidden="true" />
      {label}
    </span>
  )
}

/** The chip of a draft's pending edit, in a list row; nothing when it has none. */
export function DraftChangeChip({ draftId }: { draftId: string }) {
  const state = useChangeStateOf(draftId)
  return state ? <ChangeStateChip state={state} /> : null
}
