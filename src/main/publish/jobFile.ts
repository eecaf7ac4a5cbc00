import { constants } from 'node:fs'
import { open, unlink, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDirectory, isErrno } from '../files/atomicFile'

/**
 * Writing a job file (jobStore.ts). A new job's file is created durably in one go: opened with O_EXCL (a job id is new, so nothing
 * is replaced and no temp file or rename is needed), its first snapshot written with O_DSYNC
 * (or followed by fdatasync where O_DSYNC does not exist), then the directory synced so the
 * name is on disk too. The handle stays open for the job's next appends.
 *
 * A crash inside leaves no file, an empty one, or one that holds part of its only line: the job
 * was never on disk and its enqueue never answered, so nothing was sent for it. Loading removes
 * an empty file (nothing can be in it) and keeps a torn one aside like any unreadable job file.
 */
export interface JobFile {
  handle: FileHandle
  /** Each write is durable when it returns (O_DSYNC); else it needs fdatasync. */
  dsync: boolean
}

const APPEND = constants.O_WRONLY | constants.O_APPEND
const CREATE = APPEND | constants.O_CREAT | constants.O_EXCL
const DSYNC = typeof constants.O_DSYNC === 'number' ? constants.O_DSYNC : undefined

/** Appends durably to a job file held open (each snapshot a line of its own). */
export async function appendDurably(file: JobFile, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8')
  // A regular file takes the whole write at once; the loop is for the rare short write.
  for (let offset = 0; offset < bytes.length;) {
    const { bytesWritten } = await file.handle.write(bytes, offset, bytes.length - offset)
    offset += bytesWritten
  }
  // fdatasync: the data and the new size, which reading it back needs.
  if (!file.dsync) await file.handle.datasync()
}

/** Opens with O_DSYNC added where the system and the file system take it. */
async function openDurable(path: string, flags: number): Promise<JobFile> {
  if (DSYNC !== undefined) {
    try {
      return { handle: await open(path, flags | DSYNC, 0o600), dsync: true }
    } catch (error) {
      // A file system that refuses O_DSYNC: the portable way below.
      if (!isErrno(error, 'EINVAL') && !isErrno(error, 'ENOTSUP')) throw error
    }
  }
  return { handle: await open(path, flags, 0o600), dsync: false }
}

/** A job's existing file, open for appending while its job runs. */
export const openForAppend = (path: string) => openDurable(path, APPEND)

/** Creates the file with `text` as its first line; rejects with EEXIST when it exists. */
export async function createJobFile(path: string, text: string): Promise<JobFile> {
  const file = await openDurable(path, CREATE)
  try {
    await appendDurably(file, text)
    await fsyncDirectory(dirname(path))
  } catch (error) {
    await file.handle.close().catch(() => undefined)
    await unlink(path).catch(() => undefined)
    throw error
  }
  return file
}

/** A job file a crash left between its create and its first write: it can hold nothing. */
export const unfinishedCreate = (text: string) => text === ''
