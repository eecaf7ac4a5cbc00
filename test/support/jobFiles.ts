import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { JobFileV1 } from '../../src/main/publish/jobFormat'

/**
 * Leaves a job file on disk as version 1 of the app wrote it (one JSON text per file, draft jobs
 * with their draft fields at the top level): what a designer upgrading still has in the outbox.
 */
export async function writeJobFileV1(dataDir: string, job: JobFileV1): Promise<void> {
  const dir = join(dataDir, 'outbox')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, `${job.id}.json`), `${JSON.stringify(job)}\n`)
}
