import { useSyncExternalStore } from 'react'

/**
 * Longest wait for the first frame and then for an idle moment: a hidden window (started
 * minimised, behind others) paints none, and a busy one may not go idle for a while.
 */
const FRAME_WAIT_MS = 100
const IDLE_WAIT_MS = 1_000

let settled = false
const listeners = new Set<() => void>()
/** Cancels the wait under way, if any: nothing waits while nobody listens. */
let cancelWait: (() => void) | undefined

function settle(): void {
  cancelWait = undefined
  settled = true
  for (const notify of listeners) notify()
  listeners.clear()
}

function waitForFirstFrameAndIdle(): () => void {
  let idle: number | undefined
  let task: ReturnType<typeof setTimeout> | undefined
  const next = () => {
    clearTimeout(fallback)
    cancelAnimationFrame(frame)
    if (idle !== undefined || task !== undefined) return
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(settle, { timeout: IDLE_WAIT_MS })
    else task = setTimeout(settle, 0)
  }
  const fallback = setTimeout(next, FRAME_WAIT_MS)
  const frame = requestAnimationFrame(() => {
    task = setTimeout(() => {
      task = undefined
      next()
    }, 0)
  })
  return () => {
    clearTimeout(fallback)
    cancelAnimationFrame(frame)
    clearTimeout(task)
    if (idle !== undefined) cancelIdleCallback(idle)
  }
}

function subscribe(listener: () => void): () => void {
  if (settled) return () => undefined
  listeners.add(listener)
  cancelWait ??= waitForFirstFrameAndIdle()
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0 || !cancelWait) return
    cancelWait()
    cancelWait = undefined
  }
}

/**
 * False until the app's first frame has been painted and the page has gone idle once, then
 * true for good. For work that nobody sees in the first frame (a closed menu's hidden list)
 * and that would otherwise be part of it.
 */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, () => settled)
}
