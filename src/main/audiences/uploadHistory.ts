import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { UploadHistoryEntry } from '../../shared/ipc/contracts/audiences'
import type { Outbox } from '../publish/outbox'
import { writeFileAtomic } from '../files/atomicFile'
import { parseJson, readStoreFile } from '../files/storeFile'

const HISTORY_MAX = 500
/** 500 entries of names, counts and ids: a few hundred kilobytes at most. */
const MAX_HISTORY_BYTES = 8 * 1024 * 1024

/**
 * The customer-list uploads made from this computer, newest first, with their outbox job's
 * state: <dataDir>/audiences/uploads.json, at most 500 entries.
 */
export function createUploadHistory(deps: { dataDir: string; outbox: Pick<Outbox, 'job'> }) {
  const historyPath = join(deps.dataDir, 'audiences', 'uploads.json')
  let history: UploadHistoryEntry[] | undefined

  async function loadHistory(): Promise<UploadHistoryEntry[]> {
    if (history) return history
    const parsed = await readStoreFile(historyPath, {
      maxBytes: MAX_HISTORY_BYTES,
      parse: (text) => {
        const value = parseJson(text)
        return Array.isArray(value) ? (value as UploadHistoryEntry[]) : undefined
      },
    })
    history = parsed ?? []
    return history
  }

  /** History holds the file's name, counts and ids — never a row. */
  async function addHistory(entry: UploadHistoryEntry): Promise<void> {
    const list = await loadHistory()
    list.unshift(entry)
    if (list.length > HISTORY_MAX) list.length = HISTORY_MAX
    await mkdir(join(deps.dataDir, 'audiences'), { recursive: true })
    await writeFileAtomic(historyPath, JSON.stringify(list))
  }

  async function withJobStates(entries: UploadHistoryEntry[]): Promise<UploadHistoryEntry[]> {
    return Promise.all(
      entries.map(async (entry) => {
        const job = await deps.outbox.job(entry.jobId).catch(() => undefined)
        return job ? { ...entry, state: job.state } : entry
      }),
    )
  }

  return { load: loadHistory, add: addHistory, withJobStates }
}

export type UploadHistory = ReturnType<typeof createUploadHistory>
