import { createHash, hash, type Hash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import {
  isHashed,
  normalizeIdentifier,
  type IdentifierType,
  type RejectReason,
} from '../../shared/audiences/identifiers'
import { LIMITS } from '../../shared/rules/limits'
import { FingerprintSet } from './fingerprints'
import { LineCursor, readBlocks, refuse, splitCsvLine, type LineEnding } from './listLines'

/**
 * The pipeline of a customer-list upload, one row at a time: read → split → normalize →
 * SHA-256 → drop duplicates → group into requests. It runs in a worker thread (hashWorker.ts);
 * nothing it touches is written anywhere, and the only things that leave it are counts and
 * request bodies made of hashes (and partner_user_id, which the platform takes unhashed).
 */

/** How a file is read: decided when it is opened, kept in the job (no identifiers in it). */
export interface ListLayout {
  path: string
  size: number
  mtimeMs: number
  /** '' for a one-column file. */
  delimiter: string
  /** Byte offset of the first data row (past the header, if any). */
  dataStart: number
  /** [column index, type] for every mapped column. */
  columns: [number, IdentifierType][]
  /** Digits prepended to phone numbers written without a country code. */
  defaultCountryCode?: string
  /**
   * SHA-256 of the whole file as it was checked (the pre-send report computes it while it reads
   * and hashes the rows). A send and every resume compare it before the first request: a file
   * of the same size and time with other people in it is not the one that was checked.
   */
  fingerprint?: string
}

export interface ScanCounts {
  rowsRead: number
  /** Rows with at least one usable identifier. */
  accepted: number
  rejected: Partial<Record<RejectReason, number>>
  /** Values dropped from rows that were kept (another mapped column was usable). */
  skippedValues: Partial<Record<RejectReason, number>>
  duplicatesRemoved: number
  /** Rows that go to the platform: accepted minus duplicates. */
  records: number
  /** The duplicate check stopped remembering new rows (see fingerprints.ts). */
  dedupeCapped: boolean
  lineEnding?: LineEnding
  /** The whole file's SHA-256 (ListLayout.fingerprint), once it has all been read. */
  fingerprint?: string
}

export interface OperationSettings {
  operationType: 'Update' | 'Delete'
  effectiveAt?: string
  expiresAt?: string
  /** Do-not-reach lists take `expires_at` only (ads-a-catalogs-audiences.md:169). */
  target: 'custom_audience' | 'do_not_reach_list'
}

export interface Chunk {
  /** 0-based, in file order. */
  index: number
  /** The JSON request body (an array of operations). */
  body: string
  records: number
  /** Byte offset where the rows after this chunk begin: the resume point once it is acknowledged. */
  endOffset: number
  /** Rows read up to endOffset (for progress). */
  rowsRead: number
}

/**
 * One user per operation (so success_count, total_count and operation_errors' index all count
 * rows). At 2,500 operations a request holds at most about 1.8 MB (five 64-character hashes
 * and a 256-character partner id per row), so the 5,000,000-byte cap is a guard that binds
 * only if that shape ever changes; both are checked for every operation added.
 */
export const CHUNK_LIMITS = {
  operations: LIMITS.audiences.uploadOperations.value,
  bytes: LIMITS.audiences.uploadBytes.value,
}

export function emptyCounts(): ScanCounts {
  return {
    rowsRead: 0,
    accepted: 0,
    rejected: {},
    skippedValues: {},
    duplicatesRemoved: 0,
    records: 0,
    dedupeCapped: false,
  }
}

const bump = (counts: Partial<Record<RejectReason, number>>, reason: RejectReason) => {
  counts[reason] = (counts[reason] ?? 0) + 1
}

/** crypto.hash: one call, no Hash object per value (Node ≥ 20.12; Electron 45 ships Node 22). */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex')
}

/** The 32-bit word of a hex digest at `at` (8 characters). */
function hexWord(hex: string, at: number): number {
  let word = 0
  for (let i = at; i < at + 8; i++) {
    const code = hex.charCodeAt(i)
    word = word * 16 + (code <= 57 ? code - 48 : code - 87)
  }
  return word
}

/**
 * Turns one row into the JSON of its user object (hashed values) and a 64-bit fingerprint for
 * the duplicate check, or the reason it cannot be sent. One encoder serves every row of a file
 * and keeps its answer in its own fields, so a row costs its strings and nothing more.
 */
export class RowEncoder {
  /** `"email":["…"],"phone_number":["…"]` — the inside of the row's user object. */
  users = ''
  /** Whether `users` holds an unhashed partner id (then its characters and bytes may differ). */
  hasPartnerId = false
  hi = 0
  lo = 0
  reason: RejectReason = 'empty'
  private readonly columns: number[]
  private readonly types: IdentifierType[]
  private readonly keys: string[]
  private readonly problems: RejectReason[] = []

