import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import Papa from 'papaparse'
import { AppFailure, appError } from '../../shared/errors'
import { formatNumber } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'

/**
 * Reads a product feed the designer chose: CSV (any delimiter papaparse detects, quoted fields,
 * a header row) or JSON (an array of product objects, or {"products": [...]}). A file that
 * cannot be read as a whole — wrong encoding, too large, too many rows, not CSV or JSON — is
 * refused with a sentence saying what to do; a row that cannot be read (ragged, bad quotes) is
 * reported on that row and never sent.
 */

export interface FeedRowProblem {
  /** 0-based data row (the header not counted). */
  index: number
  message: string
}

export interface ParsedFeed {
  fileName: string
  format: 'csv' | 'json'
  columns: string[]
  rows: Record<string, unknown>[]
  problems: FeedRowProblem[]
}

const MAX_BYTES = LIMITS.feedImport.maxMegabytes.value * 1024 * 1024
const MAX_ROWS = LIMITS.feedImport.maxRows.value

function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

/** Text of the file as UTF-8, or a refusal naming the encoding problem. */
export function decodeFeed(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw refuse('This file is UTF-16 text. Save it as “CSV UTF-8” (or UTF-8 JSON) and import it again.')
  const head = bytes.subarray(0, 4096)
  if (head.includes(0))
    throw refuse('This file holds binary data, not text: choose a CSV or JSON export of your products.')
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw refuse(
      'This file is not UTF-8 text (perhaps Windows-1252 or Latin-1). Save it as “CSV UTF-8” and import it again.',
    )
  }
}

function tooMany(count: number | string): AppFailure {
  return refuse(
    `This file has ${typeof count === 'number' ? formatNumber(count) : count} products. Ads Studio imports up to ${formatNumber(MAX_ROWS)} at a time: split the file and import each part. Nothing was sent.`,
  )
}

export function parseCsv(fileName: string, text: string): ParsedFeed {
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: MAX_ROWS + 2 })
  const [header, ...data] = result.data
  if (!header || header.every((cell) => cell.trim() === ''))
    throw refuse('This file has no header row. The first line must name the columns (id, title, price …).')
  const columns = header.map((cell) => cell.trim())
  const blank = columns.findIndex((column) => column === '')
  if (blank !== -1)
    throw refuse(`Column ${blank + 1} of the header has no name. Name every column and import again.`)
  const duplicate = columns.find((column, index) => columns.indexOf(column) !== index)
  if (duplicate !== undefined)
    throw refuse(`The header names the column “${duplicate}” twice. Rename one of them.`)
  if (data.length > MAX_ROWS) throw tooMany(`more than ${formatNumber(MAX_ROWS)}`)
  if (data.length === 0) throw refuse('This file has a header but no products.')
  const problems: FeedRowProblem[] = []
  // Papa counts rows with the header; its errors name the row they were found on.
  for (const parseError of result.errors) {
    if (parseError.row === undefined || parseError.row === 0) continue
    problems.push({ index: parseError.row - 1, message: `This row cannot be read: ${parseError.message}` })
  }
  const rows = data.map((cells, index) => {
    if (cells.length !== columns.length && !problems.some((problem) => problem.index === index))
      problems.push({
        index,
        message: `This row has ${cells.length} values but the header has ${columns.length} columns: a separator or quote may be missing`,
      })
    const row: Record<string, string> = {}
    for (let at = 0; at < columns.length; at++) row[columns[at] as string] = cells[at] ?? ''
    return row
  })
  return { fileName, format: 'csv', columns, rows, problems }
}

export function parseJsonFeed(fileName: string, text: string): ParsedFeed {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw refuse(`This JSON file cannot be read: ${(error as Error).message}`)
  }
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { products?: unknown }).products)
      ? (value as { products: unknown[] }).products
      : undefined
  if (!list) throw refuse('A JSON feed is a list of products, or an object with a “products” list.')
  if (list.length > MAX_ROWS) throw tooMany(list.length)
  if (list.length === 0) throw refuse('This file holds no products.')
  const columns: string[] = []
  const seen = new Set<string>()
  const problems: FeedRowProblem[] = []
  const rows = list.map((entry, index) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push({ index, message: 'This entry is not a product object' })
      return {}
    }
    for (const key of Object.keys(entry)) {
      if (!seen.has(key)) {
        seen.add(key)
        columns.push(key)
      }
    }
    return entry as Record<string, unknown>
  })
  return { fileName, format: 'json', columns, rows, problems }
}

export function parseFeed(fileName: string, bytes: Uint8Array): ParsedFeed {
  const text = decodeFeed(bytes)
  const looksJson = extname(fileName).toLowerCase() === '.json' || /^\s*[[{]/.test(text.slice(0, 100))
  return looksJson ? parseJsonFeed(fileName, text) : parseCsv(fileName, text)
}

/** Reads the file the designer picked in the dialog. */
export async function readFeedFile(path: string): Promise<ParsedFeed> {
  const info = await stat(path).catch(() => undefined)
  if (!info?.isFile()) throw refuse('That file cannot be opened. Choose it again.')
  if (info.size > MAX_BYTES)
    throw refuse(
      `This file is ${formatNumber(Math.round(info.size / 1024 / 1024))} MB; feeds up to ${LIMITS.feedImport.maxMegabytes.value} MB can be imported. Split it and import each part.`,
    )
  return parseFeed(basename(path), await readFile(path))
}
