import { AppFailure, appError, type AppErrorCode } from '../../shared/errors'
import { startWorker as startThread } from '../files/workerThread'
import type { WorkerMessage, WorkerRequest } from './hashWorker'
import type { ListLayout, OperationSettings, ScanCounts } from './scanner'

/**
 * Starts hashWorker.ts in a worker thread: its own bundle in the built app
 * (electron.vite.config.ts, entry `audienceHashWorker`), the TypeScript file through tsx from source.
 *
 * The worker's live data is one read buffer, one request body and the duplicate table (off the
 * V8 heap); small heap limits make V8 collect the per-row garbage early instead of letting the
 * heap swell, which keeps memory flat as the file grows.
 */
export const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 }

const startWorker = () =>
  startThread(
    import.meta.url,
    { source: './hashWorker.ts', bundle: './audienceHashWorker.js' },
    RESOURCE_LIMITS,
  )

function failureOf(message: Extract<WorkerMessage, { type: 'error' }>): AppFailure {
  const code = (message.code === 'internal' ? 'invalid_input' : message.code) as AppErrorCode
  return new AppFailure(appError(code, message.message))
}

/** Runs the whole pipeline without sending: the pre-send report. */
export function reportInWorker(
  layout: ListLayout,
  onProgress?: (counts: ScanCounts) => void,
): Promise<ScanCounts & { chunks: number }> {
  const worker = startWorker()
  return new Promise<ScanCounts & { chunks: number }>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress?.(message.counts)
      else if (message.type === 'done') resolve({ ...message.counts, chunks: message.chunks })
      else if (message.type === 'error') reject(failureOf(message))
    })
    worker.on('error', reject)
    worker.on('exit', (code) => reject(new Error(`the hashing worker stopped (${code})`)))
    worker.postMessage({ type: 'report', layout } satisfies WorkerRequest)
  }).finally(() => void worker.terminate())
}

export interface WorkerChunk {
  index: number
  body: string
  records: number
  endOffset: number
  rowsRead: number
}

export interface ChunkStream {
  /** The next request body, or undefined when the file is done. */
  next(): Promise<WorkerChunk | undefined>
  /** Counts so far (rows read and hashed), for progress. */
  counts(): ScanCounts | undefined
  close(): Promise<void>
}

/**
 * Streams request bodies from `resumeOffset`. Two bodies are prepared ahead, so hashing the
 * next one overlaps sending this one, and memory holds at most three.
 */
export function streamChunks(
  layout: ListLayout,
  settings: OperationSettings,
  resume: { offset: number; chunkIndex: number },
): ChunkStream {
  const worker = startWorker()
  const ready: WorkerChunk[] = []
  let waiting:
    { resolve: (chunk: WorkerChunk | undefined) => void; reject: (error: unknown) => void } | undefined
  let finished = false
  let failure: unknown
  let latest: ScanCounts | undefined
  const settle = () => {
    if (!waiting) return
    const chunk = ready.shift()
    if (chunk) {
      waiting.resolve(chunk)
      worker.postMessage({ type: 'credit', credit: 1 } satisfies WorkerRequest)
    } else if (failure) waiting.reject(failure)
    else if (finished) waiting.resolve(undefined)
    else return
    waiting = undefined
  }
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'progress') latest = message.counts
    else if (message.type === 'chunk') ready.push(message)
    else if (message.type === 'done') {
      latest = message.counts
      finished = true
    } else if (message.type === 'error') failure = failureOf(message)
    settle()
  })
  worker.on('error', (error) => {
    failure ??= error
    settle()
  })
  worker.on('exit', () => {
    if (!finished) failure ??= new Error('the hashing worker stopped')
    settle()
  })
  worker.postMessage({
    type: 'send',
    layout,
    settings,
    resumeOffset: resume.offset,
    firstChunkIndex: resume.chunkIndex,
    credit: 2,
  } satisfies WorkerRequest)
  return {
    next: () =>
      new Promise<WorkerChunk | undefined>((resolve, reject) => {
        waiting = { resolve, reject }
        settle()
      }),
    counts: () => latest,
    close: async () => {
      finished = true
      await worker.terminate()
    },
  }
}
