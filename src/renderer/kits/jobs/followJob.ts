/**
 * The least time between the starts of two looks. A catalog send moves its job hundreds of times
 * a second and each look is two or three IPC answers of a 400-step view; looking at every move
 * took the product search's frames (bench: "Catalog: while sending"). Four looks a second is
 * faster than anyone reads a progress bar.
 */
export const FOLLOW_GAP_MS = 250

export interface JobFollower {
  /** Look now if the job moved while the panel was hidden (the panel is shown again). */
  poke(): void
  stop(): void
}

/**
 * Follows an outbox job as main says it moves: `look` reads the job's status, shows it and says
 * whether the job is still on the move (undefined when it could not be read, which ends the
 * following); `moves` subscribes to the job's events (job.progress of this job) and returns the
 * unsubscribe. It looks once at the start and after each move, one look at a time: moves during
 * a look make one more look after it, at most one per `gapMs`. The following ends only after a look that found the job
 * finished, so the last state is always shown; then `onEnd` says whether the job was seen running.
 *
 * While the panel is hidden a move is only noted: nobody sees the progress, each look is two or
 * three IPC answers (the job view has a step per batch, 400 for 10,000 products) received on the
 * renderer's main thread, which typing in the product search shares, and the page follows the
 * sending on its own (its counts, and the table's rows). Showing the panel looks (poke) if the
 * job moved meanwhile.
 */
export function followJob({
  look,
  moves,
  isVisible,
  onEnd,
  gapMs = FOLLOW_GAP_MS,
}: {
  look(): Promise<boolean | undefined>
  moves(onMove: () => void): () => void
  isVisible(): boolean
  onEnd(wasActive: boolean): void
  gapMs?: number
}): JobFollower {
  let stopped = false
  let wasActive = false
  let looking = false
  /** The job moved since the last look began. */
  let moved = false
  let lastStart = -Infinity

  const tick = async () => {
    looking = true
    const wait = lastStart + gapMs - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (stopped) return
    lastStart = performance.now()
    moved = false
    const active = await look().catch(() => undefined)
    looking = false
    if (stopped) return
    if (!active) {
      stop()
      onEnd(wasActive)
      return
    }
    wasActive = true
    if (moved && isVisible()) void tick()
  }
  const unsubscribe = moves(() => {
    moved = true
    if (!looking && isVisible()) void tick()
  })
  const stop = () => {
    stopped = true
    unsubscribe()
  }
  void tick()

  return {
    poke() {
      if (stopped || looking || !moved) return
      void tick()
    },
    stop,
  }
}
