import { startBundledWorker } from '../../platform/bundledWorker'
import { createRequestWorker } from '../../platform/requestWorker'
import { MediaFileError } from '../formats'
import type { ProbedMedia } from './probeFile'
import type { ProbeAnswer, ProbeRequest } from './worker'

/**
 * Reads a local medium's properties off main's thread (worker.ts), through a file main has
 * opened and checked: what is probed is what was checked.
 */
export interface MediaProber {
  /**
   * @throws MediaFileError with a sentence for the designer when the file is empty, not a
   *   supported medium, damaged or cut short.
   */
  probe(fd: number, size: number, fileName: string): Promise<ProbedMedia>
  close(): Promise<void>
}

export function createMediaProber(): MediaProber {
  const worker = createRequestWorker<Omit<ProbeRequest, 'id'>, ProbeAnswer>(
    () => startBundledWorker(import.meta.url, { source: './worker.ts', bundle: './mediaProbeWorker.js' }),
    'media probe',
  )
  return {
    async probe(fd, size, fileName) {
      const answer = await worker.request({ fd, size, fileName })
      if ('probed' in answer) return answer.probed
      if ('refused' in answer) throw new MediaFileError(answer.refused)
      throw Object.assign(
        new Error(`the file could not be read: ${answer.failed}`),
        answer.code ? { code: answer.code } : {},
      )
    },
    close: () => worker.close(),
  }
}

let shared: MediaProber | undefined

/** The process's one prober (the media page, the outbox's preflight and tools share it). */
export function sharedMediaProber(): MediaProber {
  return (shared ??= createMediaProber())
}
