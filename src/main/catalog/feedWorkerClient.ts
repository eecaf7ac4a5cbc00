import { Worker } from 'node:worker_threads'
import type { FeedMapping } from '../../shared/catalog/feed'
import type { Product } from '../../shared/catalog/product'
import { invalidInput as invalid } from '../../shared/errors'
import type { ImportReport } from '../../shared/ipc/contracts/catalogs'
import { startBundledWorker } from '../platform/bundledWorker'
import { createRequestWorker } from '../platform/requestWorker'
import type { FeedWorkerMessage, FeedWorkerRequest, OpenedFeedSummary } from './feedWorker'

/**
 * Main's side of the feed worker (feedWorker.ts): one thread, started on first use (or warmed
 * while the designer picks a file) and kept; it keeps the process alive only while asked
 * something. A worker that stops fails what it was asked and its open imports with it: the
 * next open starts a new one.
 */
export interface FeedWorker {
  /** Starts the thread now, so the first file chosen does not wait for it. */
  warm(): void
  /**
   * Reads and parses the file as import `importId`. The checks of the imports it `replaces`
   * stop at once; their rows are dropped once this file is read, and kept if it cannot be.
   * @throws AppFailure (invalid_input) with a sentence when the file cannot be imported.
   */
  open(importId: string, path: string, replaces?: string[]): Promise<OpenedFeedSummary>
  /**
   * The report of the import with this mapping (and its valid products when asked for), checked
   * in the worker; `onProgress` hears how many rows are checked as it goes.
   * @throws AppFailure when the import is closed or a newer check of it replaced this one.
   */
  check(
    importId: string,
    mapping: FeedMapping,
    options?: { withValid?: boolean; onProgress?: (checked: number, total: number) => void },
  ): Promise<{ report: ImportReport; valid?: Product[]; validRows?: number[] }>
  /** The rows not sent, as CSV text with the file's own columns. */
  unsent(
    importId: string,
    sentIds: string[],
    idColumn: string | undefined,
  ): Promise<{ csv: string; rows: number }>
  /** Drops the import's rows; a check of it under way stops. */
  close(importId: string): void
  dispose(): Promise<void>
}

/** A request as asked, before it gets its id (each member of the union without it). */
type Request = FeedWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

export function createFeedWorker(
  options: {
    /**
     * The built worker to run (out/main/catalogFeedWorker.js), for the bench run from source:
     * the app's own bundle, not the TypeScript compiled as it loads.
     */
    bundle?: URL
  } = {},
): FeedWorker {
  const requests = createRequestWorker<Request, FeedWorkerMessage>(
    () =>
      options.bundle
        ? new Worker(options.bundle)
        : startBundledWorker(import.meta.url, {
            source: './feedWorker.ts',
            bundle: './catalogFeedWorker.js',
          }),
    'feed',
    (message) => 'progress' in message,
  )

  function ask(request: Request, onProgress?: (checked: number, total: number) => void) {
    return requests.request(
      request,
      onProgress &&
        ((message) => {
          if ('progress' in message) onProgress(message.progress.checked, message.progress.total)
        }),
    )
  }

  /** The answer's own part, or the failure it names. */
  function partOf<K extends string>(
    message: FeedWorkerMessage,
    key: K,
  ): Extract<FeedWorkerMessage, Record<K, unknown>> {
    if (key in message) return message as Extract<FeedWorkerMessage, Record<K, unknown>>
    if ('refused' in message) throw invalid(message.refused)
    if ('cancelled' in message) throw invalid('This check was stopped: another file or mapping replaced it')
    if ('failed' in message) throw new Error(`the feed could not be checked: ${message.failed}`)
    throw new Error('the feed worker answered something unexpected')
  }

  return {
    warm: () => requests.warm(),
    async open(importId, path, replaces = []) {
      return partOf(await ask({ type: 'open', importId, path, replaces }), 'opened').opened
    },
    async check(importId, mapping, options = {}) {
      const message = await ask(
        { type: 'check', importId, mapping, withValid: options.withValid ?? false },
        options.onProgress,
      )
      return partOf(message, 'checked').checked
    },
    async unsent(importId, sentIds, idColumn) {
      return partOf(await ask({ type: 'unsent', importId, sentIds, idColumn }), 'unsent').unsent
    },
    close(importId) {
      if (requests.running()) void ask({ type: 'close', importId }).catch(() => {})
    },
    dispose: () => requests.close(),
  }
}
