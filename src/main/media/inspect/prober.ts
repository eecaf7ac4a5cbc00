import type { Worker } from 'node:worker_threads'
import { startBundledWorker } from '../../platform/bundledWorker'
import { MediaFileError } from '../formats'
import type { ProbedMedia } from './probeFile'
import type { ProbeAnswer, ProbeRequest } from './worker'

/**
 * Reads a local medium's properties off main's thread (worker.ts), through a file main has
 * opened and checked: what is probed is what was checked. One worker, started on first use and
 * kept (it does not keep the process alive), takes the requests in turn.
 */
export interface MediaProber {
  /**
   * @throws MediaFileError with a sentence for the designer when the file is empty, not a
   *   supported medium, damaged or cut short.
   */
  probe(fd: number, size: number, fileName: string): Promise<ProbedMedia>
  close(): Promise<void>
}

export function createMediaProber(): MediaProber {
  let worker: Worker | undefined
  let nextId = 1
  const waiting = new Map<
    number,
    { resolve: (answer: ProbeAnswer) => void; reject: (error: unknown) => void }
  >()

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
    worker = undefined
  }

  function started(): Worker {
    if (worker) return worker
    const thread = startBundledWorker(import.meta.url, {
      source: './worker.ts',
      bundle: './mediaProbeWorker.js',
    })
    thread.unref()
    thread.on('message', (answer: ProbeAnswer) => {
      const pending = waiting.get(answer.id)
      waiting.delete(answer.id)
      pending?.resolve(answer)
      if (waiting.size === 0) thread.unref()
    })
    thread.on('error', failAll)
    thread.on('exit', () => failAll(new Error('the media probe worker stopped')))
    worker = thread
    return thread
  }

  return {
    async probe(fd, size, fileName) {
      const thread = started()
      const id = nextId++
      const answer = await new Promise<ProbeAnswer>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        // Referenced while it works: a process waiting only for this answer must live to get it.
        thread.ref()
        thread.postMessage({ id, fd, size, fileName } satisfies ProbeRequest)
      })
      if ('probed' in answer) return answer.probed
      if ('refused' in answer) throw new MediaFileError(answer.refused)
      throw Object.assign(
        new Error(`the file could not be read: ${answer.failed}`),
        answer.code ? { code: answer.code } : {},
      )
    },
    async close() {
      const thread = worker
      worker = undefined
      if (thread) await thread.terminate()
    },
  }
}

let shared: MediaProber | undefined

/** The process's one prober (the media page, the outbox's preflight and tools share it). */
export function sharedMediaProber(): MediaProber {
  return (shared ??= createMediaProber())
}
