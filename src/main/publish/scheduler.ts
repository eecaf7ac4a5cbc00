import type { PublishAccess } from './access'
import type { OutboxJob } from './job'
import type { JobBook } from './jobBook'

/**
 * The queue: jobs run one at a time per ad account in the order they were queued, whenever the
 * job's profile is connected; accounts run side by side. A paused job (its access expired) holds
 * up its account's later jobs, and paused jobs look for their connection now and then.
 */
export function createScheduler(deps: {
  book: JobBook
  access: PublishAccess
  runJob(job: OutboxJob): Promise<void>
  /** An OS notification when the outbox has drained. */
  notify?: (title: string, body: string) => void
  onError(error: unknown): void
  /** How often paused jobs check whether their profile is connected again. */
  reconnectCheckMs: number
  disposed(): boolean
}) {
  const { book, access } = deps
  const runners = new Map<string, Promise<void>>()
  let reconnectTimer: ReturnType<typeof setInterval> | undefined

  /** The first unfinished job of an account, in queue order. */
  function nextJob(accountId: string): OutboxJob | undefined {
    return book
      .ordered()
      .find(
        (job) => job.accountId === accountId && (job.state === 'active' || job.state === 'needs_connection'),
      )
  }

  async function runAccount(accountId: string): Promise<void> {
    for (;;) {
      if (deps.disposed()) return
      const job = nextJob(accountId)
      if (!job) return
      if (job.state === 'needs_connection') {
        if (access.status(job.profileId) !== 'connected') return
        await book.setState(job, 'active')
      }
      await deps.runJob(job).catch((error: unknown) => {
        // A job file that cannot be written: stop this account's queue rather than lose track.
        deps.onError(error)
        book.setLive(job, undefined)
        throw error
      })
      book.setLive(job, undefined)
      // runJob moves the state on; a paused job holds up the account's later jobs.
      if ((job.state as OutboxJob['state']) === 'needs_connection') return
    }
  }

  function maybeNotifyDrained(): void {
    if (book.all().some((job) => job.state === 'active')) return
    const { published, done, failed } = book.takeBatch()
    if (published + done + failed === 0) return
    const parts = [
      published > 0 ? `${published} published` : '',
      done > 0 ? `${done} done` : '',
      failed > 0 ? `${failed} failed` : '',
    ].filter(Boolean)
    deps.notify?.(failed > 0 ? 'Publishing finished with problems' : 'Publishing finished', parts.join(', '))
  }

  function syncReconnectTimer(): void {
    const paused = book.all().some((job) => job.state === 'needs_connection')
    if (paused && !reconnectTimer && !deps.disposed()) {
      reconnectTimer = setInterval(() => wake(), deps.reconnectCheckMs)
      reconnectTimer.unref?.()
    } else if (!paused && reconnectTimer) {
      clearInterval(reconnectTimer)
      reconnectTimer = undefined
    }
  }

  function wake(): void {
    if (deps.disposed()) return
    const accounts = new Set(
      book
        .all()
        .filter(
          (job) =>
            job.state === 'active' ||
            (job.state === 'needs_connection' && access.status(job.profileId) === 'connected'),
        )
        .map((job) => job.accountId),
    )
    for (const accountId of accounts) {
      if (runners.has(accountId)) continue
      const runner = runAccount(accountId)
        .catch(deps.onError)
        .finally(() => {
          runners.delete(accountId)
          syncReconnectTimer()
          if (runners.size === 0) maybeNotifyDrained()
        })
      runners.set(accountId, runner)
    }
    syncReconnectTimer()
  }

  return {
    wake,
    syncReconnectTimer,
    /** The job is the one its account's runner is on now. */
    isRunning: (job: OutboxJob) => runners.has(job.accountId) && book.live(job.id) !== undefined,
    /** Resolves when no job is running. */
    async idle(): Promise<void> {
      while (runners.size > 0) await Promise.all([...runners.values()])
    },
    /** Stops looking for work; a request in flight finishes unless it takes longer than a moment. */
    async stop(): Promise<void> {
      if (reconnectTimer) clearInterval(reconnectTimer)
      await Promise.race([
        Promise.all([...runners.values()]),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ])
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
