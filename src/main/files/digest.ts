import type { Worker } from 'node:worker_threads'
import type { DigestAnswer, DigestRequest } from './digestWorker'
import { UnsafeFileError } from './regularFile'
import { startBundledWorker } from '../platform/bundledWorker'

/**
 * SHA-256 of a local file, read and hashed off main's thread (digestWorker.ts). Main opens the
 * file and checks it first (a regular file, the identity and size it expects); the worker reads
 * through that same open file, so what is hashed is what was checked. One worker, started on
 * first use and kept (it does not keep the process alive), takes the requests in turn.
 */
export interface FileDigester {
  /** The file's SHA-256 (hex) and, with `keep`, its bytes. */
  digest(fd: number, size: number, keep: boolean): Promise<{ sha256: string; bytes?: Uint8Array }>
  close(): Promise<void>
}

export function createFileDigester(): FileDigester {
  let worker: Worker | undefined
  let nextId = 1
  const waiting = new Map<
    number,
    { resolve: (answer: DigestAnswer) => void; reject: (error: unknown) => void }
  >()

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
    worker = undefined
  }

  function started(): Worker {
    if (worker) return worker
    const thread = startBundledWorker(import.meta.url, {
      source: './digestWorker.ts',
      bundle: './fileDigestWorker.js',
    })
    thread.unref()
    thread.on('message', (answer: DigestAnswer) => {
      const pending = waiting.get(answer.id)
      waiting.delete(answer.id)
      pending?.resolve(answer)
      if (waiting.size === 0) thread.unref()
    })
    thread.on('error', failAll)
    thread.on('exit', () => failAll(new Error('the file digest worker stopped')))
    worker = thread
    return thread
  }

  return {
    async digest(fd, size, keep) {
      const thread = started()
      const id = nextId++
      const answer = await new Promise<DigestAnswer>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        // Referenced while it works: a process waiting only for this answer must live to get it.
        thread.ref()
        thread.postMessage({ id, fd, size, keep } satisfies DigestRequest)
      })
      if ('error' in answer) {
        if (answer.error === 'changed') throw new UnsafeFileError('changed')
        throw Object.assign(new Error('the file could not be read'), answer.code ? { code: answer.code } : {})
      }
      return { sha256: answer.sha256, ...(answer.bytes ? { bytes: new Uint8Array(answer.bytes) } : {}) }
    },
    async close() {
      const thread = worker
      worker = undefined
      if (thread) await thread.terminate()
    },
  }
}
