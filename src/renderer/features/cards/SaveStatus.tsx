import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
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

/** How long the editor stays quiet before "Saving…" turns back into "Saved". */
export const SAVED_SETTLE_MS = 400

/**
 * The save state as shown: "Saved" waits until the designer pauses and every save is done.
 * Typing saves on each key and main answers within milliseconds, so the status would otherwise
 * flip "Saving…" → "Saved" → "Saving…" on every key: a flicker nobody can read, and the costliest
 * part of a key in the card builder (two DOM swaps and a spinner animation starting per key,
 * bench/PROFILE.md). "Saving…" and errors show at once; the store's own state stays exact.
 */
export function useShownSaveState(save: SaveState): SaveState {
  const [shown, setShown] = useState(save)
  const settling = save.state === 'saved' && shown.state === 'saving'
  useEffect(() => {
    if (!settling) return
    const timer = setTimeout(() => setShown(save), SAVED_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [settling, save])
  if (save !== shown && !settling) {
    setShown(save)
    return save
  }
  return shown
}
