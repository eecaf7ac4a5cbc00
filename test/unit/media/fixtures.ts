// Small, structurally valid media files built in code, so no binaries are committed and each
// test states the exact dimensions it expects.

import { crc32, deflateSync } from 'node:zlib'
import { buildMp4 } from '../../support/mp4Writer'

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value >>> 0)
  return buffer
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))])
}

/** A real, decodable PNG filled with one colour (RGB, 8 bits). */
export function png(width: number, height: number, rgb: [number, number, number] = [91, 78, 230]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head[0] = 0xff
  head[1] = marker
  head.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([head, body])
}

/** SOI, an APP0 (JFIF) and optional padding APPn segments, a baseline SOF0, EOI: enough for a header reader. */
export function jpeg(
  width: number,
  height: number,
  options: { appSegments?: number; sof?: number } = {},
): Buffer {
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const padding = Array.from({ length: options.appSegments ?? 0 }, () =>
    segment(0xe1, Buffer.alloc(60_000, 7)),
  )
  const frame = Buffer.alloc(15)
  frame[0] = 8
  frame.writeUInt16BE(height, 1)
  frame.writeUInt16BE(width, 3)
  frame[5] = 3
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    ...padding,
    // A Huffman table (C4) first: it lives in the SOF range but carries no size.
    segment(0xc4, Buffer.alloc(20, 0)),
    segment(options.sof ?? 0xc0, frame),
    // A start of scan, a little entropy-coded data, and the end of image.
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.alloc(32, 0x55),
    Buffer.from([0xff, 0xd9]),
  ])
}

export function gif(width: number, height: number, frames = 1): Buffer {
  const header = Buffer.alloc(13)
  header.write('GIF89a', 0, 'ascii')
  header.writeUInt16LE(width, 6)
  header.writeUInt16LE(height, 8)
  // Each frame: image descriptor, LZW minimum code size, one data sub-block, terminator.
  const descriptor = Buffer.alloc(10)
  descriptor[0] = 0x2c
  descriptor.writeUInt16LE(width, 5)
  descriptor.writeUInt16LE(height, 7)
  const frame = Buffer.concat([descriptor, Buffer.from([2, 2, 0x4c, 0x01, 0])])
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])])
}

function riff(chunkType: string, chunk: Buffer): Buffer {
  const head = Buffer.alloc(20)
  head.write('RIFF', 0, 'ascii')
  head.writeUInt32LE(12 + chunk.length, 4)
  head.write('WEBP', 8, 'ascii')
  head.write(chunkType, 12, 'ascii')
  head.writeUInt32LE(chunk.length, 16)
  return Buffer.concat([head, chunk])
}

export function webp(kind: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): Buffer {
  if (kind === 'VP8X') {
    const chunk = Buffer.alloc(10)
    chunk.writeUIntLE(width - 1, 4, 3)
    chunk.writeUIntLE(height - 1, 7, 3)
    return riff(kind, chunk)
  }
  if (kind === 'VP8L') {
    const chunk = Buffer.alloc(10)
    chunk[0] = 0x2f
    chunk.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1)
    return riff(kind, chunk)
  }
  const chunk = Buffer.alloc(14)
  chunk.set([0x9d, 0x01, 0x2a], 3)
  chunk.writeUInt16LE(width, 6)
  chunk.writeUInt16LE(height, 8)
  return riff(kind, chunk)
}

/** ftyp, moov (an H.264 video track and an AAC audio track) and mdat, with moov first or last. */
export function mp4(
  width: number,
  height: number,
  seconds: number,
  options: { brand?: 'isom' | 'qt  '; moovLast?: boolean; mdatBytes?: number } = {},
): Buffer {
  const fps = 30
  const frames = Math.round(seconds * fps)
  return buildMp4({
    ...(options.brand ? { brand: options.brand } : {}),
    video: { width, height, fps, frames, keyframeEvery: fps },
    audio: {},
    ...(options.moovLast ? { moovLast: true } : {}),
    ...(options.mdatBytes ? { sampleBytes: Math.ceil(options.mdatBytes / frames) } : {}),
  })
}
