import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inspectMediaFile } from '../../src/main/media/inspect'
import type { LocalMediaRef } from '../../src/shared/creatives/media'
import { placeholderPng } from '../../sandbox/media'
import { buildMp4 } from './mp4Writer'

/** Tiny but valid media files, and the local refs the app makes of them (copied from the sandbox helpers). */

export function pngOf(width: number, height: number, seed: string): Buffer {
  return placeholderPng(width, height, seed)
}

/** A valid H.264/AAC MP4 (test/support/mp4Writer.ts); `seed` varies the bytes, so each file is unique. */
export function mp4Of(width: number, height: number, durationMs: number, seed = 0): Buffer {
  const fps = 30
  return buildMp4({
    video: {
      width,
      height,
      fps,
      frames: Math.max(1, Math.round((durationMs / 1000) * fps)),
      keyframeEvery: fps,
    },
    audio: {},
    sampleBytes: 16 + (seed % 97),
    fill: seed % 251,
  })
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
