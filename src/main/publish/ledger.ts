import { mkdir, open } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { isErrno, writeFileAtomic } from '../files/atomicFile'
import { moveAside } from '../files/storeFile'
import { readRegularFile, UnsafeFileError } from '../files/regularFile'

/**
 * The exactly-once ledger: every remote id the app has created or adopted, kept after its job is
 * dismissed or replaced and across restarts. Reconciliation looks for "an object like ours created
 * just before our attempt"; without the ledger, an identical object published earlier by a job
 * that is no longer in the outbox looks exactly like that, and would be adopted instead of
 * creating the new one.
 *
 * One JSON line per id, appended and fsync'd before the job that held the id is removed. A torn
 * last line (a crash mid-append) is ignored: the job file it came from was not removed yet.
 */

export interface LedgerEntry {
  id: string
  accountId: string
  /** When the id was recorded (ms since the epoch): the age pruning goes by. */
  at: number
}

export interface Ledger {
  load(): Promise<void>
  has(id: string): boolean
  ids(): ReadonlySet<string>
  /** Durable when it resolves. */
  record(entries: readonly { id: string; accountId: string }[]): Promise<void>
}

/**
 * How long an id is remembered. Reconciliation adopts only objects created within the OAuth
 * timestamp window (5 minutes) before an attempt, so an id a day old can never be mistaken for a
 * new attempt's object; 30 days is far past that, with room for any clock trouble.
 */
export const LEDGER_RETENTION_MS = 30 * 24 * 60 * 60_000

export const LEDGER_FILE = 'publish-ledger.jsonl'

/** 30 days of ids at about 80 bytes a line: far below this even for the busiest account. */
const MAX_LEDGER_BYTES = 256 * 1024 * 1024

function parseLine(line: string): LedgerEntry | undefined {
  try {
    const value = JSON.parse(line) as Partial<LedgerEntry>
    if (typeof value.id === 'string' && typeof value.accountId === 'string' && typeof value.at === 'number')
      return { id: value.id, accountId: value.accountId, at: value.at }
  } catch {
    // A torn or damaged line: skipped.
  }
  return undefined
}

export function createLedger(dataDir: string, now: () => number = Date.now): Ledger {
  const path = join(dataDir, LEDGER_FILE)
  const entries = new Map<string, LedgerEntry>()
  let chain: Promise<void> = Promise.resolve()
  const serial = (work: () => Promise<void>): Promise<void> => {
    const next = chain.catch(() => undefined).then(work)
    chain = next
    return next
  }

  return {
    load: () =>
      serial(async () => {
        const text = await readRegularFile(path, { maxBytes: MAX_LEDGER_BYTES }).then(
          (bytes) => bytes.toString('utf8'),
          async (error: unknown) => {
            if (isErrno(error, 'ENOENT')) return ''
            // Not a file one can read lines from: kept aside, and the ledger starts afresh.
            if (error instanceof UnsafeFileError && (await moveAside(path))) return ''
            throw error
          },
        )
        const lines = text.split('\n').filter((line) => line.trim() !== '')
        const cutoff = now() - LEDGER_RETENTION_MS
        let dropped = 0
        for (const line of lines) {
          const entry = parseLine(line)
          if (!entry || entry.at < cutoff) {
            dropped += 1
            continue
          }
          entries.set(entry.id, entry)
        }
        // Compact only when there is something to drop: a normal start does not rewrite it.
        if (dropped > 0) {
          await writeFileAtomic(
            path,
            [...entries.values()].map((entry) => `${JSON.stringify(entry)}\n`).join(''),
          )
        }
      }),
    has: (id) => entries.has(id),
    ids: () => new Set(entries.keys()),
    record: (fresh) =>
      serial(async () => {
        const added: LedgerEntry[] = []
        for (const { id, accountId } of fresh) {
          if (entries.has(id)) continue
          const entry = { id, accountId, at: now() }
          entries.set(id, entry)
          added.push(entry)
        }
        if (added.length === 0) return
        await mkdir(dirname(path), { recursive: true })
        const handle = await open(path, 'a', 0o600)
        try {
          await handle.writeFile(added.map((entry) => `${JSON.stringify(entry)}\n`).join(''))
          await handle.sync()
        } finally {
          await handle.close()
        }
      }),
  }
}
