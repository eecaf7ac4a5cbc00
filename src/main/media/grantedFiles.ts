import type { FileHandle } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { mediaTypeFromMime } from '../../shared/creatives/media'
import { maxLocalMediaBytes } from '../../shared/rules/media'
import { createFileDigester, type FileDigester } from '../files/digest'
import { openRegularFile, UnsafeFileError } from '../files/regularFile'
import { sameIdentity, type FileIdentity, type MediaGrants } from './mediaGrants'

/**
 * The one way main reads a local medium: the media page's inspection, the outbox's preflight and
 * its upload step all come through here. A file is read only through a grant (the designer chose
 * or dropped it), and only as the file that was granted: it is opened without waiting on it
 * (a FIFO or a device is refused after the open, on the opened file), its identity (device,
 * inode, size) must be the grant's, and its size within the platform's limit for its type
 * (LIMITS.localMedia, shared/rules/media.ts) before a byte is read. It is then read and hashed
 * off main's thread, streaming (files/digest.ts). A draft that merely names a path — an
 * imported one, say — reads nothing.
 */

export type GrantedFileReason =
  'not_granted' | 'not_absolute' | 'missing' | 'not_a_file' | 'changed' | 'too_large' | 'unreadable'

export class GrantedFileError extends Error {
  override readonly name = 'GrantedFileError'
  constructor(
    readonly reason: GrantedFileReason,
    readonly detail: { size?: number; folder?: boolean; code?: string } = {},
  ) {
    super(`the file cannot be read: ${reason}`)
  }
}

/** An opened, checked local file; close its handle when done. */
export interface OpenedFile {
  path: string
  handle: FileHandle
  size: number
  identity: FileIdentity
}

/** The largest medium the platform takes (a video): nothing larger is read at all. */
export const MAX_LOCAL_MEDIA_BYTES = Math.max(
  maxLocalMediaBytes('IMAGE'),
  maxLocalMediaBytes('GIF'),
  maxLocalMediaBytes('VIDEO'),
)

export function maxBytesForMime(mimeType: string): number {
  const type = mediaTypeFromMime(mimeType)
  return type ? maxLocalMediaBytes(type) : MAX_LOCAL_MEDIA_BYTES
}

/** A local medium a job step names, with the SHA-256 the draft was checked with. */
export interface MediaFileRef {
  path: string
  mimeType: string
  sha256?: string
}

/**
 * A local medium as an upload reads it: slice by slice, each byte read once and hashed on the
 * way, so the upload sends what it hashed and needs no whole copy of the file in memory.
 */
export interface LocalMediaStream {
  readonly size: number
  /** `length` bytes at `at`; with the file's SHA-256 once every byte up to its end was read. */
  read(at: number, length: number): Promise<{ bytes: Uint8Array; sha256?: string }>
  /** The whole file's SHA-256, reading (once) whatever was not read yet. */
  sha256(): Promise<string>
  close(): Promise<void>
}

/** What the outbox reads local media with: by the path a job step names, through its grant. */
export interface LocalMediaReader {
  /** The whole file and its SHA-256, for an upload. */
  read(file: { path: string; mimeType: string }): Promise<{ bytes: Uint8Array; sha256: string }>
  /** Its SHA-256 only, streamed: is it still the file the draft was checked with (`sha256`)? */
  digest(file: MediaFileRef): Promise<string>
  /** Opened for an upload that reads it slice by slice, hashing on the way; close it when done. */
  open(file: MediaFileRef): Promise<LocalMediaStream>
}

/** Why a job's local file cannot be read, for the designer (the outbox's preflight). */
export function localFileProblem(
  file: { fileName: string; path: string },
  error: unknown,
): { code: string; message: string } {
  const reason = error instanceof GrantedFileError ? error.reason : 'unreadable'
  if (reason === 'not_granted')
    return {
      code: 'file_not_granted',
      message: `${file.fileName} was not chosen or dropped on this computer (an imported draft names it) — choose the file again`,
    }
  if (reason === 'changed' || reason === 'too_large')
    return {
      code: 'file_changed',
      message: `${file.fileName} changed or was replaced since it was added — choose it again so the draft's checks and preview match the file`,
    }
  if (reason === 'not_a_file')
    return {
      code: 'file_missing',
      message: `${file.fileName} is no longer a file Ads Studio can read — choose the file again`,
    }
  return {
    code: 'file_missing',
    message: `${file.fileName} is no longer at ${file.path} — choose the file again or remove it`,
  }
}

