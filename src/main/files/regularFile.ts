import { closeSync, constants as fsConstants, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

/**
 * The one way main opens a file it did not just write: only a regular file, sized before a byte
 * is read. A FIFO opens without waiting for a writer (O_NONBLOCK) and a device, a socket or a
 * folder is refused after the open, on the opened file itself (fstat), so nothing can be swapped
 * in between the check and the read. A FIFO or /dev/zero read whole once wedged main for good.
 */

export type UnsafeFileReason = 'not_a_file' | 'too_large' | 'changed'

export class UnsafeFileError extends Error {
  override readonly name = 'UnsafeFileError'
  constructor(
    readonly reason: UnsafeFileReason,
    /** The file's size, for a too_large refusal's message. */
    readonly size?: number,
    /** A folder where a file was expected, for a refusal's message. */
    readonly folder = false,
  ) {
    super(
      reason === 'not_a_file'
        ? 'not a regular file (a link, a pipe, a device or a folder)'
        : reason === 'too_large'
          ? 'larger than this file may be'
          : 'the file changed while it was read',
    )
  }
}

export interface OpenOptions {
  maxBytes: number
  /**
   * Files main keeps itself are never links (O_NOFOLLOW). A file the designer chose may be one:
   * the link is followed, and what it leads to is held to the same rules.
   */
  followLinks?: boolean
}

function flagsFor(options: OpenOptions): number {
  const noFollow = options.followLinks ? 0 : (fsConstants.O_NOFOLLOW ?? 0)
  return fsConstants.O_RDONLY | noFollow | (fsConstants.O_NONBLOCK ?? 0)
}

/** ELOOP: a link where none may be; ENXIO: a socket, or a FIFO's other end. */
function refusedOpen(error: unknown): never {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ELOOP' || code === 'ENXIO') throw new UnsafeFileError('not_a_file')
  throw error
}

function checkOpened(info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new UnsafeFileError('not_a_file', undefined, info.isDirectory())
  if (info.size > maxBytes) throw new UnsafeFileError('too_large', info.size)
}

/**
 * Opens `path` for reading if it is a regular file of at most `maxBytes`. The caller closes the
 * handle. Errors of the file system (ENOENT, EACCES …) pass through as they are.
 */
export async function openRegularFile(
  path: string,
  options: OpenOptions,
): Promise<{ handle: FileHandle; info: Stats }> {
  const handle = await open(path, flagsFor(options)).catch(refusedOpen)
  try {
    const info = await handle.stat()
    checkOpened(info, options.maxBytes)
    return { handle, info }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** One byte more than the size says: a file that grows meanwhile is caught, not read forever. */
function grew(read: number, size: number): void {
  if (read > size) throw new UnsafeFileError('changed')
}

/** Reads the whole of an opened file of `size` bytes. */
export async function readOpenedFile(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size + 1)
  let read = 0
  while (read < buffer.length) {
    const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read)
    if (bytesRead === 0) break
    read += bytesRead
  }
  grew(read, size)
  return buffer.subarray(0, read)
}

/** The whole of a regular file of at most `maxBytes` (see openRegularFile). */
export async function readRegularFile(path: string, options: OpenOptions): Promise<Buffer> {
  const { handle, info } = await openRegularFile(path, options)
  try {
    return await readOpenedFile(handle, info.size)
  } finally {
    await handle.close()
  }
}

/**
 * As readRegularFile, synchronously: for many small files read in batches (the drafts at start)
 * and for what must be read before anything else can start (the settings file).
 */
export interface ReadOptions extends OpenOptions {
  /**
   * Read into this buffer when the file fits (the answer is then a view of it, good until the next
   * read into it): a caller reading thousands of small files allocates nothing per file.
   */
  scratch?: Buffer
}

export function readRegularFileSync(path: string, options: ReadOptions): Buffer {
  let fd: number
  try {
    fd = openSync(path, flagsFor(options))
  } catch (error) {
    refusedOpen(error)
  }
  try {
    const info = fstatSync(fd)
    checkOpened(info, options.maxBytes)
    const { scratch } = options
    const buffer = scratch && scratch.length >= info.size + 1 ? scratch : Buffer.allocUnsafe(info.size + 1)
    let read = 0
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, null)
      if (n === 0) break
      read += n
    }
    grew(read, info.size)
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}
