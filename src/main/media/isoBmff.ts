// MP4 and QuickTime files are trees of boxes (ISO/IEC 14496-12): the movie header (mvhd) holds
// the duration and each track header (tkhd) the display size. moov may sit after a huge mdat,
// so top-level boxes are walked by seeking, and only moov is read into memory.

import type { FileHandle } from 'node:fs/promises'
import type { Dimensions, SniffedFormat } from './formats'
import { FORMAT_NAMES, MediaFileError } from './formats'

export interface MovieInfo extends Dimensions {
  durationSeconds?: number
}

/** moov holds sample tables only; far larger means a damaged or hostile file. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024

interface Box {
  type: string
  /** Offset of the box content (after the header). */
  start: number
  /** Offset just past the box. */
  end: number
}

function readBoxHeader(bytes: Uint8Array, offset: number, limit: number): Box | undefined {
  if (offset + 8 > limit) return undefined
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let size = data.getUint32(offset)
  const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
  let headerLength = 8
  if (size === 1) {
    if (offset + 16 > limit) return undefined
    size = Number(data.getBigUint64(offset + 8))
    headerLength = 16
  } else if (size === 0) {
    size = limit - offset
  }
  if (size < headerLength || offset + size > limit) return undefined
  return { type, start: offset + headerLength, end: offset + size }
}

function childBoxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const boxes: Box[] = []
  let offset = start
  for (let box = readBoxHeader(bytes, offset, end); box; box = readBoxHeader(bytes, offset, end)) {
    boxes.push(box)
    offset = box.end
  }
  return boxes
}

async function findMoov(file: FileHandle, fileSize: number): Promise<Box | undefined> {
  const header = new Uint8Array(16)
  const data = new DataView(header.buffer)
  let offset = 0
  while (offset + 8 <= fileSize) {
    const { bytesRead } = await file.read(header, 0, 16, offset)
    if (bytesRead < 8) return undefined
    const declared = data.getUint32(0)
    const type = String.fromCharCode(...header.subarray(4, 8))
    if (declared === 1 && bytesRead < 16) return undefined
    const headerLength = declared === 1 ? 16 : 8
    const size = declared === 1 ? Number(data.getBigUint64(8)) : declared === 0 ? fileSize - offset : declared
    if (size < headerLength || offset + size > fileSize) return undefined
    if (type === 'moov') return { type, start: offset + headerLength, end: offset + size }
    offset += size
  }
  return undefined
}

function movieDuration(bytes: Uint8Array, box: Box): number | undefined {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const version = bytes[box.start]
  const at = box.start + 4
  if (version === 1) {
    if (at + 28 > box.end) return undefined
    const timescale = data.getUint32(at + 16)
    const duration = Number(data.getBigUint64(at + 20))
    return timescale > 0 ? duration / timescale : undefined
  }
  if (at + 16 > box.end) return undefined
  const timescale = data.getUint32(at + 8)
  const duration = data.getUint32(at + 12)
  return timescale > 0 ? duration / timescale : undefined
}

function trackSize(bytes: Uint8Array, box: Box): Dimensions | undefined {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const version = bytes[box.start]
  // version/flags, the times and ids (20 or 32 bytes), then 52 bytes of layer, volume and matrix.
  const at = box.start + 4 + (version === 1 ? 32 : 20) + 52
  if (at + 8 > box.end) return undefined
  // 16.16 fixed point.
  const width = Math.round(data.getUint32(at) / 65536)
  const height = Math.round(data.getUint32(at + 4) / 65536)
  return width > 0 && height > 0 ? { width, height } : undefined
}

export async function readMovieInfo(
  file: FileHandle,
  fileSize: number,
  format: Extract<SniffedFormat, 'mp4' | 'mov'>,
): Promise<MovieInfo> {
  const damaged = (what: string) =>
    new MediaFileError(`This ${FORMAT_NAMES[format]} file is damaged or incomplete: ${what}.`)
  const moov = await findMoov(file, fileSize)
  if (!moov) throw damaged('it has no movie header (moov box)')
  const length = moov.end - moov.start
  if (length > MAX_MOOV_BYTES) throw damaged('its movie header is implausibly large')
  const bytes = new Uint8Array(length)
  const { bytesRead } = await file.read(bytes, 0, length, moov.start)
  if (bytesRead < length) throw damaged('it ends inside the movie header')

  let durationSeconds: number | undefined
  let size: Dimensions | undefined
  for (const box of childBoxes(bytes, 0, length)) {
    if (box.type === 'mvhd') durationSeconds = movieDuration(bytes, box)
    if (box.type === 'trak' && !size) {
      const header = childBoxes(bytes, box.start, box.end).find((child) => child.type === 'tkhd')
      // Audio tracks have a zero size; the first track with pixels is the video.
      if (header) size = trackSize(bytes, header)
    }
  }
  if (!size) throw damaged('no video track with a picture size was found')
  return durationSeconds === undefined ? size : { ...size, durationSeconds }
}
