// Reads a local media file the designer chose: what it is, how big, its content hash. The
// renderer never touches files; it gets these facts and, for images, a small preview.

import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { basename, isAbsolute } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { LocalMediaRef } from '../../shared/creatives/media'
import type { SniffedFormat } from './formats'
import { imageDimensions, MediaFileError, MIME_TYPES, sniffFormat } from './formats'
import { readMovieInfo } from './isoBmff'

export interface InspectedMedia {
  ref: LocalMediaRef
  /** A data: URL for images small enough to send to the renderer; videos get none. */
  preview?: string
}

/** Enough for any image header, including JPEGs with large EXIF blocks before the frame header. */
const HEAD_BYTES = 1024 * 1024
/** Above this an image is refused by the upload limits anyway; no point copying it across IPC. */
export const MAX_PREVIEW_BYTES = 8 * 1024 * 1024

const SUPPORTED = 'PNG, JPEG, GIF or WebP images and MP4 or MOV videos'

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

function describeFsError(error: unknown, name: string): MediaFileError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT')
    return new MediaFileError(`${name} could not be found: it may have been moved or deleted.`)
  if (code === 'EACCES' || code === 'EPERM')
    return new MediaFileError(`Ads Studio is not allowed to read ${name}. Check the file's permissions.`)
  return new MediaFileError(`${name} could not be read.`)
}

function isImage(format: SniffedFormat): format is 'png' | 'jpeg' | 'gif' | 'webp' {
  return format !== 'mp4' && format !== 'mov'
}

/** @throws MediaFileError with a sentence for the designer when the file is missing, unsupported or damaged. */
export async function inspectMediaFile(path: string): Promise<InspectedMedia> {
  const name = basename(path) || 'The file'
  if (!isAbsolute(path)) throw new MediaFileError(`${name} is not a full file path.`)
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) throw new MediaFileError(`${name} is a folder, not a file.`)
    size = info.size
  } catch (error) {
    if (error instanceof MediaFileError) throw error
    throw describeFsError(error, name)
  }
  if (size === 0) throw new MediaFileError(`${name} is empty.`)

  let file
  try {
    file = await open(path, 'r')
  } catch (error) {
    throw describeFsError(error, name)
  }
  try {
    const head = new Uint8Array(Math.min(size, HEAD_BYTES))
    const { bytesRead } = await file.read(head, 0, head.length, 0)
    const bytes = head.subarray(0, bytesRead)
    const format = sniffFormat(bytes)
    if (!format) throw new MediaFileError(`${name} is not a supported medium: choose ${SUPPORTED}.`)
    const sha256 = await sha256Of(path)
    const mimeType = MIME_TYPES[format]
    if (isImage(format)) {
      const { width, height } = imageDimensions(format, bytes)
      const ref: LocalMediaRef = { source: 'local', path, sha256, mimeType, bytes: size, width, height }
      if (size > MAX_PREVIEW_BYTES) return { ref }
      const whole = size <= bytes.length ? bytes : await readAll(file, size)
      return { ref, preview: `data:${mimeType};base64,${Buffer.from(whole).toString('base64')}` }
    }
    const movie = await readMovieInfo(file, size, format)
    const ref: LocalMediaRef = {
      source: 'local',
      path,
      sha256,
      mimeType,
      bytes: size,
      width: movie.width,
      height: movie.height,
      ...(movie.durationSeconds === undefined ? {} : { durationSeconds: movie.durationSeconds }),
    }
    return { ref }
  } finally {
    await file.close()
  }
}

async function readAll(file: Awaited<ReturnType<typeof open>>, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size)
  const { bytesRead } = await file.read(bytes, 0, size, 0)
  return bytes.subarray(0, bytesRead)
}
