import { createReadStream } from 'node:fs'
import { AppFailure, appError } from '../../shared/errors'

/**
 * Reads a customer list line by line, streaming, with the byte offset where each line ends —
 * the resume points of an upload. Never holds more than one read buffer and one line.
 * A line never leaves this module except as cells handed to the normalizer; nothing is logged.
 */

export const READ_BUFFER_BYTES = 1 << 20
/** A customer-list row is a few identifiers; a longer "line" means this is not such a file. */
export const MAX_LINE_BYTES = 64 * 1024

export type LineEnding = 'lf' | 'crlf'

export interface ListLine {
  /** Decoded text without its line ending. */
  text: string
  /** Byte offset just past the line ending: where the next line starts. */
  end: number
}

export function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

function binary(lineNumber: number): AppFailure {
  return refuse(
    `Line ${lineNumber} holds binary data: this is not a text file. Choose a CSV or TXT export of the list. Nothing was sent.`,
  )
}

function notUtf8(lineNumber: number): AppFailure {
  return refuse(
    `Line ${lineNumber} is not UTF-8 text (perhaps Windows-1252 or Latin-1). Save the list as “CSV UTF-8” and choose it again. Nothing was sent.`,
  )
}

function oldMac(lineNumber: number): AppFailure {
  return refuse(
    `Line ${lineNumber} uses old Mac line endings (CR): save the list with Windows or Unix line endings and choose it again. Nothing was sent.`,
  )
}

/** The line (1-based, counting from `first`) that holds byte `at` of `bytes`. */
function lineAt(bytes: Buffer, at: number, first: number): number {
  let line = first
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < at; i = bytes.indexOf(0x0a, i + 1)) line += 1
  return line
}

/**
 * Lines from `start` (a line start) to the end of the file, a read buffer's worth at a time.
 * Refuses, with a sentence naming the line, binary data, text that is not UTF-8, a line longer
 * than MAX_LINE_BYTES, and line endings that change within the file (the designer re-saves it;
 * a mixed file usually means two exports were pasted together, and a resume could not find its
 * place reliably). Each buffer is checked once (NUL bytes, UTF-8) and then cut at its newlines.
 */
export async function* readLines(
  path: string,
  start: number,
  state: { ending?: LineEnding; lineNumber: number } = { lineNumber: 0 },
): AsyncGenerator<ListLine[], void, undefined> {
  const validator = new TextDecoder('utf-8', { fatal: true })
  let pending: Buffer | undefined
  let pendingStart = start
  const stream = createReadStream(path, { start, highWaterMark: READ_BUFFER_BYTES })
  const lineOf = (bytes: Buffer, end: number): ListLine => {
    state.lineNumber += 1
    const crlf = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d
    const length = crlf ? bytes.length - 1 : bytes.length
    const ending: LineEnding = crlf ? 'crlf' : 'lf'
    const cr = bytes.indexOf(0x0d)
    if (cr !== -1 && cr < length) throw oldMac(state.lineNumber)
    if (state.ending && state.ending !== ending)
      throw refuse(
        `This file mixes line endings (Windows CRLF and Unix LF; first change at line ${state.lineNumber}). Save it again from your spreadsheet or editor so every line ends the same way, then choose it again. Nothing was sent.`,
      )
    state.ending = ending
    return { text: bytes.toString('utf8', 0, length), end }
  }
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const nul = chunk.indexOf(0)
      if (nul !== -1) throw binary(lineAt(chunk, nul, state.lineNumber + 1))
      try {
        validator.decode(chunk, { stream: true })
      } catch {
        throw notUtf8(state.lineNumber + 1)
      }
      const lines: ListLine[] = []
      let from = 0
      for (;;) {
        const newline = chunk.indexOf(0x0a, from)
        if (newline === -1) break
        const piece = chunk.subarray(from, newline)
        const line = pending ? Buffer.concat([pending, piece]) : piece
        const end = pendingStart + line.length + 1
        pending = undefined
        if (line.length > MAX_LINE_BYTES) throw tooLong(state.lineNumber + 1)
        lines.push(lineOf(line, end))
        pendingStart = end
        from = newline + 1
      }
      if (from < chunk.length) {
        const rest = chunk.subarray(from)
        pending = pending ? Buffer.concat([pending, rest]) : Buffer.from(rest)
        if (pending.length > MAX_LINE_BYTES) throw tooLong(state.lineNumber + 1)
      }
      if (lines.length > 0) yield lines
    }
    try {
      validator.decode()
    } catch {
      throw notUtf8(state.lineNumber + 1)
    }
  } finally {
    stream.destroy()
  }
  if (pending && pending.length > 0) {
    // The last line has no ending of its own: it takes the file's, so it cannot look "mixed".
    const last = pending
    const end = pendingStart + last.length
    state.lineNumber += 1
    const cr = last.indexOf(0x0d)
    if (cr !== -1 && cr !== last.length - 1) throw oldMac(state.lineNumber)
    const length = last[last.length - 1] === 0x0d ? last.length - 1 : last.length
    yield [{ text: last.toString('utf8', 0, length), end }]
  }
}

function tooLong(lineNumber: number): AppFailure {
  return refuse(
    `Line ${lineNumber} is longer than ${MAX_LINE_BYTES / 1024} KB: this does not look like a customer list (one person per line). Nothing was sent.`,
  )
}

/**
 * Splits one CSV line. Quoted fields may hold the delimiter and doubled quotes; a quote that
 * does not close makes the row unreadable (undefined), which is counted, never guessed at.
 */
export function splitCsvLine(line: string, delimiter: string): string[] | undefined {
  if (delimiter === '') return [line]
  if (!line.includes('"')) return line.split(delimiter)
  const cells: string[] = []
  let at = 0
  for (;;) {
    if (line[at] === '"') {
      let value = ''
      let i = at + 1
      for (;;) {
        const quote = line.indexOf('"', i)
        if (quote === -1) return undefined
        value += line.slice(i, quote)
        if (line[quote + 1] === '"') {
          value += '"'
          i = quote + 2
          continue
        }
        i = quote + 1
        break
      }
      cells.push(value)
      if (i >= line.length) return cells
      if (line.slice(i, i + delimiter.length) !== delimiter) return undefined
      at = i + delimiter.length
    } else {
      const next = line.indexOf(delimiter, at)
      const cell = next === -1 ? line.slice(at) : line.slice(at, next)
      if (cell.includes('"')) return undefined
      cells.push(cell)
      if (next === -1) return cells
      at = next + delimiter.length
    }
  }
}

const DELIMITERS = [',', ';', '\t', '|']

/**
 * The delimiter that splits the sample lines into the same number (> 1) of cells — allowing a
 * few broken rows (they are counted later, not guessed at) — else '' (a one-column file).
 */
export function detectDelimiter(lines: readonly string[]): string {
  let best = ''
  let bestCells = 1
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => splitCsvLine(line, delimiter)?.length ?? 0)
    const first = counts[0] ?? 0
    const agreeing = counts.filter((count) => count === first).length
    if (first > bestCells && agreeing >= Math.ceil(counts.length * 0.8)) {
      best = delimiter
      bestCells = first
    }
  }
  return best
}
