import { parentPort } from 'node:worker_threads'
import Papa from 'papaparse'
import type { FeedMapping } from '../../shared/catalog/feed'
import type { Product } from '../../shared/catalog/product'
import { isAppFailure } from '../../shared/errors'
import type { ImportReport } from '../../shared/ipc/contracts/catalogs'
import { startFeedCheck, type FeedCheck } from './feedCheck'
import { readFeedFile, type ParsedFeed } from './feedFile'

/**
 * The worker thread that reads, parses and checks product feeds (feedFile.ts, feedCheck.ts), so
 * a 12 MB feed never holds main's event loop: main keeps answering the window while it works.
 * It holds each open import's parsed rows (main holds none) and checks them in steps, telling
 * main how far it got; a newer check of the same import, or the import closed (another file
 * chosen), stops the one under way at its next step.
 */

export type FeedWorkerRequest =
  | { id: number; type: 'open'; importId: string; path: string; replaces: string[] }
  | { id: number; type: 'check'; importId: string; mapping: FeedMapping; withValid: boolean }
  | { id: number; type: 'unsent'; importId: string; sentIds: string[]; idColumn: string | undefined }
  | { id: number; type: 'close'; importId: string }

export interface OpenedFeedSummary {
  fileName: string
  format: 'csv' | 'json'
  columns: string[]
  preview: string[][]
  rowCount: number
}

export type FeedWorkerMessage =
  | { id: number; opened: OpenedFeedSummary }
  | { id: number; progress: { checked: number; total: number } }
  | { id: number; checked: { report: ImportReport; valid?: Product[]; validRows?: number[] } }
  | { id: number; unsent: { csv: string; rows: number } }
  | { id: number; closed: true }
  /** The check stopped: a newer one of the same import started, or another file replaces it. */
  | { id: number; cancelled: true }
  /** A sentence for the designer (the file cannot be read, the import is not open). */
  | { id: number; refused: string }
  | { id: number; failed: string }

/** Rows checked between two looks at the inbox: ~10–20 ms of work with merchant-style rows. */
export const CHECK_STEP_ROWS = 500
const PREVIEW_ROWS = 6

interface OpenFeed {
  feed: ParsedFeed
  /** The last finished check and its mapping: send reuses it (feedImport.ts, checkedFeed). */
  last?: { mapping: string; result: FeedCheck }
  /** The check under way: a newer one replaces it. */
  running?: number
}

const port = parentPort
if (!port) throw new Error('the feed worker runs only as a worker thread')

const feeds = new Map<string, OpenFeed>()
const answer = (message: FeedWorkerMessage) => port.postMessage(message)
/** One turn of the event loop, so messages that came meanwhile are handled. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

async function check(request: Extract<FeedWorkerRequest, { type: 'check' }>): Promise<FeedWorkerMessage> {
  const open = feeds.get(request.importId)
  if (!open) return { id: request.id, refused: 'This import is no longer open: choose the file again' }
  const key = JSON.stringify(request.mapping)
  open.running = request.id
  let result = open.last?.mapping === key ? open.last.result : undefined
  if (!result) {
    const run = startFeedCheck(open.feed, request.mapping)
    while (!run.step(CHECK_STEP_ROWS)) {
      answer({ id: request.id, progress: { checked: run.checked(), total: run.total } })
      await nextTurn()
      if (feeds.get(request.importId) !== open)
        return { id: request.id, refused: 'This import is no longer open: choose the file again' }
      if (open.running !== request.id) return { id: request.id, cancelled: true }
    }
    result = run.result()
    open.last = { mapping: key, result }
  }
  if (open.running === request.id) delete open.running
  return {
    id: request.id,
    checked: request.withValid
      ? { report: result.report, valid: result.valid, validRows: result.validRows }
      : { report: result.report },
  }
}

function unsent(request: Extract<FeedWorkerRequest, { type: 'unsent' }>): FeedWorkerMessage {
  const open = feeds.get(request.importId)
  if (!open) return { id: request.id, refused: 'This import is no longer open: choose the file again' }
  const sent = new Set(request.sentIds)
  const idColumn = request.idColumn
  const idOf = (row: Record<string, unknown>) =>
    idColumn === undefined ? '' : String(row[idColumn] ?? '').trim()
  const rows = open.feed.rows.filter((row) => !sent.has(idOf(row)))
  const columns = open.feed.columns
  // Formula-like cells are written as text (see keywordCsv).
  const csv = Papa.unparse(
    { fields: columns, data: rows.map((row) => columns.map((column) => String(row[column] ?? ''))) },
    { escapeFormulae: true },
  )
  return { id: request.id, unsent: { csv, rows: rows.length } }
}

async function handle(request: FeedWorkerRequest): Promise<FeedWorkerMessage> {
  switch (request.type) {
    case 'open': {
      for (const replaced of request.replaces) {
        const held = feeds.get(replaced)
        if (held) delete held.running
      }
      const feed = await readFeedFile(request.path)
      for (const replaced of request.replaces) feeds.delete(replaced)
      feeds.set(request.importId, { feed })
      const preview = feed.rows
        .slice(0, PREVIEW_ROWS)
        .map((row) => feed.columns.map((column) => String(row[column] ?? '').slice(0, 120)))
      return {
        id: request.id,
        opened: {
          fileName: feed.fileName,
          format: feed.format,
          columns: feed.columns,
          preview,
          rowCount: feed.rows.length,
        },
      }
    }
    case 'check':
      return check(request)
    case 'unsent':
      return unsent(request)
    case 'close':
      feeds.delete(request.importId)
      return { id: request.id, closed: true }
  }
}

port.on('message', (request: FeedWorkerRequest) => {
  void handle(request).then(answer, (error: unknown) =>
    answer(
      isAppFailure(error)
        ? { id: request.id, refused: error.message }
        : { id: request.id, failed: String(error) },
    ),
  )
})