  constructor(
    private readonly layout: Pick<ListLayout, 'delimiter' | 'columns' | 'defaultCountryCode'>,
    private readonly skipped: ScanCounts['skippedValues'],
  ) {
    this.columns = layout.columns.map(([column]) => column)
    this.types = layout.columns.map(([, type]) => type)
    this.keys = this.types.map((type) => `"${type}":[`)
  }

  /** True when the row has a usable identifier (read users, hi, lo); else read `reason`. */
  encode(text: string): boolean {
    const oneColumn = this.layout.delimiter === ''
    const cells = oneColumn ? undefined : splitCsvLine(text, this.layout.delimiter)
    if (!oneColumn && !cells) {
      this.reason = 'unreadable_row'
      return false
    }
    const problems = this.problems
    if (problems.length > 0) problems.length = 0
    let users = ''
    let key = ''
    let kept = 0
    let partner = false
    for (let i = 0; i < this.columns.length; i++) {
      const column = this.columns[i] as number
      const type = this.types[i] as IdentifierType
      const raw = cells ? (cells[column] ?? '') : column === 0 ? text : ''
      const normalized = normalizeIdentifier(type, raw, this.layout.defaultCountryCode)
      if (!normalized.ok) {
        if (normalized.reason !== 'empty') problems.push(normalized.reason)
        continue
      }
      const hashed = isHashed(type)
      const value = hashed ? sha256Hex(normalized.value) : normalized.value
      if (!hashed) partner = true
      users += `${users ? ',' : ''}${this.keys[i] as string}${hashed ? `"${value}"` : JSON.stringify(value)}]`
      key = kept === 0 ? value : `${key}\u0000${type}:${value}`
      kept += 1
    }
    if (kept === 0) {
      this.reason = problems[0] ?? 'empty'
      return false
    }
    for (const problem of problems) bump(this.skipped, problem)
    // One hashed column: its own hash is the fingerprint. Otherwise (or for an unhashed partner
    // id) the row's values are hashed together.
    const digest = kept === 1 && !partner ? key : sha256Hex(key)
    this.users = users
    this.hasPartnerId = partner
    this.hi = hexWord(digest, 0)
    this.lo = hexWord(digest, 8)
    return true
  }
}

/** Whether a line holds only white space (the same white space as String.prototype.trim). */
function isBlank(text: string): boolean {
  if (text.length === 0) return true
  // Most rows start with a visible ASCII character: no regular expression for them.
  const first = text.charCodeAt(0)
  return (first <= 32 || first >= 0x80) && /^\s*$/.test(text)
}

function operationFrame(settings: OperationSettings): { prefix: string; suffix: string } {
  let dates = ''
  if (settings.target === 'custom_audience' && settings.effectiveAt)
    dates += `,"effective_at":${JSON.stringify(settings.effectiveAt)}`
  if (settings.expiresAt) dates += `,"expires_at":${JSON.stringify(settings.expiresAt)}`
  return {
    prefix: `{"operation_type":${JSON.stringify(settings.operationType)},"params":{"users":[`,
    suffix: `]${dates}}}`,
  }
}

function changedContent(path: string): ReturnType<typeof refuse> {
  return refuse(
    `The list file ${path} changed after it was checked (its content differs, though its size and time may not), so sending could reach different people. Dismiss this upload and upload the file again; what was already acknowledged stays on the platform.`,
  )
}

/** The SHA-256 of the part of the file before `end`, as its fingerprint starts. */
async function digestOf(path: string, end: number, digest: Hash = createHash('sha256')): Promise<Hash> {
  if (end > 0)
    await pipeline(
      createReadStream(path, { start: 0, end: end - 1 }),
      async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) digest.update(chunk)
      },
    )
  return digest
}

/**
 * Before anything is sent, at the start and on every resume: the file must be the one the
 * report read, byte for byte (its fingerprint), not only of the same size and time.
 */
export async function assertSameContent(
  layout: Pick<ListLayout, 'path' | 'size' | 'mtimeMs' | 'fingerprint'>,
): Promise<void> {
  await assertUnchanged(layout)
  if (layout.fingerprint === undefined) return
  if ((await digestOf(layout.path, layout.size)).digest('hex') !== layout.fingerprint)
    throw changedContent(layout.path)
}

/** Throws when the file is not the one that was checked: a resume must send the same rows. */
export async function assertUnchanged(layout: Pick<ListLayout, 'path' | 'size' | 'mtimeMs'>): Promise<void> {
  const info = await stat(layout.path).catch(() => undefined)
  if (!info)
    throw refuse(
      `The list file ${layout.path} is no longer there. Put it back unchanged to resume, or dismiss this upload and start a new one.`,
    )
  if (info.size !== layout.size || Math.abs(info.mtimeMs - layout.mtimeMs) > 1)
    throw refuse(
      `The list file ${layout.path} changed after it was checked (its size or modification time differs), so resuming could send different people. Dismiss this upload and upload the file again; what was already acknowledged stays on the platform.`,
    )
}

