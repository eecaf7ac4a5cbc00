/** How often a running import is looked at while its panel shows (the outbox has no push). */
export const POLL_MS = 500
/**
 * ... and while another tab of the page shows: nobody sees the progress then, and each look is
 * two or three IPC answers (the job view has a step per batch, 400 for 10,000 products) handled
 * on the renderer's main thread, which typing in the product search shares. Showing the panel
 * again looks at once (poke).
 */
export const HIDDEN_POLL_MS = 2_000

export interface JobFollower {
  /** Look now instead of at the next tick (the panel was shown again). */
  poke(): void
  stop(): void
}

/**
 * Follows an outbox job by polling: `look` reads the job's status, shows it and says whether
 * the job is still on the move (undefined when it could not be read, which ends the loop as
 * before). The loop ends only after a look that found the job finished, so the last state is
 * always shown, whatever the pace; then `onEnd` says whether the job was seen running.
 */
export function followJob({
  look,
  isVisible,
  onEnd,
}: {
  look(): Promise<boolean | undefined>
  isVisible(): boolean
  onEnd(wasActive: boolean): void
}): JobFollower {
  let stopped = false
  let ended = false
  let wasActive = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let looking = false
  let pokedWhileLooking = false

  const tick = async () => {
    timer = undefined
    looking = true
    const active = await look().catch(() => undefined)
    looking = false
    if (stopped) return
    if (active) {
      wasActive = true
      const poked = pokedWhileLooking
      pokedWhileLooking = false
      timer = setTimeout(() => void tick(), poked ? 0 : isVisible() ? POLL_MS : HIDDEN_POLL_MS)
      return
    }
    ended = true
    onEnd(wasActive)
  }
  void tick()

  return {
    poke() {
      if (stopped || ended) return
      if (looking) {
        // The look on its way may have started before the change the poke is about.
        pokedWhileLooking = true
        return
      }
      clearTimeout(timer)
      void tick()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
