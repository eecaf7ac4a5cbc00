import { readSync } from 'node:fs'

/**
 * Positioned reads of an open file, synchronous: the probes run on a worker thread (worker.ts),
 * where blocking is the point, and read only the parts of a file they need.
 */
export interface FileBytes {
  readonly size: number
  /** Up to `length` bytes from `at`; fewer only at the end of the file. */
  read(at: number, length: number): Uint8Array
}

export function fileBytesOf(fd: number, size: number): FileBytes {
  return {
    size,
    read(at, length) {
      const wanted = Math.max(0, Math.min(length, size - at))
      const bytes = new Uint8Array(wanted)
      let done = 0
      while (done < wanted) {
        const read = readSync(fd, bytes, done, wanted - done, at + done)
        if (read === 0) break
        done += read
      }
      return bytes.subarray(0, done)
    },
  }
}

/** The same over bytes in memory (tests, and the sandbox's copy of an upload). */
export function memoryBytesOf(bytes: Uint8Array): FileBytes {
  return {
    size: bytes.length,
    read: (at, length) => bytes.subarray(Math.min(at, bytes.length), Math.min(at + length, bytes.length)),
  }
}

export function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}
