import { crc32, deflateSync } from 'node:zlib'

export type MediaType = 'IMAGE' | 'GIF' | 'VIDEO'

/** media_url values are stored with this prefix and completed with the request's origin on the way out. */
export const ORIGIN_MARK = 'sandbox-origin:'

export function mediaTypeOfMime(mime: string): MediaType | undefined {
  const lower = mime.toLowerCase()
  if (lower === 'image/gif') return 'GIF'
  if (['image/jpeg', 'image/png', 'image/webp', 'image/bmp'].includes(lower)) return 'IMAGE'
  if (['video/mp4', 'video/quicktime'].includes(lower)) return 'VIDEO'
  return undefined
}

/** Upload media_category values (case-insensitive) and the library category they become. */
export const UPLOAD_CATEGORIES: Record<string, { libraryCategory: string; mediaType: MediaType }> = {
  post_image: { libraryCategory: 'POST_IMAGE', mediaType: 'IMAGE' },
  post_gif: { libraryCategory: 'POST_GIF', mediaType: 'GIF' },
  post_video: { libraryCategory: 'POST_VIDEO', mediaType: 'VIDEO' },
  ads_video: { libraryCategory: 'ADS_VIDEO', mediaType: 'VIDEO' },
}

/** The public chunked upload's size ceilings: 5 MB images, 15 MB GIFs, 512 MB videos. */
export const MAX_UPLOAD_BYTES: Record<MediaType, number> = {
  IMAGE: 5 * 1024 * 1024,
  GIF: 15 * 1024 * 1024,
  VIDEO: 512 * 1024 * 1024,
}

/** Media key prefixes as the platform uses them: 3 image, 7 video, 13 ads video, 16 animated GIF. */
export function mediaKeyPrefix(mediaType: MediaType, libraryCategory: string | null): string {
  if (mediaType === 'GIF') return '16'
  if (mediaType === 'VIDEO') return libraryCategory === 'ADS_VIDEO' ? '13' : '7'
  return '3'
}

const NAMED_RATIOS: [string, number][] = [
  ['1.91:1', 1.91],
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
  ['1:1', 1],
  ['4:5', 4 / 5],
  ['4:3', 4 / 3],
  ['3:4', 3 / 4],
  ['2:1', 2],
]

/**
 * How far a measured ratio may be from a named one and still be it: 1%. Whole pixels keep real
 * exports far inside (1200x628 is 0.04% off 1.91:1) and sizes that look different outside
 * (1200x640 is 1.8% off). The app states the same number in its own rules.
 */
export const ASPECT_RATIO_TOLERANCE = 0.01

/** Within the tolerance of a named ratio counts as that ratio (1200x628 is 1.9108 and is 1.91:1). */
export function aspectRatio(width: number, height: number): string {
  const ratio = width / height
  for (const [name, value] of NAMED_RATIOS)
    if (Math.abs(ratio - value) / value <= ASPECT_RATIO_TOLERANCE) return name
  const divisor = gcd(width, height)
  return `${width / divisor}:${height / divisor}`
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

export interface ImageProbe {
  format: 'png' | 'gif' | 'jpeg' | 'webp'
  width: number
  height: number
}

/** Reads dimensions from PNG, GIF, JPEG and WebP headers; undefined when the bytes are none of them. */
export function probeImage(bytes: Buffer): ImageProbe | undefined {
  if (
    bytes.length >= 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.toString('ascii', 12, 16) === 'IHDR'
  ) {
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  }
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) {
    return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }
  }
  if (
    bytes.length >= 30 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    const chunk = bytes.toString('ascii', 12, 16)
    if (chunk === 'VP8X')
      return { format: 'webp', width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
    if (chunk === 'VP8 ')
      return {
        format: 'webp',
        width: bytes.readUInt16LE(26) & 0x3fff,
        height: bytes.readUInt16LE(28) & 0x3fff,
      }
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21)
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
    }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return probeJpeg(bytes)
  return undefined
}

