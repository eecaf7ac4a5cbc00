import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react'
import type { SaveState } from '../../lib/draftEditor'

/** Autosave state, announced politely: designers should never wonder whether work is kept. */
export function SaveStatus({ save }: { save: SaveState }) {
  return (
    <span className={`save-status save-status--${save.state}`} role="status" aria-live="polite">
      {save.state === 'saving' ? (
        <>
          <LoaderCircle size={14} className="spin" aria-hidden="true" /> Saving…
        </>
      ) : save.state === 'saved' ? (
        <>
          <CircleCheck size={14} aria-hidden="true" /> Saved
        </>
      ) : (
        <>
          <CircleAlert size={14} aria-hidden="true" /> Not saved: {save.message}
        </>
      )}
    </span>
  )
}
