/** Longest wait for a frame: a hidden window (minimised, behind others) paints none. */
export const PAINT_WAIT_MS = 100

/**
 * Calls `then` once the next frame has been painted: in a task queued from requestAnimationFrame,
 * so after the frame's own style, layout and paint; or after PAINT_WAIT_MS when no frame comes.
 * Returns a function that cancels the call.
 */
export function afterNextPaint(then: () => void): () => void {
  let frame: number | undefined
  let task: ReturnType<typeof setTimeout> | undefined
  const cancel = () => {
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(task)
    clearTimeout(fallback)
    frame = task = undefined
  }
  const run = () => {
    cancel()
    then()
  }
  const fallback = setTimeout(run, PAINT_WAIT_MS)
  if (typeof requestAnimationFrame === 'function')
    frame = requestAnimationFrame(() => {
      frame = undefined
      task = setTimeout(run, 0)
    })
  return cancel
}
