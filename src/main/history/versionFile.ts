/**
 * One draft's history file, `<dataDir>/history/<draft id>.log`: one record a line, each line
 * `<check> <json>`, where the check is the first 8 hex digits of the JSON's SHA-1. Records are
 * appended (and synced); a line that is cut short or fails its check (a crash mid-append) is
 * ignored on reading and cut off before the next append. Thinning rewrites the whole file
 * atomically (files/atomicFile.ts), so a crash leaves the old file or the new one.
 */
import { createHash } from 'node:crypto'
import { open, readFile, truncate } from 'node:fs/promises'
import { isErrno, writeFileAtomic } from '../files/atomicFile'
import type { Delta } from './versionDelta'

/** Marks on the timeline beside the versions. */
export type MarkKind = 'publish' | 'bulk' | 'restore' | 'undo'

export type HistoryRecord =
  /** A version: `n` its number in this draft's history, `d` the change from the version before. */
  { k: 'v'; n: number; at: string; d: Delta } | { k: 'm'; what: MarkKind; at: string; label: string }

function check(json: string): string {
  return createHash('sha1').update(json).digest('hex').slice(0, 8)
}

export function encodeRecord(record: HistoryRecord): string {
  const json = JSON.stringify(record)
  return `${check(json)} ${json}\n`
}

function decodeLine(line: string): HistoryRecord | undefined {
  const space = line.indexOf(' ')
  if (space !== 8) return undefined
  const json = line.slice(9)
  if (check(json) !== line.slice(0, 8)) return undefined
  try {
    const record = JSON.parse(json) as HistoryRecord
    return record && (record.k === 'v' || record.k === 'm') ? record : undefined
  } catch {
    return undefined
  }
}

export interface ReadHistory {
  records: HistoryRecord[]
  /** Bytes of the file. */
  bytes: number
  /** Where the whole, checked lines end: anything after it is a torn append. */
  validBytes: number
}

export async function readHistoryFile(path: string): Promise<ReadHistory> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return { records: [], bytes: 0, validBytes: 0 }
    throw error
  }
  const records: HistoryRecord[] = []
  let offset = 0
  let readBytes = 0
  let validBytes = 0
  while (offset < text.length) {
    const end = text.indexOf('\n', offset)
    // No line break: the last append was cut short.
    if (end < 0) break
    const line = text.slice(offset, end)
    offset = end + 1
    readBytes += Buffer.byteLength(line) + 1
    const record = decodeLine(line)
    if (!record) continue
    records.push(record)
    validBytes = readBytes
  }
  return { records, bytes: Buffer.byteLength(text), validBytes }
}

/** Appends records durably; `validBytes` (from the last read) cuts a torn tail off first. */
export async function appendRecords(
  path: string,
  records: readonly HistoryRecord[],
  known: { bytes: number; validBytes: number },
): Promise<number> {
  if (known.bytes > known.validBytes) await truncate(path, known.validBytes)
  const text = records.map(encodeRecord).join('')
  const handle = await open(path, 'a', 0o600)
  try {
    await handle.writeFile(text)
    await handle.datasync()
  } finally {
    await handle.close()
  }
  return Buffer.byteLength(text)
}

/** Replaces the file with these records (thinning); answers its size. */
export async function rewriteHistoryFile(path: string, records: readonly HistoryRecord[]): Promise<number> {
  const text = records.map(encodeRecord).join('')
  await writeFileAtomic(path, text)
  return Buffer.byteLength(text)
}
