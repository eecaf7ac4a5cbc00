import { isAscii, isUtf8 } from 'node:buffer'
import type { Hash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { AppFailure, appError } from '../../shared/errors'

/**
 * Reads a customer list a read buffer at a time, streaming, with the byte offset where each line
 * ends — the resume points of an upload. Never holds more than one read buffer and one line.
 * A line never leaves this module except as cells handed to the normalizer; nothing is logged.
 */

export const READ_BUFFER_BYTES = 1 << 20
/** A customer-list row is a few identifiers; a longer "line" means this is not such a file. */
export const MAX_LINE_BYTES = 64 * 1024

export type LineEnding = 'lf' | 'crlf'

/**
 * Whole lines of the file as one decoded string: every line in `text` ends with "\n" except,
 * at the end of the file, a last line without an ending. Lines are cut from it by LineCursor
 * as they are used, so a read buffer costs one string, not one object per line.
 */
export interface TextBlock {
  text: string
  /** Byte offset of text[0] in the file. */
  start: number
  /** Every character is ASCII, so byte offsets are character offsets. */
  ascii: boolean
  /** The lines' ending (checked the same for every line of the file). */
  ending: LineEnding
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

export function oldMac(lineNumber: number): AppFailure {
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

function mixedEndings(lineNumber: number): AppFailure {
  return refuse(
    `This file mixes line endings (Windows CRLF and Unix LF; first change at line ${lineNumber}). Save it again from your spreadsheet or editor so every line ends the same way, then choose it again. Nothing was sent.`,
  )
}

/**
 * Checks the lines of `bytes` (each ends with "\n", except a last line at the end of the file):
 * their length, a CR that does not end a line, and endings that differ from the file's. Counts
 * them into `state.lineNumber`. Works on the bytes (native searches), before they are decoded.
 */
export function checkLines(
  bytes: Buffer,
  state: { ending?: LineEnding; lineNumber: number },
  atEnd: boolean,
): void {
  const hasCr = bytes.indexOf(0x0d) !== -1
  let from = 0
  while (from < bytes.length) {
    const newline = bytes.indexOf(0x0a, from)
    const stop = newline === -1 ? bytes.length : newline
    state.lineNumber += 1
    if (stop - from > MAX_LINE_BYTES) throw tooLong(state.lineNumber)
    let ending: LineEnding = 'lf'
    if (hasCr) {
      const cr = bytes.indexOf(0x0d, from)
      if (cr !== -1 && cr < stop - 1) throw oldMac(state.lineNumber)
      if (cr === stop - 1) ending = 'crlf'
    }
    // The last line has no ending of its own: it takes the file's, so it cannot look "mixed".
    if (newline === -1 && atEnd) return
    if (state.ending && state.ending !== ending) throw mixedEndings(state.lineNumber)
    state.ending = ending
    from = stop + 1
  }
}

/**
 * The file from `start` (a line start) to its end, a read buffer's worth of whole lines at a
 * time. Refuses, with a sentence naming the line, binary data, text that is not UTF-8, a line
 * longer than MAX_LINE_BYTES, and line endings that change within the file (the designer
 * re-saves it; a mixed file usually means two exports were pasted together, and a resume could
 * not find its place reliably). Each buffer is checked once, before any of its lines is used.
 */
export async function* readBlocks(
  path: string,
  start: number,
  state: { ending?: LineEnding; lineNumber: number; digest?: Hash } = { lineNumber: 0 },
): AsyncGenerator<TextBlock, void, undefined> {
  // Each block is cut just after a newline byte, which is never inside a UTF-8 sequence, so
  // every block is checked and decoded on its own. (Buffer#toString, not TextDecoder: V8
  // searches the decoder's strings many times slower, and the pipeline searches every line.)
  let pending: Buffer | undefined
  let blockStart = start
  const stream = createReadStream(path, { start, highWaterMark: READ_BUFFER_BYTES })
  const block = (bytes: Buffer, atEnd: boolean): TextBlock => {
    if (!isUtf8(bytes)) throw notUtf8(state.lineNumber + 1)
    checkLines(bytes, state, atEnd)
    const text = bytes.toString('utf8')
    const ascii = isAscii(bytes)
    const made: TextBlock = { text, start: blockStart, ascii, ending: state.ending ?? 'lf' }
    blockStart += bytes.length
    return made
  }
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // The file's fingerprint takes every byte as it is read (scanner.ts).
      state.digest?.update(chunk)
      const nul = chunk.indexOf(0)
      if (nul !== -1) throw binary(lineAt(chunk, nul, state.lineNumber + 1))
      const lastNewline = chunk.lastIndexOf(0x0a)
      if (lastNewline === -1) {
        pending = pending ? Buffer.concat([pending, chunk]) : Buffer.from(chunk)
        // A long run without a newline but with CRs is an old Mac file, not one long line.
        if (pending.length > MAX_LINE_BYTES)
          throw pending.indexOf(0x0d) !== -1 ? oldMac(state.lineNumber + 1) : tooLong(state.lineNumber + 1)
        continue
      }
      const whole = chunk.subarray(0, lastNewline + 1)
      yield block(pending ? Buffer.concat([pending, whole]) : whole, false)
      pending = lastNewline + 1 < chunk.length ? Buffer.from(chunk.subarray(lastNewline + 1)) : undefined
      if (pending && pending.length > MAX_LINE_BYTES) throw tooLong(state.lineNumber + 1)
    }
  } finally {
    stream.destroy()
  }
  if (pending) yield block(pending, true)
}

/**
 * Walks the lines of a block: `text` is the current line without its ending, `end` the byte
 * offset just past its ending (where the next line starts: the resume point). One cursor per
 * block; a line is one substring, nothing else is allocated.
 */
export class LineCursor {
  text = ''
  end: number
  private at = 0

  constructor(private readonly block: TextBlock) {
    this.end = block.start
  }

  next(): boolean {
    const { text: all, ascii } = this.block
    if (this.at >= all.length) return false
    const newline = all.indexOf('\n', this.at)
    const stop = newline === -1 ? all.length : newline
    // readBlocks has checked that a CR can only be the end of a line.
    this.text = all.slice(this.at, stop > this.at && all.charCodeAt(stop - 1) === 13 ? stop - 1 : stop)
    const next = newline === -1 ? stop : stop + 1
    this.end += ascii ? next - this.at : Buffer.byteLength(all.slice(this.at, next))
    this.at = next
    return true
  }
}

export function tooLong(lineNumber: number): AppFailure {
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
  if (line.indexOf('"') === -1) return line.split(delimiter)
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
