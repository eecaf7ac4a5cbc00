import { useEffect, useState } from 'react'
import { latestAfterPaint } from './latestAfterPaint'

/**
 * The value as it was when the last frame was painted: a new value reaches it in a task after
 * the frame that shows the change (latestAfterPaint), once per frame however fast it changes.
 * For what may follow an edit by a frame (rules, a preview) but should never delay the frame
 * showing the edit; `waitForPaint` false applies it in the same render. Unlike useDeferredValue, whose render React queues during the key's commit
 * and which often runs before that frame is painted (bench/PROFILE.md sections 9 and 14).
 */
export function useValueAfterPaint<T>(value: T, waitForPaint = true): T {
  const [settled, setSettled] = useState(value)
  const [later] = useState(() => latestAfterPaint<T>(setSettled))
  const waits = waitForPaint && value !== settled
  // Not waiting (a click, not a key): derived during render, so no frame shows a stale value.
  if (!waitForPaint && value !== settled) setSettled(value)
  useEffect(() => {
    // Pushed from the edit's own commit: the frame requested now is the one that shows the edit.
    if (waits) later.push(value)
    // Applied already: a value still waiting would be older than this one.
    else later.cancel()
  }, [value, waits, later])
  useEffect(() => () => later.cancel(), [later])
  return waits ? settled : value
}
