import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  looksLikeHeader,
  maskValue,
  suggestMapping,
  type ColumnMapping,
  type IdentifierType,
} from '../../shared/audiences/identifiers'
import { formatNumber } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'
import {
  checkLines,
  detectDelimiter,
  MAX_LINE_BYTES,
  oldMac,
  refuse,
  splitCsvLine,
  tooLong,
} from './listLines'

/**
 * Opens a customer list the designer chose: checks what can be checked before reading it (size
 * first — a 2 GB file is refused without reading a byte), then reads only its head to find the
 * delimiter, the header and the columns. The whole file is read later, streaming, in the worker.
 */

export const HEAD_BYTES = 64 * 1024
/** Enough to see the head's lines end: a line that runs on past this is longer than any row may be. */
const READ_BYTES = HEAD_BYTES + MAX_LINE_BYTES + 1
const SAMPLE_ROWS = 5
const MAX_BYTES = LIMITS.audienceFile.maxMegabytes.value * 1024 * 1024

export interface OpenedList {
  path: string
  fileName: string
  size: number
  mtimeMs: number
  delimiter: string
  hasHeader: boolean
  /** Byte offset of the first data row. */
  dataStart: number
  columns: { index: number; name: string; samples: string[] }[]
  mapping: ColumnMapping
}

export async function openList(path: string, allowed: readonly IdentifierType[]): Promise<OpenedList> {
  const info = await stat(path).catch(() => undefined)
  if (!info?.isFile()) throw refuse('That file cannot be opened. Choose it again.')
  if (info.size === 0)
    throw refuse('This file is empty. Choose the export that holds the list. Nothing was sent.')
  if (info.size > MAX_BYTES)
    throw refuse(
      `This file is ${formatNumber(Math.round(info.size / 1024 / 1024))} MB; lists up to ${formatNumber(LIMITS.audienceFile.maxMegabytes.value)} MB can be uploaded. Split it into smaller files and upload each. Nothing was sent.`,
    )
  const handle = await open(path, 'r')
  let head: Buffer
  try {
    const buffer = Buffer.alloc(Math.min(READ_BYTES, info.size))
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    head = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    throw refuse('This file is UTF-16 text. Save it as “CSV UTF-8” and choose it again. Nothing was sent.')
  if (head.includes(0))
    throw refuse(
      'This file holds binary data, not text. Choose a CSV or TXT export of the list. Nothing was sent.',
    )
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0
  // Whole lines of the head only: the last one may be cut by the window. The lines are held to
  // the rules the upload reads them by (length, CR-only and mixed endings), so a file that the
  // upload would refuse says why here, on the line at fault, not that it has no people in it.
  const whole = head.length === info.size
  const cut = whole ? head.length : head.lastIndexOf(0x0a) + 1
  const lines = { lineNumber: 0 }
  checkLines(head.subarray(bom, Math.max(bom, cut)), lines, whole)
  if (!whole && head.length - cut > MAX_LINE_BYTES) {
    // A long run without a newline but with CRs is an old Mac file, not one long line.
    const next = lines.lineNumber + 1
    throw head.indexOf(0x0d, cut) !== -1 ? oldMac(next) : tooLong(next)
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(bom, Math.max(bom, cut)))
  } catch {
    throw refuse(
      'This file is not UTF-8 text (perhaps Windows-1252 or Latin-1). Save the list as “CSV UTF-8” and choose it again. Nothing was sent.',
    )
  }
  const nonEmpty = text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '')
  if (nonEmpty.length === 0) throw refuse('This file has no rows. Nothing was sent.')
  const delimiter = detectDelimiter(nonEmpty.slice(0, 20))
  const firstCells = splitCsvLine(nonEmpty[0] as string, delimiter) ?? [nonEmpty[0] as string]
  const hasHeader = looksLikeHeader(firstCells)
  const sampleLines = nonEmpty.slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + 50)
  const samples = sampleLines.map((line) => splitCsvLine(line, delimiter) ?? [])
  if (hasHeader && samples.length === 0)
    throw refuse('This file has a header row but no people in it. Nothing was sent.')
  const header = hasHeader ? firstCells.map((cell) => cell.trim()) : undefined
  const mapping = suggestMapping(header, samples, allowed)
  if (Object.keys(mapping).length === 0)
    throw refuse(
      `No column of this file looks like ${allowed.length === 2 ? 'email addresses or phone numbers' : 'email addresses, phone numbers, mobile device ids or handles'}, and no column is named like one. Check that this is the customer list. Nothing was sent.`,
    )
  // Where data starts: past the BOM and, with a header, past the first non-empty line.
  let dataStart = bom
  if (hasHeader) {
    const firstLine = head.indexOf(
      0x0a,
      bom + head.subarray(bom).findIndex((byte) => byte !== 0x0a && byte !== 0x0d),
    )
    dataStart = firstLine === -1 ? info.size : firstLine + 1
  }
  const columnCount = Math.max(firstCells.length, ...samples.map((row) => row.length))
  const columns = Array.from({ length: columnCount }, (_, index) => ({
    index,
    name: header?.[index] || `Column ${index + 1}`,
    samples: samples
      .slice(0, SAMPLE_ROWS)
      .map((row) => maskValue(row[index] ?? ''))
      .filter((value) => value !== ''),
  }))
  return {
    path,
    fileName: basename(path),
    size: info.size,
    mtimeMs: info.mtimeMs,
    delimiter,
    hasHeader,
    dataStart,
    columns,
    mapping,
  }
}
