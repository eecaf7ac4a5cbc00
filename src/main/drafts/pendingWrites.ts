/**
 * The draft store's writes in flight: one queue of file operations per draft, so writes to one
 * draft land in order; the drafts whose in-memory state is newer than their file; and the
 * autosave timers that write them once typing pauses (never later than a maximum wait).
 */
export class PendingWrites {
  /** Drafts whose in-memory state is newer than their file. */
  private readonly dirty = new Set<string>()
  private readonly autosaves = new Map<
    string,
    { timer: ReturnType<typeof setTimeout>; firstChangeAt: number }
  >()
  private readonly queues = new Map<string, Promise<void>>()

  constructor(
    private readonly options: {
      delayMs: number
      maxWaitMs: number
      /** Writes the draft as it is when its turn comes; on failure the draft must be marked dirty again. */
      writeCurrent: (id: string) => Promise<void>
      onAutosaveError: (id: string, error: unknown) => void
    },
  ) {}

  enqueue<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve()
    const result = previous.then(task)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.queues.set(id, tail)
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id)
    })
    return result
  }

  isQueued(id: string): boolean {
    return this.queues.has(id)
  }

  isDirty(id: string): boolean {
    return this.dirty.has(id)
  }

  markDirty(id: string): void {
    this.dirty.add(id)
  }

  markClean(id: string): void {
    this.dirty.delete(id)
  }

  hasPending(id?: string): boolean {
    if (id === undefined) return this.dirty.size > 0 || this.queues.size > 0
    return this.dirty.has(id) || this.queues.has(id)
  }

  /** Marks the draft dirty and (re)arms its autosave. */
  schedule(id: string): void {
    this.dirty.add(id)
    const nowMs = Date.now()
    const pending = this.autosaves.get(id)
    if (pending) clearTimeout(pending.timer)
    const firstChangeAt = pending?.firstChangeAt ?? nowMs
    const delay = Math.max(0, Math.min(this.options.delayMs, firstChangeAt + this.options.maxWaitMs - nowMs))
    const timer = setTimeout(() => {
      this.autosaves.delete(id)
      this.enqueue(id, () => this.options.writeCurrent(id)).catch((error: unknown) =>
        this.options.onAutosaveError(id, error),
      )
    }, delay)
    this.autosaves.set(id, { timer, firstChangeAt })
  }

  cancelAutosave(id: string): void {
    const pending = this.autosaves.get(id)
    if (!pending) return
    clearTimeout(pending.timer)
    this.autosaves.delete(id)
  }

  /** Writes now, after whatever is queued for the draft. */
  persistNow(id: string): Promise<void> {
    this.cancelAutosave(id)
    this.dirty.add(id)
    return this.enqueue(id, () => this.options.writeCurrent(id))
  }

  /** Writes pending changes durably: of every draft, or only of `ids`. */
  async flush(ids?: readonly string[]): Promise<void> {
    const only = ids ? new Set(ids) : undefined
    const chosen = (id: string) => !only || only.has(id)
    for (const id of [...this.autosaves.keys()]) if (chosen(id)) this.cancelAutosave(id)
    // Two rounds: a background autosave that was already running when flush started
    // may fail after we looked, putting its draft back in `dirty`.
    let lastError: unknown
    for (let round = 0; round < 2; round++) {
      const writes = [...this.dirty]
        .filter(chosen)
        .map((id) => this.enqueue(id, () => this.options.writeCurrent(id)))
      const queued = [...this.queues].filter(([id]) => chosen(id)).map(([, queue]) => queue)
      const results = await Promise.allSettled([...writes, ...queued])
      for (const result of results) if (result.status === 'rejected') lastError = result.reason
      if (![...this.dirty].some(chosen)) return
    }
    if (lastError !== undefined) throw lastError
  }

  /** Stops every autosave timer (the store is closing; flush first). */
  stopTimers(): void {
    for (const pending of this.autosaves.values()) clearTimeout(pending.timer)
    this.autosaves.clear()
  }
}
