import { createHash } from 'node:crypto'
import { readdir, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { z } from 'zod'
import { mediaRefSchema } from '../../shared/creatives/media'
import { isDraftKind, isDraftStatus, publishedRefsSchema } from '../../shared/drafts/envelope'
import { tempPathFor } from '../files/atomicFile'
import { parseJson, readStoreFile, type DamagedStore } from '../files/storeFile'
import type { DraftListEntry } from './summaryIndex'

/**
 * The summary index as it was when the app last ran, so the next start can show the drafts list
 * before every draft file has been read and checked again (50,000 files take seconds). It is a
 * cache, never the truth: the full load rebuilds the index from the files and replaces what was
 * shown, and issue counts taken from here are checked again in the background. So it is written
 * atomically (a torn file is ignored) but without fsync, and a missing or unreadable one only
 * means the first list waits for the full load.
 */
export const SUMMARY_INDEX_FILE = 'summaries.json'
const FORMAT = 1
/** 50,000 drafts' rows take about 30 MB; a larger file is not an index this app wrote. */
const MAX_INDEX_BYTES = 128 * 1024 * 1024

// Compact rows keep the file small: [id, kind, name, status, updatedAt, errors, warnings,
// published, cover]. The cover came later: a row without it (saved by an earlier version) is still
// read.
// The scalar fields are checked by hand and only the nested objects by their zod schemas: a row
// checked whole by a zod tuple cost about 10 µs, so 0.1 s at 10,000 drafts and 0.5 s at 50,000,
// with main's event loop blocked while the first window and its first list wait for it.
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

/**
 * `sealed`: the row is one this version of main wrote (see sealOf), so its nested objects were
 * checked by these very schemas before they were written, and are taken as they are.
 */
function entryFromRow(raw: unknown, sealed: boolean): DraftListEntry | undefined {
  if (!Array.isArray(raw) || raw.length < 8 || raw.length > 9) return undefined
  const [id, kind, name, status, updatedAt, errorCount, warningCount, published, cover] = raw as unknown[]
  if (typeof id !== 'string' || typeof name !== 'string' || typeof updatedAt !== 'string') return undefined
  if (!isDraftKind(kind) || !isDraftStatus(status) || !isCount(errorCount) || !isCount(warningCount))
    return undefined
  const entry: DraftListEntry = { id, kind, name, status, updatedAt, errorCount, warningCount }
  if (published !== null && sealed) entry.published = published as DraftListEntry['published']
  else if (published !== null) {
    const refs = publishedRefsSchema.safeParse(published)
    if (!refs.success) return undefined
    entry.published = refs.data
  }
  if (cover !== null && cover !== undefined && sealed) entry.cover = cover as DraftListEntry['cover']
  else if (cover !== null && cover !== undefined) {
    const ref = mediaRefSchema.safeParse(cover)
    if (!ref.success) return undefined
    entry.cover = ref.data
  }
  return entry
}
// `rows` is only checked to be an array here: each row is checked below, a slice at a time (a zod
// array of unknowns walked and copied all 10,000 rows in one go first).
const fileSchema = z.object({
  format: z.literal(FORMAT),
  seal: z.string().optional(),
  rows: z.unknown().refine(Array.isArray),
})

/**
 * The nested objects' zod checks were most of the read (~80 ms of main's CPU for 10,000 rows on a
 * cold start, while the window starts), yet the rows are main's own output, built from drafts
 * those schemas had checked (rule P14, bench/PERFORMANCE.md). So main seals what it writes: a
 * digest of the rows' exact text together with the JSON Schema of the nested objects' schemas. A
 * file that
 * was changed after it was written, or written under other schemas (another version of the
 * app), does not match, and its rows are checked one by one as before.
 */
let nestedSchemas: string | undefined
function sealOf(rowsText: string): string {
  nestedSchemas ??= JSON.stringify([
    FORMAT,
    z.toJSONSchema(publishedRefsSchema, { unrepresentable: 'any' }),
    z.toJSONSchema(mediaRefSchema, { unrepresentable: 'any' }),
  ])
  return createHash('sha256').update(nestedSchemas).update('\n').update(rowsText).digest('base64url')
}

const ROWS_KEY = ',"rows":'

/** The rows' text as write() put it, last in the file: what the seal covers. */
function rowsTextOf(fileText: string): string | undefined {
  const at = fileText.indexOf(ROWS_KEY)
  return at < 0 || !fileText.endsWith('}') ? undefined : fileText.slice(at + ROWS_KEY.length, -1)
}

/**
 * Longest stretch of row checks between two turns of main's event loop, in ms. The index is read
 * right after the window is created (src/main/index.ts), while main also answers what the
 * starting window asks for (its files, its navigation, its first IPC calls): 10,000 rows in one
 * go held the event loop for ~100 ms on a cold start (the checks still run unoptimised then),
 * and each of those requests, several turns of the loop each, waited behind it.
 */
export const ROW_CHECKS_SLICE_MS = 4

export interface SummaryIndexFile {
  read(): Promise<DraftListEntry[] | undefined>
  write(entries: readonly DraftListEntry[]): Promise<void>
}

export interface SummaryIndexReadOptions {
  /** Row checks between two turns of the event loop, in ms (ROW_CHECKS_SLICE_MS). */
  sliceMs?: number
  /** Gives the event loop a turn; tests count the turns. */
  nextTurn?: () => Promise<unknown>
  /** An index that could not be read was moved aside (for the log). */
  onDamaged?: (damaged: DamagedStore) => void
}

export function summaryIndexFile(storeDir: string, options: SummaryIndexReadOptions = {}): SummaryIndexFile {
  const path = join(storeDir, SUMMARY_INDEX_FILE)
  const sliceMs = options.sliceMs ?? ROW_CHECKS_SLICE_MS
  const yieldTurn = options.nextTurn ?? (() => nextTurn())
  return {
    async read() {
      // A write the process did not live to finish leaves its temp file; the index itself is whole.
      for (const name of await readdir(storeDir).catch(() => [] as string[])) {
        if (name.startsWith(`.${SUMMARY_INDEX_FILE}.`) && name.endsWith('.tmp'))
          await unlink(join(storeDir, name)).catch(() => undefined)
      }
      const read = await readStoreFile(path, {
        maxBytes: MAX_INDEX_BYTES,
        parse: (text) => {
          const parsed = parseJson(text)
          return parsed === undefined ? undefined : { text, parsed }
        },
        ...(options.onDamaged ? { onDamaged: options.onDamaged } : {}),
      })
      if (!read) return undefined
      const { text } = read
      const file = fileSchema.safeParse(read.parsed)
      if (!file.success) return undefined
      const rowsText = file.data.seal === undefined ? undefined : rowsTextOf(text)
      const sealed = rowsText !== undefined && file.data.seal === sealOf(rowsText)
      const entries: DraftListEntry[] = []
      const rows = file.data.rows as unknown[]
      let sliceStart = performance.now()
      for (let at = 0; at < rows.length; at++) {
        if (at > 0 && performance.now() - sliceStart >= sliceMs) {
          await yieldTurn()
          sliceStart = performance.now()
        }
        // A row this version cannot read is skipped; the full load brings its draft back.
        const entry = entryFromRow(rows[at], sealed)
        if (entry) entries.push(entry)
      }
      return entries
    },
    async write(entries) {
      const rows = entries.map((entry) => [
        entry.id,
        entry.kind,
        entry.name,
        entry.status,
        entry.updatedAt,
        entry.errorCount,
        entry.warningCount,
        entry.published ?? null,
        entry.cover ?? null,
      ])
      const temp = tempPathFor(path)
      try {
        const rowsText = JSON.stringify(rows)
        await writeFile(temp, `{"format":${FORMAT},"seal":"${sealOf(rowsText)}"${ROWS_KEY}${rowsText}}`)
        await rename(temp, path)
      } catch (error) {
        await unlink(temp).catch(() => undefined)
        throw error
      }
    },
  }
}
