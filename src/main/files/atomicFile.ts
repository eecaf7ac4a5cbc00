import { randomBytes } from 'node:crypto'
import { open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export const TEMP_SUFFIX = '.tmp'

/** Temp files live next to their target so the final rename never crosses a filesystem. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`)
}

export function isTempFileName(name: string): boolean {
  return name.startsWith('.') && name.endsWith(TEMP_SUFFIX)
}

/**
 * Makes directory entries (a rename, a new file) durable. Linux and macOS allow fsync on
 * a directory handle; Windows does not, and there NTFS journaling covers the rename.
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch (error) {
    // Some filesystems (certain network mounts) refuse directory fsync; the data itself is synced.
    if (!isErrno(error, 'EINVAL') && !isErrno(error, 'ENOTSUP') && !isErrno(error, 'EISDIR')) throw error
  } finally {
    await handle.close()
  }
}

/**
 * Writes `data` so that a crash at any instant leaves either the old file or the new one,
 * never a mix: write a temp file, fsync it, rename it over the target, fsync the directory.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const temp = tempPathFor(target)
  const handle = await open(temp, 'wx', 0o600)
  try {
    await handle.writeFile(data)
    // fdatasync: the data and what reading it back needs (the size), without the timestamps.
    await handle.datasync()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await handle.close()
  try {
    await renameWithRetry(temp, target)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await fsyncDirectory(dirname(target))
}

/**
 * On Windows a rename over a file that a virus scanner or indexer briefly holds open fails
 * with EPERM/EACCES; a short retry is the usual cure (as in graceful-fs).
 */
export async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to)
      return
    } catch (error) {
      const transient = process.platform === 'win32' && (isErrno(error, 'EPERM') || isErrno(error, 'EACCES'))
      if (!transient || attempt >= 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)))
    }
  }
}

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}
