// What an image's bytes say beyond its header's pixel size: whether the file is whole (the
// format's end marker is there) and, for a GIF, how many frames it has.

import type { Dimensions } from '../formats'
import { FORMAT_NAMES, imageDimensions, MediaFileError } from '../formats'
import type { FileBytes } from './fileReader'
import { ascii } from './fileReader'

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp'

export interface ImageFacts extends Dimensions {
  frameCount?: number
}

/** Enough for any image header, including JPEGs with large EXIF blocks before the frame header. */
const HEAD_BYTES = 1024 * 1024

function incomplete(format: ImageFormat): MediaFileError {
  return new MediaFileError(
    `This ${FORMAT_NAMES[format]} file is incomplete: it ends before the image does (an interrupted download or copy?). Export or download it again.`,
  )
}

/** A PNG ends with its IEND chunk: length 0, type IEND, then the CRC. */
function checkPngEnd(file: FileBytes): void {
  const tail = file.read(file.size - 12, 12)
  if (tail.length < 12 || ascii(tail, 4, 4) !== 'IEND') throw incomplete('png')
}

/** The end-of-image marker must follow the first scan; data after it (a motion photo's video) is allowed. */
function checkJpegEnd(file: FileBytes): void {
  const bytes = file.read(0, file.size)
  const scan = findJpegScan(bytes)
  if (scan < 0) throw incomplete('jpeg')
  for (let at = bytes.length - 2; at > scan; at--) if (bytes[at] === 0xff && bytes[at + 1] === 0xd9) return
  throw incomplete('jpeg')
}

/** Offset of the first start-of-scan marker, walking the segments before it; -1 if none. */
function findJpegScan(bytes: Uint8Array): number {
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return -1
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0xda) return at
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2
      continue
    }
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)
  }
  return -1
}

/** A RIFF file says its own length: the file must hold it all. */
function checkWebpEnd(file: FileBytes): void {
  const head = file.read(0, 8)
  const declared = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(4, true)
  if (8 + declared > file.size) throw incomplete('webp')
}

/** Walks a GIF's blocks to its trailer, counting image descriptors (frames). */
function gifFrames(file: FileBytes): number {
  const bytes = file.read(0, file.size)
  const colourTable = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  let at = 13 + colourTable(bytes[10] ?? 0)
  let frames = 0
  const skipSubBlocks = () => {
    while (at < bytes.length && bytes[at] !== 0) at += 1 + bytes[at]!
    at += 1
  }
  while (at < bytes.length) {
    const block = bytes[at]
    if (block === 0x3b) {
      if (frames === 0) break
      return frames
    }
    if (block === 0x21) {
      at += 2
      skipSubBlocks()
    } else if (block === 0x2c) {
      frames += 1
      at += 10 + colourTable(bytes[at + 9] ?? 0) + 1 // descriptor, local colour table, LZW code size
      skipSubBlocks()
    } else {
      break
    }
  }
  throw incomplete('gif')
}

export function probeImage(file: FileBytes, format: ImageFormat): ImageFacts {
  const { width, height } = imageDimensions(format, file.read(0, HEAD_BYTES))
  switch (format) {
    case 'png':
      checkPngEnd(file)
      return { width, height }
    case 'jpeg':
      checkJpegEnd(file)
      return { width, height }
    case 'webp':
      checkWebpEnd(file)
      return { width, height }
    case 'gif':
      return { width, height, frameCount: gifFrames(file) }
  }
}
