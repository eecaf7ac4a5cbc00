import { parentPort } from 'node:worker_threads'
import { isAppFailure } from '../../shared/errors'
import {
  assertSameContent,
  emptyCounts,
  scanChunks,
  type ListLayout,
  type OperationSettings,
  type ScanCounts,
} from './scanner'

/**
 * The worker thread that reads, normalizes and hashes a customer list (scanner.ts), so the
 * main process's event loop — IPC, the outbox, other uploads — never waits on SHA-256.
 * It hands out one request body at a time and makes the next only when given credit, so at
 * most `credit` bodies exist at once however long the file is.
 */

export type WorkerRequest =
  | { type: 'report'; layout: ListLayout }
  | {
      type: 'send'
      layout: ListLayout
      settings: OperationSettings
      resumeOffset: number
      firstChunkIndex: number
      credit: number
    }
  | { type: 'credit'; credit: number }

export type WorkerMessage =
  | { type: 'progress'; counts: ScanCounts }
  | { type: 'chunk'; index: number; body: string; records: number; endOffset: number; rowsRead: number }
  | { type: 'done'; counts: ScanCounts; chunks: number }
  | { type: 'error'; code: string; message: string }

const port = parentPort
if (!port) throw new Error('hashWorker runs only as a worker thread')

let credit = 0
let wake: (() => void) | undefined

const post = (message: WorkerMessage) => port.postMessage(message)

async function run(request: Extract<WorkerRequest, { type: 'report' | 'send' }>): Promise<void> {
  const counts = emptyCounts()
  const settings: OperationSettings =
    request.type === 'send' ? request.settings : { operationType: 'Update', target: 'custom_audience' }
  let chunks = 0
  // A send (and every resume) reads the whole file once first: not one request leaves unless the
  // file is, byte for byte, the one the report read.
  if (request.type === 'send') await assertSameContent(request.layout)
  for await (const chunk of scanChunks(request.layout, settings, counts, {
    ...(request.type === 'send'
      ? { resumeOffset: request.resumeOffset, firstChunkIndex: request.firstChunkIndex }
      : { bodies: false }),
    onProgress: (now) => post({ type: 'progress', counts: now }),
    // A request's worth of rows: the page's "read" and "hashed" figures move with each one.
    progressEvery: 2_500,
  })) {
    chunks += 1
    if (request.type === 'report') continue
    while (credit <= 0) await new Promise<void>((resolve) => (wake = resolve))
    credit -= 1
    post({ type: 'chunk', ...chunk })
  }
  post({ type: 'done', counts, chunks })
}

/** A file-system error code (EACCES, EISDIR …) names the problem without quoting the file. */
function fsCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined
}

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'credit') {
    credit += request.credit
    wake?.()
    wake = undefined
    return
  }
  if (request.type === 'send') credit = request.credit
  run(request).catch((error: unknown) => {
    // Only the failure's own sentence: it never quotes a row.
    post(
      isAppFailure(error)
        ? { type: 'error', code: error.code, message: error.message }
        : {
            type: 'error',
            code: 'internal',
            message: `The list file could not be read${fsCode(error) ? ` (${fsCode(error)})` : ''}. Nothing more was sent.`,
          },
    )
  })
})