function probeJpeg(bytes: Buffer): ImageProbe | undefined {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined
    const marker = bytes[offset + 1] ?? 0
    const length = bytes.readUInt16BE(offset + 2)
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
    if (isStartOfFrame) {
      return { format: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
    }
    offset += 2 + length
  }
  return undefined
}

export interface VideoProbe {
  width: number
  height: number
  durationMs: number
  /** The video track's sample entry type (avc1, hvc1, vp09 …), when the file has sample tables. */
  videoCodec?: string
}

/**
 * Reads an MP4/QuickTime container's movie header (duration) and the first visual track header
 * (width, height). The sandbox never decodes frames: container metadata is all it checks.
 */
export function probeMp4(bytes: Buffer): VideoProbe | undefined {
  let durationMs: number | undefined
  let size: { width: number; height: number } | undefined
  let handler: string | undefined
  let videoCodec: string | undefined
  const walk = (start: number, end: number): void => {
    let offset = start
    while (offset + 8 <= end) {
      let boxSize = bytes.readUInt32BE(offset)
      const type = bytes.toString('ascii', offset + 4, offset + 8)
      let header = 8
      if (boxSize === 1 && offset + 16 <= end) {
        boxSize = Number(bytes.readBigUInt64BE(offset + 8))
        header = 16
      } else if (boxSize === 0) boxSize = end - offset
      if (boxSize < header || offset + boxSize > end) return
      const body = offset + header
      if (type === 'trak') handler = undefined
      if (['moov', 'trak', 'mdia', 'minf', 'stbl'].includes(type)) walk(body, offset + boxSize)
      else if (type === 'hdlr' && body + 12 <= end) handler = bytes.toString('latin1', body + 8, body + 12)
      else if (type === 'stsd' && handler === 'vide' && !videoCodec && body + 16 <= end)
        videoCodec = bytes.toString('latin1', body + 12, body + 16)
      else if (type === 'mvhd') {
        const version = bytes[body] ?? 0
        const timescale = bytes.readUInt32BE(body + (version === 1 ? 20 : 12))
        const duration =
          version === 1 ? Number(bytes.readBigUInt64BE(body + 24)) : bytes.readUInt32BE(body + 16)
        if (timescale > 0) durationMs = Math.round((duration / timescale) * 1000)
      } else if (type === 'tkhd' && !size) {
        const version = bytes[body] ?? 0
        const sizeOffset = body + (version === 1 ? 88 : 76)
        const width = bytes.readUInt32BE(sizeOffset) / 65536
        const height = bytes.readUInt32BE(sizeOffset + 4) / 65536
        if (width > 0 && height > 0) size = { width: Math.round(width), height: Math.round(height) }
      }
      offset += boxSize
    }
  }
  if (bytes.length < 8 || bytes.toString('ascii', 4, 8) !== 'ftyp') return undefined
  walk(0, bytes.length)
  if (!size || durationMs === undefined) return undefined
  return { ...size, durationMs, ...(videoCodec ? { videoCodec } : {}) }
}

const placeholderCache = new Map<string, Buffer>()

/**
 * An 8-bit RGB PNG of `raw` scanlines (each a filter byte, then the row's pixels); `level` is
 * zlib's (0 stores the pixels as they are).
 */
export function rgbPng(width: number, height: number, raw: Buffer, level?: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'ascii')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0)
    return Buffer.concat([head, data, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, level === undefined ? {} : { level })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A solid-colour PNG of the given size, so media_url and poster_media_url render in a browser. */
export function placeholderPng(width: number, height: number, seed: string): Buffer {
  const cacheKey = `${width}x${height}:${seed}`
  const cached = placeholderCache.get(cacheKey)
  if (cached) return cached
  let hash = 0
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const rgb = [96 + (hash & 0x7f), 96 + ((hash >> 8) & 0x7f), 96 + ((hash >> 16) & 0x7f)]
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  const png = rgbPng(width, height, raw)
  if (placeholderCache.size > 64) placeholderCache.clear()
  placeholderCache.set(cacheKey, png)
  return png
}