/** Reads nothing: for an outbox built without the designer's grants. */
export const NO_LOCAL_MEDIA: LocalMediaReader = {
  read: () => Promise.reject(new GrantedFileError('not_granted')),
  digest: () => Promise.reject(new GrantedFileError('not_granted')),
  open: () => Promise.reject(new GrantedFileError('not_granted')),
}

function fromFsError(error: unknown): GrantedFileError {
  if (error instanceof GrantedFileError) return error
  if (error instanceof UnsafeFileError) {
    return new GrantedFileError(error.reason, {
      ...(error.size !== undefined ? { size: error.size } : {}),
      ...(error.folder ? { folder: true } : {}),
    })
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT' || code === 'ENOTDIR') return new GrantedFileError('missing')
  return new GrantedFileError('unreadable', typeof code === 'string' ? { code } : {})
}

export interface GrantedFiles {
  /** Opens a local file that passes the checks above; `expected`: the identity of its grant. */
  open(path: string, options: { maxBytes: number; expected?: FileIdentity }): Promise<OpenedFile>
  /**
   * Opens a file by its grant, as the file that was granted (binding an unbound grant to it).
   * @throws GrantedFileError not_granted when no grant names the path.
   */
  openGranted(file: { path: string; mimeType: string }): Promise<OpenedFile>
  /** Reads and hashes an opened file off main's thread; with `keep`, its bytes too. */
  hash(file: OpenedFile, keep: boolean): Promise<{ sha256: string; bytes?: Uint8Array }>
  /** For the outbox (preflight and upload). */
  reader: LocalMediaReader
  close(): Promise<void>
}

export function createGrantedFiles(
  grants: MediaGrants,
  digester: FileDigester = createFileDigester(),
): GrantedFiles {
  const files: GrantedFiles = {
    async open(path, options) {
      if (!isAbsolute(path)) throw new GrantedFileError('not_absolute')
      let opened
      try {
        opened = await openRegularFile(path, { maxBytes: options.maxBytes, followLinks: true })
      } catch (error) {
        throw fromFsError(error)
      }
      try {
        const ids = await opened.handle.stat({ bigint: true })
        const identity = { dev: String(ids.dev), ino: String(ids.ino), size: opened.info.size }
        if (options.expected && !sameIdentity(options.expected, identity))
          throw new GrantedFileError('changed')
        return { path, handle: opened.handle, size: opened.info.size, identity }
      } catch (error) {
        await opened.handle.close()
        throw fromFsError(error)
      }
    },

    async openGranted(file) {
      const grant = await grants.byPath(file.path)
      if (!grant) throw new GrantedFileError('not_granted')
      const opened = await files.open(file.path, {
        maxBytes: maxBytesForMime(file.mimeType),
        ...(grant.identity ? { expected: grant.identity } : {}),
      })
      try {
        if (!grant.identity) await grants.bind(grant.token, opened.identity)
        return opened
      } catch (error) {
        await opened.handle.close()
        throw error
      }
    },

    async hash(file, keep) {
      try {
        return await digester.digest(file.handle.fd, file.size, keep)
      } catch (error) {
        throw fromFsError(error)
      }
    },

    reader: {
      read: async (file) => {
        const { sha256, bytes } = await readByGrant(file, true)
        return { sha256, bytes: bytes ?? new Uint8Array(0) }
      },
      digest: async (file) => (await readByGrant(file, false)).sha256,
      open: async (file) => {
        const opened = await files.openGranted(file)
        const stream = digester.stream(opened.handle.fd, opened.size)
        const guarded = <T>(work: Promise<T>) =>
          work.catch((error: unknown) => Promise.reject(fromFsError(error)))
        return {
          size: opened.size,
          read: (at, length) => guarded(stream.read(at, length)),
          sha256: () => guarded(stream.sha256()),
          async close() {
            stream.end()
            await opened.handle.close()
          },
        }
      },
    },

    close: () => digester.close(),
  }

  async function readByGrant(file: { path: string; mimeType: string }, keep: boolean) {
    const opened = await files.openGranted(file)
    try {
      return await files.hash(opened, keep)
    } finally {
      await opened.handle.close()
    }
  }

  return files
}