export interface ScanOptions {
  /** Where to start sending: rows before it are only remembered for the duplicate check. */
  resumeOffset?: number
  /** Chunk numbering continues from here on a resume. */
  firstChunkIndex?: number
  onProgress?: (counts: ScanCounts) => void
  /** How often to report progress, in rows. */
  progressEvery?: number
  /** False for the pre-send report: requests are cut and counted, their bodies not written. */
  bodies?: boolean
  /** Tests only: smaller request limits, to exercise the byte cut. */
  limits?: { operations: number; bytes: number }
}

/**
 * Reads the whole file and yields the requests to send, from `resumeOffset` on; the counts
 * it fills in are the pre-send report when nothing is sent. Chunks are cut the same way on
 * every run of the same file, so a resume continues exactly where the acknowledged chunks end.
 */
export async function* scanChunks(
  layout: ListLayout,
  settings: OperationSettings,
  counts: ScanCounts,
  options: ScanOptions = {},
): AsyncGenerator<Chunk, void, undefined> {
  await assertUnchanged(layout)
  const resumeOffset = options.resumeOffset ?? layout.dataStart
  const seen = new FingerprintSet()
  const every = options.progressEvery ?? 10_000
  const limits = options.limits ?? CHUNK_LIMITS
  const frame = operationFrame(settings)
  let index = options.firstChunkIndex ?? 0
  let parts: string[] = []
  let bytes = 2 // the brackets
  let records = 0
  const reading: { ending?: LineEnding; lineNumber: number; digest?: Hash } = { lineNumber: 0 }
  let lastEnd = layout.dataStart
  const flush = (endOffset: number): Chunk => {
    const chunk = {
      index,
      body: bodies ? `[${parts.join(',')}]` : '',
      records,
      endOffset,
      rowsRead: counts.rowsRead,
    }
    index += 1
    parts = []
    bytes = 2
    records = 0
    return chunk
  }
  const encoder = new RowEncoder(layout, counts.skippedValues)
  const bodies = options.bodies ?? true
  // The fingerprint: the bytes before the rows (a header), then every block as it is read.
  const fingerprint = await digestOf(layout.path, layout.dataStart)
  reading.digest = fingerprint
  for await (const block of readBlocks(layout.path, layout.dataStart, reading)) {
    counts.lineEnding ??= block.ending
    const line = new LineCursor(block)
    while (line.next()) {
      if (line.end > layout.size) throw refuse('The list file grew while it was read. Nothing more was sent.')
      if (isBlank(line.text)) {
        lastEnd = line.end
        continue
      }
      counts.rowsRead += 1
      if (counts.rowsRead % every === 0) options.onProgress?.(counts)
      if (!encoder.encode(line.text)) {
        bump(counts.rejected, encoder.reason)
        lastEnd = line.end
        continue
      }
      counts.accepted += 1
      if (!seen.add(encoder.hi, encoder.lo)) {
        counts.duplicatesRemoved += 1
        lastEnd = line.end
        continue
      }
      counts.records += 1
      if (line.end <= resumeOffset) {
        lastEnd = line.end
        continue
      }
      // Hashes are ASCII; only an unhashed partner id can make characters and bytes differ.
      const usersBytes = encoder.hasPartnerId ? Buffer.byteLength(encoder.users) : encoder.users.length
      const size = frame.prefix.length + frame.suffix.length + 2 + usersBytes
      if (records > 0 && (records >= limits.operations || bytes + 1 + size > limits.bytes)) {
        yield flush(lastEnd)
      }
      bytes += size + (records > 0 ? 1 : 0)
      if (bodies) parts.push(`${frame.prefix}{${encoder.users}}${frame.suffix}`)
      records += 1
      lastEnd = line.end
    }
  }
  counts.dedupeCapped = seen.capped
  counts.fingerprint = fingerprint.digest('hex')
  // Changed while it was read: a send stops here (what was acknowledged stays on the platform).
  if (layout.fingerprint !== undefined && counts.fingerprint !== layout.fingerprint)
    throw changedContent(layout.path)
  if (records > 0) yield flush(lastEnd)
  await assertUnchanged(layout)
  options.onProgress?.(counts)
}

/** The pre-send report: the whole pipeline, nothing sent. */
export async function scanReport(
  layout: ListLayout,
  onProgress?: (counts: ScanCounts) => void,
): Promise<ScanCounts & { chunks: number }> {
  const counts = emptyCounts()
  let chunks = 0
  for await (const chunk of scanChunks(
    layout,
    { operationType: 'Update', target: 'custom_audience' },
    counts,
    {
      bodies: false,
      ...(onProgress ? { onProgress } : {}),
    },
  )) {
    void chunk
    chunks += 1
  }
  return { ...counts, chunks }
}
