import { useEffect, useState } from 'react'
import { latestAfterPaint } from './latestAfterPaint'

/**
 * The value as it was when the last frame was painted: a new value reaches it in a task after
 * the frame that shows the change (latestAfterPaint), once per frame however fast it changes.
 * For what may follow an edit by a frame (rules, a preview) but should never delay the frame
 * showing the edit (rule P1, bench/PERFORMANCE.md). Unlike useDeferredValue, whose render React
 * queues during the key's commit and which often runs before that frame is painted.
 *
 * `waitForPaint` says whether a change waits for the frame (typing does; a click does not), as
 * a flag or as a test of the new value against the settled one. A change that does not wait is
 * applied in the same render, so no control ever shows a stale value.
 */
export function useValueAfterPaint<T>(
  value: T,
  waitForPaint: boolean | ((next: T, settled: T) => boolean) = true,
): T {
  const [settled, setSettled] = useState(value)
  const [later] = useState(() => latestAfterPaint<T>(setSettled))
  const changed = value !== settled
  const waits = changed && (typeof waitForPaint === 'function' ? waitForPaint(value, settled) : waitForPaint)
  // Derived during render (React's "adjusting state when a prop changes"): no frame with a stale value.
  if (changed && !waits) setSettled(value)
  useEffect(() => {
    // Pushed from the edit's own commit: the frame requested now is the one that shows the edit.
    if (waits) later.push(value)
    // Applied already: a value still waiting would be older than this one.
    else later.cancel()
  }, [value, waits, later])
  useEffect(() => () => later.cancel(), [later])
  return waits ? settled : value
}
