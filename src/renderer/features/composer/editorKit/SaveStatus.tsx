import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react'
import type { SaveState } from '../../../lib/draftEditor'

/** Editors save on every change; this says where the last change is. */
export function SaveStatus({ save }: { save: SaveState }) {
  if (save.state === 'saving') {
    return (
      <span className="save-status" role="status" data-testid="save-status" data-state="saving">
        <LoaderCircle className="spin" size={14} aria-hidden="true" />
        Saving…
      </span>
    )
  }
  if (save.state === 'error') {
    return (
      <span
        className="save-status save-status--error"
        role="alert"
        data-testid="save-status"
        data-state="error"
      >
        <CircleAlert size={14} aria-hidden="true" />
        {save.message}
      </span>
    )
  }
  return (
    <span className="save-status" role="status" data-testid="save-status" data-state="saved">
      <CircleCheck size={14} aria-hidden="true" />
      Saved as draft
    </span>
  )
}
