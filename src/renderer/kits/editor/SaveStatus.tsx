import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { SaveState } from '../../state/drafts/draftEditor'

/**
 * How long a save runs before the status says "Saving…" (rule P4, bench/PERFORMANCE.md: no
 * spinner while typing). Main writes a change within a few milliseconds, and every key is a
 * change: flipping "Saving…"/"Saved" twice per key swapped the icon, restarted the spinner and
 * re-announced the live region on every keystroke (about 3 ms a key at 25,000 characters) for a
 * word nobody could read. An app choice; the same delay as a "slow save" in document editors.
 */
export const SLOW_SAVE_MS = 300

/** True once the current save has lasted SLOW_SAVE_MS; false again when it ends. */
function useSlowSave(saving: boolean): boolean {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (!saving) {
      setSlow(false)
      return
    }
    const timer = setTimeout(() => setSlow(true), SLOW_SAVE_MS)
    return () => clearTimeout(timer)
  }, [saving])
  return saving && slow
}

// One element each: the status renders twice a key ("saving", then "saved") and React skips an
// element it has seen, so the key builds no icon (lucide builds its SVG children on each render).
const SAVED_ICON = <CircleCheck size={14} aria-hidden="true" />
const ERROR_ICON = <CircleAlert size={14} aria-hidden="true" />

/**
 * Editors save on every change; this says where the last change is. `data-save-state` is always
 * the true state (tests and tools wait on it); the words change to "Saving…" only for a slow save.
 * Not `data-state` (rule P3, bench/PERFORMANCE.md): stylesheets select on that name, so each
 * change of it restyles the element and asks for a frame. The state flips back to "saved" when
 * main answers, and an answer later than the key's own frames was one frame more, which kept
 * the page's compositor on the display's clock until the next key, which then waited a tick.
 * test/unit/styles/perKeyAttributes.test.ts keeps stylesheets off it.
 */
export function SaveStatus({ save }: { save: SaveState }) {
  const slow = useSlowSave(save.state === 'saving')
  if (save.state === 'saving' && slow) {
    return (
      <span className="save-status" role="status" data-testid="save-status" data-save-state="saving">
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
        data-save-state="error"
      >
        {ERROR_ICON}
        {save.message}
      </span>
    )
  }
  return (
    <span className="save-status" role="status" data-testid="save-status" data-save-state={save.state}>
      {SAVED_ICON}
      Saved as draft
    </span>
  )
}
