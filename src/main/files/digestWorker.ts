import { createHash, type Hash } from 'node:crypto'
import { readSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'

/**
 * The worker thread that reads and hashes a local file main has opened and checked (digest.ts),
 * so main's event loop never waits on reading or SHA-256: a 1.5 GiB file hashed on main once
 * held it for 10.5 s. It reads through main's file descriptor, exactly `size` bytes: a file
 * that is shorter or longer than main found it has changed, and is refused.
 *
 * Two ways: the whole file at once ('whole'), or slice by slice as an upload sends it
 * ('slice'), with one running hash per stream, so each byte is read once and hashed on the way.
 */

export type DigestRequest =
  | {
      kind: 'whole'
      id: number
      fd: number
      size: number
      /** Keep the bytes (an upload sends them); they come back transferred, not copied. */
      keep: boolean
    }
  | {
      /** `length` bytes at `at`; the stream's hash takes every byte up to their end on the way. */
      kind: 'slice'
      id: number
      stream: number
      fd: number
      size: number
      at: number
      length: number
    }
  /** The stream's hash, every byte up to `size` read and none after it. */
  | { kind: 'finish'; id: number; stream: number; fd: number; size: number }
  /** Forget a stream (its file was closed); no answer. */
  | { kind: 'end'; stream: number }

export type DigestAnswer =
  | { id: number; sha256?: string; bytes?: ArrayBuffer }
  | { id: number; error: 'changed' | 'unreadable'; code?: string }

const SLICE_BYTES = 1 << 20

class FileChanged extends Error {}

const port = parentPort
if (!port) throw new Error('digestWorker runs only as a worker thread')

/** Reads exactly into `into` from `position`; a file that ends earlier has changed. */
function readFully(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length;) {
    const read = readSync(fd, into, done, into.length - done, position + done)
    if (read === 0) throw new FileChanged()
    done += read
  }
}

/** One byte past the size: a file that grew since main looked is not the one it checked. */
function checkEnd(fd: number, size: number): void {
  if (readSync(fd, new Uint8Array(1), 0, 1, size) > 0) throw new FileChanged()
}

/** Hashes [from, to) through a scratch buffer. */
function hashRange(hash: Hash, fd: number, from: number, to: number): void {
  const scratch = new Uint8Array(Math.min(SLICE_BYTES, Math.max(to - from, 1)))
  for (let at = from; at < to; at += SLICE_BYTES) {
    const into = scratch.subarray(0, Math.min(SLICE_BYTES, to - at))
    readFully(fd, into, at)
    hash.update(into)
  }
}

function whole(fd: number, size: number, keep: boolean): { sha256: string; bytes?: ArrayBuffer } {
  const hash = createHash('sha256')
  if (!keep) {
    hashRange(hash, fd, 0, size)
  } else {
    const kept = new ArrayBuffer(size)
    for (let at = 0; at < size; at += SLICE_BYTES) {
      const into = new Uint8Array(kept, at, Math.min(SLICE_BYTES, size - at))
      readFully(fd, into, at)
      hash.update(into)
    }
    checkEnd(fd, size)
    return { sha256: hash.digest('hex'), bytes: kept }
  }
  checkEnd(fd, size)
  return { sha256: hash.digest('hex') }
}

/** Running hashes of the files being streamed, by stream id. */
const streams = new Map<number, { hash: Hash; hashedTo: number; sha256?: string }>()

function streamOf(id: number) {
  let stream = streams.get(id)
  if (!stream) streams.set(id, (stream = { hash: createHash('sha256'), hashedTo: 0 }))
  return stream
}

/** Once every byte is hashed: the digest, after checking the file ends there. */
function finishIfWhole(stream: ReturnType<typeof streamOf>, fd: number, size: number): void {
  if (stream.sha256 !== undefined || stream.hashedTo < size) return
  checkEnd(fd, size)
  stream.sha256 = stream.hash.digest('hex')
}

function slice(request: Extract<DigestRequest, { kind: 'slice' }>): { sha256?: string; bytes: ArrayBuffer } {
  const stream = streamOf(request.stream)
  const end = Math.min(request.size, request.at + request.length)
  // A resumed upload starts past bytes this process never read: they are hashed first.
  if (stream.hashedTo < request.at) {
    hashRange(stream.hash, request.fd, stream.hashedTo, request.at)
    stream.hashedTo = request.at
  }
  const bytes = new ArrayBuffer(Math.max(0, end - request.at))
  const view = new Uint8Array(bytes)
  readFully(request.fd, view, request.at)
  // Bytes sent again (an upload that started over) were hashed the first time.
  if (stream.hashedTo < end) {
    stream.hash.update(view.subarray(stream.hashedTo - request.at))
    stream.hashedTo = end
  }
  finishIfWhole(stream, request.fd, request.size)
  return { bytes, ...(stream.sha256 !== undefined ? { sha256: stream.sha256 } : {}) }
}

function finish(request: Extract<DigestRequest, { kind: 'finish' }>): { sha256: string } {
  const stream = streamOf(request.stream)
  if (stream.hashedTo < request.size) {
    hashRange(stream.hash, request.fd, stream.hashedTo, request.size)
    stream.hashedTo = request.size
  }
  finishIfWhole(stream, request.fd, request.size)
  return { sha256: stream.sha256! }
}

port.on('message', (request: DigestRequest) => {
  if (request.kind === 'end') {
    streams.delete(request.stream)
    return
  }
  let answer: DigestAnswer
  try {
    const result =
      request.kind === 'whole'
        ? whole(request.fd, request.size, request.keep)
        : request.kind === 'slice'
          ? slice(request)
          : finish(request)
    answer = { id: request.id, ...result }
  } catch (error) {
    if (request.kind !== 'whole') streams.delete(request.stream)
    if (error instanceof FileChanged) answer = { id: request.id, error: 'changed' }
    else {
      const code = (error as NodeJS.ErrnoException | undefined)?.code
      answer = { id: request.id, error: 'unreadable', ...(typeof code === 'string' ? { code } : {}) }
    }
  }
  if ('bytes' in answer && answer.bytes) port.postMessage(answer, [answer.bytes])
  else port.postMessage(answer)
})
