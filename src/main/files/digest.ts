import type { DigestAnswer, DigestRequest } from './digestWorker'
import { UnsafeFileError } from './regularFile'
import { createRequestWorker } from '../platform/requestWorker'

/**
 * SHA-256 of a local file, read and hashed off main's thread (digestWorker.ts). Main opens the
 * file and checks it first (a regular file, the identity and size it expects); the worker reads
 * through that same open file, so what is hashed is what was checked. One worker, started on
 * first use and kept (it does not keep the process alive), takes the requests in turn.
 */
export interface FileDigester {
  /** The file's SHA-256 (hex) and, with `keep`, its bytes. */
  digest(fd: number, size: number, keep: boolean): Promise<{ sha256: string; bytes?: Uint8Array }>
  close(): Promise<void>
}

export function createFileDigester(): FileDigester {
  const worker = createRequestWorker<Omit<DigestRequest, 'id'>, DigestAnswer>(
    import.meta.url,
    { source: './digestWorker.ts', bundle: './fileDigestWorker.js' },
    'file digest',
  )
  return {
    async digest(fd, size, keep) {
      const answer = await worker.request({ fd, size, keep })
      if ('error' in answer) {
        if (answer.error === 'changed') throw new UnsafeFileError('changed')
        throw Object.assign(new Error('the file could not be read'), answer.code ? { code: answer.code } : {})
      }
      return { sha256: answer.sha256, ...(answer.bytes ? { bytes: new Uint8Array(answer.bytes) } : {}) }
    },
    close: () => worker.close(),
  }
}
