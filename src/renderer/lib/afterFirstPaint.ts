import { useSyncExternalStore } from 'react'
import { afterNextPaint } from './afterNextPaint'

/** Longest wait for an idle moment after the first frame: a busy page may not go idle for a while. */
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
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(settle, { timeout: IDLE_WAIT_MS })
    else task = setTimeout(settle, 0)
  })
  return () => {
    cancelPaint()
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
