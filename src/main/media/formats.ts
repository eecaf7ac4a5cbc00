// Recognises image and video files from their first bytes and reads their pixel size from the
// format headers, without decoding: enough for the media rules (type, width, ratio).

import type { MediaContainer } from '../../shared/rules/mediaContent'
import { CONTAINER_NAMES } from '../../shared/rules/mediaContent'

export type SniffedFormat = MediaContainer

export const MIME_TYPES: Record<SniffedFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
}

export const FORMAT_NAMES = CONTAINER_NAMES

export interface Dimensions {
  width: number
  height: number
}

/** A file that is not a supported medium, or a damaged one; the message is for the designer. */
export class MediaFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MediaFileError'
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** Top-level box types a QuickTime file may start with when it has no ftyp box. */
const QUICKTIME_FIRST_BOXES = new Set(['moov', 'wide', 'mdat', 'free', 'skip', 'pnot'])

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}

export function sniffFormat(head: Uint8Array): SniffedFormat | undefined {
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return 'png'
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'gif'
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp'
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp') return ascii(head, 8, 4) === 'qt  ' ? 'mov' : 'mp4'
  if (head.length >= 8 && QUICKTIME_FIRST_BOXES.has(ascii(head, 4, 4))) return 'mov'
  return undefined
}

function damaged(format: SniffedFormat): MediaFileError {
  return new MediaFileError(
    `This ${FORMAT_NAMES[format]} file is damaged: its pixel size could not be read. Export it again from your design tool.`,
  )
}

function positive(dimensions: Dimensions, format: SniffedFormat): Dimensions {
  if (dimensions.width > 0 && dimensions.height > 0) return dimensions
  throw damaged(format)
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

function pngDimensions(bytes: Uint8Array): Dimensions {
  // The first chunk must be IHDR: width and height as big-endian 32-bit integers.
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') throw damaged('png')
  const data = view(bytes)
  return positive({ width: data.getUint32(16), height: data.getUint32(20) }, 'png')
}

function gifDimensions(bytes: Uint8Array): Dimensions {
  if (bytes.length < 10) throw damaged('gif')
  const data = view(bytes)
  return positive({ width: data.getUint16(6, true), height: data.getUint16(8, true) }, 'gif')
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

function jpegDimensions(bytes: Uint8Array): Dimensions {
  const data = view(bytes)
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw damaged('jpeg')
    const marker = bytes[offset + 1]!
    if (marker === 0xff) {
      offset += 1 // fill byte
      continue
    }
    // Markers without a length: TEM, RST0-7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) break // end of image, or the scan data: no frame header before it
    const length = data.getUint16(offset + 2)
    if (length < 2) throw damaged('jpeg')
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) break
      return positive({ height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) }, 'jpeg')
    }
    offset += 2 + length
  }
  throw damaged('jpeg')
}

function webpDimensions(bytes: Uint8Array): Dimensions {
  if (bytes.length < 30) throw damaged('webp')
  const data = view(bytes)
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X') {
    const width = 1 + (data.getUint16(24, true) | (bytes[26]! << 16))
    const height = 1 + (data.getUint16(27, true) | (bytes[29]! << 16))
    return positive({ width, height }, 'webp')
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) throw damaged('webp')
    const bits = data.getUint32(21, true)
    return positive({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }, 'webp')
  }
  if (chunk === 'VP8 ') {
    // A key frame starts with the 3-byte start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) throw damaged('webp')
    return positive(
      { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff },
      'webp',
    )
  }
  throw damaged('webp')
}

const DIMENSIONS = {
  png: pngDimensions,
  gif: gifDimensions,
  jpeg: jpegDimensions,
  webp: webpDimensions,
} as const satisfies Record<string, (bytes: Uint8Array) => Dimensions>

/** Pixel size of an image from the bytes at the start of its file. */
export function imageDimensions(format: keyof typeof DIMENSIONS, bytes: Uint8Array): Dimensions {
  return DIMENSIONS[format](bytes)
}
