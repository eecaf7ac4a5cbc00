import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inspectMediaFile } from '../../src/main/media/inspect'
import type { LocalMediaRef } from '../../src/shared/creatives/media'
import { placeholderPng } from '../../sandbox/media'

/** Tiny but valid media files, and the local refs the app makes of them (copied from the sandbox helpers). */

export function pngOf(width: number, height: number, seed: string): Buffer {
  return placeholderPng(width, height, seed)
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length + 8, 0)
  head.write(type, 4, 'ascii')
  return Buffer.concat([head, body])
}

/** A structurally valid MP4 (ftyp + moov/mvhd + trak/tkhd); `seed` varies the bytes, so each file is unique. */
export function mp4Of(width: number, height: number, durationMs: number, seed = 0): Buffer {
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(durationMs, 16)
  const tkhd = Buffer.alloc(84)
  tkhd.writeUInt32BE(width * 65536, 76)
  tkhd.writeUInt32BE(height * 65536, 80)
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isomavc1', 'latin1')),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd))),
    box('mdat', Buffer.alloc(256 + (seed % 997), seed % 251)),
  ])
}

/** A folder for test media and the app's dialog to choose them in (openApp's `media`). */
export interface MediaSource {
  dir: string
  /** Chooses the file in the app's media dialog: the app grants it and answers its ref. */
  choose(path: string): Promise<LocalMediaRef>
}

/**
 * Writes the file and reads it back the way the media picker does. Given a folder only, nothing
 * grants it: enough for the rules, but the app reads no file a draft merely names, so a draft
 * that publishes needs it chosen through the app (a MediaSource).
 */
export async function localMedium(
  where: string | MediaSource,
  name: string,
  bytes: Buffer,
): Promise<LocalMediaRef> {
  const path = join(typeof where === 'string' ? where : where.dir, name)
  await writeFile(path, bytes)
  if (typeof where !== 'string') return where.choose(path)
  const { ref } = await inspectMediaFile(path)
  return ref
}
