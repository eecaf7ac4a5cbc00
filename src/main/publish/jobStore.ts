import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { isTempFileName, writeFileAtomic } from '../drafts/atomicFile'
import type { Job, OperationJob, OutboxJob } from './job'
import { JOB_SCHEMA_VERSION } from './job'

/**
 * Jobs on disk: <dataDir>/outbox/<job id>.json, each written atomically (temp file, fsync,
 * rename), so a kill at any instant leaves the previous or the next state of a job, never a mix.
 * Writes of one job are chained so they land in the order they were made.
 */
export interface JobStore {
  readonly dir: string
  loadAll(): Promise<{ jobs: OutboxJob[]; unreadable: string[] }>
  save(job: OutboxJob): Promise<void>
  remove(jobId: string): Promise<void>
}

function looksLikeJob(value: unknown): value is OutboxJob {
  const job = value as Partial<Job> | Partial<OperationJob> | null
  if (typeof job !== 'object' || job === null) return false
  if (job.schema !== JOB_SCHEMA_VERSION || typeof job.id !== 'string' || !Array.isArray(job.steps))
    return false
  if (job.type === 'operation') return typeof job.title === 'string' && typeof job.accountId === 'string'
  if (job.type !== undefined && job.type !== 'draft') return false
  const draftJob = job as Partial<Job>
  return typeof draftJob.draftId === 'string' && typeof draftJob.drafts === 'object'
}

export function createJobStore(dataDir: string): JobStore {
  const dir = join(dataDir, 'outbox')
  const chains = new Map<string, Promise<void>>()
  let ensured: Promise<void> | undefined
  const ensureDir = () => (ensured ??= mkdir(dir, { recursive: true }).then(() => undefined))

  const enqueueWrite = (jobId: string, write: () => Promise<void>): Promise<void> => {
    const previous = chains.get(jobId) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(write)
    chains.set(jobId, next)
    void next.finally(() => {
      if (chains.get(jobId) === next) chains.delete(jobId)
    })
    return next
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
          const parsed: unknown = JSON.parse(await readFile(path, 'utf8'))
          if (!looksLikeJob(parsed)) throw new Error('not an outbox job')
          jobs.push(parsed)
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
      const text = JSON.stringify(job)
      return enqueueWrite(job.id, async () => {
        await ensureDir()
        await writeFileAtomic(join(dir, `${job.id}.json`), text)
      })
    },
    remove(jobId) {
      return enqueueWrite(jobId, async () => {
        await unlink(join(dir, `${jobId}.json`)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error
        })
      })
    },
  }
}
