import { createHash } from 'node:crypto'
import { readSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'

/**
 * The worker thread that reads and hashes a local file main has opened and checked (digest.ts),
 * so main's event loop never waits on reading or SHA-256: a 1.5 GiB file hashed on main once
 * held it for 10.5 s. It reads through main's file descriptor, from the start, exactly `size`
 * bytes: a file that is shorter or longer than main found it has changed, and is refused.
 */

export interface DigestRequest {
  id: number
  fd: number
  size: number
  /** Keep the bytes (an upload sends them); they come back transferred, not copied. */
  keep: boolean
}

export type DigestAnswer =
  | { id: number; sha256: string; bytes?: ArrayBuffer }
  | { id: number; error: 'changed' | 'unreadable'; code?: string }

const SLICE_BYTES = 1 << 20

const port = parentPort
if (!port) throw new Error('digestWorker runs only as a worker thread')

function digest(request: DigestRequest): DigestAnswer {
  const hash = createHash('sha256')
  const kept = request.keep ? new ArrayBuffer(request.size) : undefined
  const scratch = kept ? undefined : new Uint8Array(Math.min(SLICE_BYTES, Math.max(request.size, 1)))
  let at = 0
  while (at < request.size) {
    const length = Math.min(SLICE_BYTES, request.size - at)
    const into = kept ? new Uint8Array(kept, at, length) : (scratch as Uint8Array).subarray(0, length)
    const read = readSync(request.fd, into, 0, length, at)
    if (read === 0) return { id: request.id, error: 'changed' }
    hash.update(into.subarray(0, read))
    at += read
  }
  // One byte past the size: a file that grew since main looked is not the one it checked.
  if (readSync(request.fd, new Uint8Array(1), 0, 1, request.size) > 0)
    return { id: request.id, error: 'changed' }
  return { id: request.id, sha256: hash.digest('hex'), ...(kept ? { bytes: kept } : {}) }
}

port.on('message', (request: DigestRequest) => {
  let answer: DigestAnswer
  try {
    answer = digest(request)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    answer = { id: request.id, error: 'unreadable', ...(typeof code === 'string' ? { code } : {}) }
  }
  if ('bytes' in answer && answer.bytes) port.postMessage(answer, [answer.bytes])
  else port.postMessage(answer)
})
