import { mkdir, readdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { isErrno, isTempFileName, writeFileAtomic } from '../files/atomicFile'
import { readRegularFile } from '../files/regularFile'
import type { OutboxJob } from './job'
import { appendDurably, createJobFile, openForAppend, unfinishedCreate, type JobFile } from './jobFile'
import { readJobRecord } from './jobFormat'

/**
 * Jobs on disk: <dataDir>/outbox/<job id>.json, a journal of whole snapshots of the job, one JSON
 * text per line; the last line that reads as a job is the job. A save appends a line and is
 * durable when its promise resolves, so exactly-once holds: a step's 'attempting' mark is on
 * disk before its request leaves.
 *
 * One durable write per save, and one trip to the file system's thread pool (rule P16,
 * bench/PERFORMANCE.md): while a job runs, its file stays open for appending with O_DSYNC, so the
 * write itself returns only once the line and the new size are on disk (what write + fdatasync
 * gave, without the open, the fdatasync and the close around it: four round trips each exposed
 * to a busy thread pool and CPU, where the tail of a step's overhead was). Where O_DSYNC does not
 * exist (Windows), the append is followed by fdatasync. A job that stops running (published,
 * failed,
 * paused, …) closes its file; so do remove and close.
 *
 * A kill at any instant leaves the previous or the next snapshot readable, never a mix: a torn
 * last line does not parse and is passed over (each line starts with a newline of its own, so
 * the next append never joins a torn one). A new job's first save creates its file with one
 * durable write and a directory sync (jobFile.ts); the first save in a process of a job from an
 * earlier run, and any save once the journal has grown past COMPACT_BYTES, rewrites the file
 * atomically as one snapshot (temp file, fsync, rename, directory fsync), which drops whatever a
 * crash may have left at its end. Writes of one job are chained so they land in order.
 */
export interface JobStore {
  readonly dir: string
  loadAll(): Promise<{ jobs: OutboxJob[]; unreadable: string[] }>
  save(job: OutboxJob): Promise<void>
  remove(jobId: string): Promise<void>
  /** Closes the files kept open for appending, once the writes under way have landed. */
  close(): Promise<void>
}

/** Past this size the journal is rewritten as one snapshot (a job's snapshot is a few kB). */
export const COMPACT_BYTES = 64 * 1024

/** A job holds its drafts' snapshots (each under 4 MB, DRAFT_LIMITS): a larger file is no job's. */
const MAX_JOB_FILE_BYTES = 64 * 1024 * 1024

/** The job a journal file holds: its last line that reads as a job (of any version), or undefined. */
export function lastJobRecord(text: string): OutboxJob | undefined {
  const lines = text.split('\n')
  for (let at = lines.length - 1; at >= 0; at--) {
    const line = lines[at]!.trim()
    if (line === '') continue
    try {
      const job = readJobRecord(JSON.parse(line))
      if (job) return job
    } catch {
      // A line a crash cut short: the snapshot before it is the job.
    }
  }
  return undefined
}

/** A job in these states does not run until something (a retry, a connection) starts it again. */
const isAtRest = (job: OutboxJob) => job.state !== 'active'

export function createJobStore(dataDir: string): JobStore {
  const dir = join(dataDir, 'outbox')
  const chains = new Map<string, Promise<void>>()
  /** Characters in each job file since this process last wrote it whole; absent: rewrite it at the next save. */
  const journalBytes = new Map<string, number>()
  /** Files of running jobs, open for appending. */
  const appendFiles = new Map<string, JobFile>()
  let ensured: Promise<void> | undefined
  const ensureDir = () => (ensured ??= mkdir(dir, { recursive: true }).then(() => undefined))

  const enqueueWrite = (jobId: string, write: () => Promise<void>): Promise<void> => {
    const previous = chains.get(jobId) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(write)
    chains.set(jobId, next)
    // Both ways: a failed write is its caller's to handle, not an unhandled rejection here.
    const forget = () => {
      if (chains.get(jobId) === next) chains.delete(jobId)
    }
    next.then(forget, forget)
    return next
  }

  const closeAppendFile = async (jobId: string): Promise<void> => {
    const file = appendFiles.get(jobId)
    if (!file) return
    appendFiles.delete(jobId)
    await file.handle.close()
  }

  return {
    dir,
    async loadAll() {
      await ensureDir()
      const jobs: OutboxJob[] = []
      const unreadable: string[] = []
      for (const name of await readdir(dir)) {
        const path = join(dir, name)
        if (isTempFileName(name)) {
          // Left by a write the process did not live to finish; the job file itself is intact.
          await unlink(path).catch(() => undefined)
          continue
        }
        if (!name.endsWith('.json')) continue
        try {
          const text = (await readRegularFile(path, { maxBytes: MAX_JOB_FILE_BYTES })).toString('utf8')
          const job = lastJobRecord(text)
          if (!job && unfinishedCreate(text)) {
            // Created, never written: a job whose enqueue never answered, so nothing was sent.
            await unlink(path).catch(() => undefined)
            continue
          }
          if (!job) throw new Error('not an outbox job')
          jobs.push(job)
        } catch {
          // Kept aside, never deleted: it may hold ids of objects that exist on the platform.
          unreadable.push(name)
          await rename(path, `${path}.unreadable`).catch(() => undefined)
        }
      }
      jobs.sort((a, b) => a.seq - b.seq)
      return { jobs, unreadable }
    },
    save(job) {
      // JSON.stringify escapes every newline inside strings: a snapshot is always one line.
      const text = JSON.stringify(job)
      const atRest = isAtRest(job)
      return enqueueWrite(job.id, async () => {
        await ensureDir()
        const path = join(dir, `${job.id}.json`)
        const written = journalBytes.get(job.id)
        if (written === undefined && !appendFiles.has(job.id)) {
          // A new job's first save creates its file; a job from an earlier run has one already.
          const created = await createJobFile(path, `${text}\n`).catch((error: unknown) => {
            if (isErrno(error, 'EEXIST')) return undefined
            throw error
          })
          if (created) {
            appendFiles.set(job.id, created)
            journalBytes.set(job.id, text.length + 1)
            if (atRest) void enqueueWrite(job.id, () => closeAppendFile(job.id)).catch(() => undefined)
            return
          }
        }
        if (written === undefined || written + text.length + 1 > COMPACT_BYTES) {
          journalBytes.delete(job.id)
          // The rename puts a new file in place: a handle on the old one must not be written to.
          await closeAppendFile(job.id)
          await writeFileAtomic(path, `${text}\n`)
          journalBytes.set(job.id, text.length + 1)
          return
        }
        journalBytes.delete(job.id) // a failed append leaves the file to be rewritten whole
        try {
          let file = appendFiles.get(job.id)
          if (!file) appendFiles.set(job.id, (file = await openForAppend(path)))
          await appendDurably(file, `\n${text}\n`)
        } catch (error) {
          await closeAppendFile(job.id).catch(() => undefined)
          throw error
        }
        journalBytes.set(job.id, written + text.length + 2)
        // Closed after the save has resolved: the close is not part of the write being durable.
        if (atRest) void enqueueWrite(job.id, () => closeAppendFile(job.id)).catch(() => undefined)
      })
    },
    remove(jobId) {
      return enqueueWrite(jobId, async () => {
        journalBytes.delete(jobId)
        await closeAppendFile(jobId)
        await unlink(join(dir, `${jobId}.json`)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error
        })
      })
    },
    async close() {
      await Promise.allSettled([...chains.values()])
      await Promise.allSettled([...appendFiles.keys()].map(closeAppendFile))
    },
  }
}
