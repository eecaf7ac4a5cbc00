import type { DigestAnswer, DigestRequest } from './digestWorker'
import { UnsafeFileError } from './regularFile'
import { startBundledWorker } from '../platform/bundledWorker'
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
  /**
   * A file read slice by slice, each byte read once and hashed on the way (an upload): `read`
   * answers the bytes, and the SHA-256 with the slice that reaches the end.
   */
  stream(fd: number, size: number): DigestStream
  close(): Promise<void>
}

export interface DigestStream {
  read(at: number, length: number): Promise<{ bytes: Uint8Array; sha256?: string }>
  /** The whole file's SHA-256, reading (once) whatever was not read yet. */
  sha256(): Promise<string>
  /** Frees the worker's running hash; the caller closes the file. */
  end(): void
}

type Request = DigestRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

export function createFileDigester(): FileDigester {
  const worker = createRequestWorker<Request, DigestAnswer>(
    () =>
      startBundledWorker(import.meta.url, { source: './digestWorker.ts', bundle: './fileDigestWorker.js' }),
    'file digest',
  )
  let nextStream = 1

  async function ask(request: Request): Promise<{ sha256?: string; bytes?: Uint8Array }> {
    const answer = await worker.request(request)
    if ('error' in answer) {
      if (answer.error === 'changed') throw new UnsafeFileError('changed')
      throw Object.assign(new Error('the file could not be read'), answer.code ? { code: answer.code } : {})
    }
    return {
      ...(answer.sha256 !== undefined ? { sha256: answer.sha256 } : {}),
      ...(answer.bytes ? { bytes: new Uint8Array(answer.bytes) } : {}),
    }
  }

  return {
    async digest(fd, size, keep) {
      const { sha256, bytes } = await ask({ kind: 'whole', fd, size, keep })
      return { sha256: sha256!, ...(bytes ? { bytes } : {}) }
    },
    stream(fd, size) {
      const stream = nextStream++
      let sha256: string | undefined
      return {
        async read(at, length) {
          const answer = await ask({ kind: 'slice', stream, fd, size, at, length })
          sha256 ??= answer.sha256
          return { bytes: answer.bytes ?? new Uint8Array(0), ...(sha256 ? { sha256 } : {}) }
        },
        async sha256() {
          sha256 ??= (await ask({ kind: 'finish', stream, fd, size })).sha256
          return sha256!
        },
        end() {
          worker.notify({ kind: 'end', stream } satisfies DigestRequest)
        },
      }
    },
    close: () => worker.close(),
  }
}
