/** How often a running import is looked at while its panel shows (the outbox has no push). */
export const POLL_MS = 500

export interface JobFollower {
  /** Look now instead of at the next tick, or at all if parked (the panel was shown again). */
  poke(): void
  stop(): void
}

/**
 * Follows an outbox job by polling: `look` reads the job's status, shows it and says whether
 * the job is still on the move (undefined when it could not be read, which ends the loop as
 * before). The loop ends only after a look that found the job finished, so the last state is
 * always shown; then `onEnd` says whether the job was seen running.
 *
 * While the panel is hidden it does not look at all: nobody sees the progress, each look is two
 * or three IPC answers (the job view has a step per batch, 400 for 10,000 products) received on
 * the renderer's main thread, which typing in the product search shares, and the page follows
 * the sending on its own (its counts, and the table's rows). Showing the panel looks at once
 * (poke) and follows on from there.
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
      if (poked) timer = setTimeout(() => void tick(), 0)
      else if (isVisible()) timer = setTimeout(() => void tick(), POLL_MS)
      // Hidden: parked until poke().
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
