/**
 * A refresh that runs one at a time: a call while it runs gets the running promise and asks for
 * one more run afterwards, so a change announced meanwhile is never missed and never read twice
 * at once.
 */
export function serialRuns(work: () => Promise<unknown>): { run(): Promise<void>; runAgain(): void } {
  let running: Promise<void> | null = null
  let again = false
  return {
    run() {
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        do {
          again = false
          await work()
        } while (again)
      })().finally(() => {
        running = null
      })
      return running
    },
    /** Asks for one more run once the current one ends. */
    runAgain() {
      again = true
    },
  }
}
