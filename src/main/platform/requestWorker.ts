import type { Worker } from 'node:worker_threads'

/**
 * A worker thread that answers requests, each answer carrying its request's id. One worker,
 * started on first use (or warmed) and kept (it does not keep the process alive while idle); a
 * worker that stops fails what it was asked, and the next request starts a new one.
 */
export interface RequestWorker<Request, Answer> {
  /** The answer; `onUpdate` hears the request's updates (see `isUpdate`) before it. */
  request(request: Request, onUpdate?: (update: Answer) => void): Promise<Answer>
  /** Starts the thread now, so the first request does not wait for it. */
  warm(): void
  /** Whether a thread runs now (none: nothing of it to tell or stop). */
  running(): boolean
  /** A message that asks for no answer, to the running worker only (none: nothing to tell). */
  notify(message: object): void
  close(): Promise<void>
}

export function createRequestWorker<Request extends object, Answer extends { id: number }>(
  /** Starts the thread (startBundledWorker with the caller's entry). */
  start: () => Worker,
  name: string,
  /** Messages that report on a request under way rather than answer it. */
  isUpdate: (message: Answer) => boolean = () => false,
): RequestWorker<Request, Answer> {
  let worker: Worker | undefined
  let nextId = 1
  const waiting = new Map<
    number,
    {
      resolve: (answer: Answer) => void
      reject: (error: unknown) => void
      onUpdate?: (update: Answer) => void
    }
  >()

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
    worker = undefined
  }

  function started(): Worker {
    if (worker) return worker
    const thread = start()
    thread.unref()
    thread.on('message', (answer: Answer) => {
      const pending = waiting.get(answer.id)
      if (isUpdate(answer)) {
        pending?.onUpdate?.(answer)
        return
      }
      waiting.delete(answer.id)
      pending?.resolve(answer)
      if (waiting.size === 0) thread.unref()
    })
    thread.on('error', failAll)
    thread.on('exit', () => failAll(new Error(`the ${name} worker stopped`)))
    worker = thread
    return thread
  }

  return {
    request(request, onUpdate) {
      const thread = started()
      const id = nextId++
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject, ...(onUpdate ? { onUpdate } : {}) })
        // Referenced while it works: a process waiting only for this answer must live to get it.
        thread.ref()
        thread.postMessage({ ...request, id })
      })
    },
    warm: () => void started(),
    running: () => worker !== undefined,
    notify(message) {
      worker?.postMessage(message)
    },
    async close() {
      const thread = worker
      worker = undefined
      if (thread) await thread.terminate()
    },
  }
}
