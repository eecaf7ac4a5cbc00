import { mediaTypeFromMime } from '../../shared/creatives/media'
import { maxLocalMediaBytes } from '../../shared/rules/media'
import type { LocalMediaReader, LocalMediaStream, MediaFileRef } from './grantedFiles'

export type { LocalMediaStream } from './grantedFiles'

/** Bytes already read and hashed, as a stream. */
export function bytesStream(bytes: Uint8Array, sha256: string): LocalMediaStream {
  return {
    size: bytes.length,
    read: async (at, length) => ({
      bytes: bytes.subarray(at, Math.min(bytes.length, at + length)),
      ...(at + length >= bytes.length ? { sha256 } : {}),
    }),
    sha256: async () => sha256,
    close: async () => undefined,
  }
}

/** A file this small is kept by the check before a job's first write, for its upload. */
const KEEP_FILE_BYTES = 8 * 1024 * 1024
/** What all kept files may hold together; past it the upload reads the file itself. */
const KEEP_TOTAL_BYTES = 32 * 1024 * 1024
/** A kept file no upload took in this long (its job stopped) is dropped. */
const KEEP_MS = 2 * 60_000

/**
 * Reads a medium once per publish: the preflight's check of a file (`digest`) keeps the bytes of
 * a file that matches what the draft was checked with and can be no larger than an image, and the
 * upload that follows takes them (`open`) instead of reading the file again. What is taken was
 * hashed as it was read, so the upload sends exactly the bytes that were checked.
 */
export function readOnce(reader: LocalMediaReader): LocalMediaReader {
  const kept = new Map<string, { bytes: Uint8Array; sha256: string }>()
  let keptBytes = 0
  const key = (file: MediaFileRef, sha256: string) => `${file.path}\0${sha256}`
  const drop = (at: string) => {
    const entry = kept.get(at)
    if (!entry) return undefined
    kept.delete(at)
    keptBytes -= entry.bytes.length
    return entry
  }
  const small = (file: MediaFileRef) => {
    const type = mediaTypeFromMime(file.mimeType)
    return type !== undefined && maxLocalMediaBytes(type) <= KEEP_FILE_BYTES
  }

  return {
    read: (file) => reader.read(file),
    async digest(file: MediaFileRef) {
      if (!small(file) || file.sha256 === undefined) return reader.digest(file)
      const read = await reader.read(file)
      const at = key(file, read.sha256)
      if (read.sha256 === file.sha256 && keptBytes + read.bytes.length <= KEEP_TOTAL_BYTES) {
        drop(at)
        kept.set(at, read)
        keptBytes += read.bytes.length
        setTimeout(() => {
          if (kept.get(at) === read) drop(at)
        }, KEEP_MS).unref()
      }
      return read.sha256
    },
    async open(file: MediaFileRef) {
      const taken = file.sha256 === undefined ? undefined : drop(key(file, file.sha256))
      return taken ? bytesStream(taken.bytes, taken.sha256) : reader.open(file)
    },
  }
}
