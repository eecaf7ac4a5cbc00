import { afterNextPaint } from './afterNextPaint'

export interface LatestAfterPaint<T> {
  /** Hands over a newer value; the one before it, if not applied yet, is dropped. */
  push(value: T): void
  cancel(): void
}

/**
 * Applies the latest value pushed once the frame after the push has been painted (afterNextPaint:
 * a task queued from requestAnimationFrame, or PAINT_WAIT_MS when no frame comes). The drafts
 * search uses it so the frame that shows a typed letter never waits for 50,000 drafts to be
 * filtered: the list follows in the next frame, and keys typed faster than frames cost one filter
 * per frame.
 * The composer uses it the same way for its rules and preview (PostComposer).
 *
 * Why not useDeferredValue (rule P1, bench/PERFORMANCE.md): React queues the deferred render as
 * a task during the key's own commit, and that task often runs before the browser paints the
 * key's frame, so the frame waits for it.
 */
export function latestAfterPaint<T>(apply: (value: T) => void): LatestAfterPaint<T> {
  let latest: { value: T } | undefined
  let cancelPaint: (() => void) | undefined

  const run = () => {
    cancelPaint = undefined
    const pending = latest
    latest = undefined
    if (pending) apply(pending.value)
  }
  return {
    push(value) {
      latest = { value }
      cancelPaint ??= afterNextPaint(run)
    },
    cancel() {
      cancelPaint?.()
      cancelPaint = undefined
      latest = undefined
    },
  }
}
