import { afterEach, beforeEach, vi } from 'vitest'

/**
 * A frame clock the test drives, for code that waits for the browser's next frame: jsdom never
 * paints, so requestAnimationFrame callbacks run only when the test calls runFrame(). Timers are
 * faked too, for the tasks such code queues after a frame. Call at the top of a describe block.
 */
export function installFakeFrames(): { runFrame(): void; pending(): number } {
  let frames = new Map<number, FrameRequestCallback>()
  let lastId = 0
  beforeEach(() => {
    vi.useFakeTimers()
    frames = new Map()
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      lastId += 1
      frames.set(lastId, callback)
      return lastId
    })
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })
  return {
    /** Runs the callbacks of the coming frame, as the browser does before painting it. */
    runFrame() {
      const due = [...frames.values()]
      frames = new Map()
      for (const callback of due) callback(0)
    },
    /** Callbacks waiting for the next frame. */
    pending: () => frames.size,
  }
}
