import type { Worker } from 'node:worker_threads'
import { startBundledWorker } from './bundledWorker'

/**
 * A worker thread that answers requests one by one, each answer carrying its request's id. One
 * worker, started on first use and kept (it does not keep the process alive while idle); a
 * worker that stops fails what it was asked, and the next request starts a new one.
 */
export interface RequestWorker<Request, Answer> {
  request(request: Request): Promise<Answer>
  /** A message that asks for no answer, to the running worker only (none: nothing to tell). */
  notify(message: object): void
  close(): Promise<void>
}

export function createRequestWorker<Request extends object, Answer extends { id: number }>(
  from: string,
  entry: { source: string; bundle: string },
  name: string,
): RequestWorker<Request, Answer> {
  let worker: Worker | undefined
  let nextId = 1
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: unknown) => void }>()

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
    worker = undefined
  }

  function started(): Worker {
    if (worker) return worker
    const thread = startBundledWorker(from, entry)
    thread.unref()
    thread.on('message', (answer: Answer) => {
      const pending = waiting.get(answer.id)
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
    request(request) {
      const thread = started()
      const id = nextId++
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        // Referenced while it works: a process waiting only for this answer must live to get it.
        thread.ref()
        thread.postMessage({ ...request, id })
      })
    },
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
