import { parentPort } from 'node:worker_threads'
import { MediaFileError } from '../formats'
import { fileBytesOf } from './fileReader'
import type { ProbedMedia } from './probeFile'
import { probeMediaBytes } from './probeFile'

/**
 * The worker thread that reads a local medium's properties (probeFile.ts) through a file main
 * opened and checked, so parsing a movie's index never holds main's event loop.
 */

export interface ProbeRequest {
  id: number
  fd: number
  size: number
  fileName: string
}

export type ProbeAnswer =
  | { id: number; probed: ProbedMedia }
  | { id: number; refused: string }
  | { id: number; failed: string; code?: string }

const port = parentPort
if (!port) throw new Error('the media probe runs only as a worker thread')

port.on('message', (request: ProbeRequest) => {
  let answer: ProbeAnswer
  try {
    answer = {
      id: request.id,
      probed: probeMediaBytes(fileBytesOf(request.fd, request.size), request.fileName),
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    answer =
      error instanceof MediaFileError
        ? { id: request.id, refused: error.message }
        : { id: request.id, failed: String(error), ...(typeof code === 'string' ? { code } : {}) }
  }
  port.postMessage(answer)
})
