// The on-device media check against a corpus of generated files: every bad file is caught
// (refused when read, or an issue on the field it is used in), and no valid file raises anything.

import { crc32, deflateSync } from 'node:zlib'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectMediaFile } from '../../../src/main/media/inspect'
import type { MediaUse } from '../../../src/shared/creatives/mediaChecks'
import { mediaChecks } from '../../../src/shared/creatives/mediaChecks'
import type { IssueCode } from '../../../src/shared/rules/issues'
import type { Mp4Spec } from '../../support/mp4Writer'
import { buildMp4, validVideoSpec } from '../../support/mp4Writer'
import { gif, jpeg, png, webp } from './fixtures'

interface Case {
  label: string
  name: string
  bytes: Buffer
  use: MediaUse
  /** undefined: valid, nothing may be raised; 'refused': reading fails; else the issue code expected. */
  caught?: 'refused' | IssueCode
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value >>> 0)
  return buffer
}

/** A PNG whose header claims a size its tiny image data does not hold (a decompression-bomb shape). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    return Buffer.concat([u32(data.length), typed, u32(crc32(typed))])
  }
  const header = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function video(
  overrides: Parameters<typeof validVideoSpec>[0],
  seconds = 2,
  extra: Partial<Mp4Spec> = {},
): Buffer {
  return buildMp4({ ...validVideoSpec(overrides, seconds), ...extra })
}

/** A valid MP4 whose mdat is shortened (and its header made to agree): the index points past the end. */
function dataCutShort(): Buffer {
  const whole = video({})
  const mdat = whole.indexOf('mdat') - 4
  const cut = whole.subarray(0, whole.length - 500)
  const fixed = Buffer.from(cut)
  fixed.writeUInt32BE(cut.length - mdat, mdat)
  return fixed
}

const html = Buffer.from('<!doctype html><title>not a video</title><p>hello</p>')
const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)])

const VALID: Case[] = [
  { label: 'PNG 1200×628 card image', name: 'card.png', bytes: png(1200, 628), use: 'card_media' },
  { label: 'PNG 1.91:1 poll image', name: 'poll.png', bytes: png(1528, 800), use: 'poll_media' },
  { label: 'JPEG square', name: 'square.jpg', bytes: jpeg(1200, 1200), use: 'card_media' },
  {
    label: 'JPEG with large metadata',
    name: 'exif.jpeg',
    bytes: jpeg(1200, 628, { appSegments: 3 }),
    use: 'card_media',
  },
  {
    label: 'progressive JPEG',
    name: 'progressive.jpg',
    bytes: jpeg(800, 800, { sof: 0xc2 }),
    use: 'card_media',
  },
  { label: 'GIF for a post', name: 'loop.gif', bytes: gif(480, 270, 12), use: 'post_media' },
  { label: 'WebP VP8X', name: 'extended.webp', bytes: webp('VP8X', 1200, 628), use: 'card_media' },
  { label: 'WebP VP8L', name: 'lossless.webp', bytes: webp('VP8L', 800, 800), use: 'unlock_image' },
  { label: 'WebP VP8', name: 'lossy.webp', bytes: webp('VP8 ', 1200, 628), use: 'conversation_poster' },
  { label: 'MP4 16:9 conversation video', name: 'talk.mp4', bytes: video({}, 10), use: 'conversation_video' },
  {
    label: 'MOV portrait for a post',
    name: 'story.mov',
    bytes: buildMp4({ brand: 'qt  ', ...validVideoSpec({ width: 720, height: 1280 }, 15) }),
    use: 'post_media',
  },
  {
    label: 'MP4 square without sound',
    name: 'mute.mp4',
    bytes: buildMp4({ video: { width: 720, height: 720, fps: 30, frames: 150, keyframeEvery: 30 } }),
    use: 'card_media',
  },
  {
    label: 'MP4 with moov last, 60 fps',
    name: 'smooth.mp4',
    bytes: video({ fps: 60, keyframeEvery: 120 }, 3, { moovLast: true }),
    use: 'unlock_video',
  },
  {
    label: 'MP4 mono 44.1 kHz',
    name: 'mono.mp4',
    bytes: video({}, 4, { audio: { channels: 1, sampleRate: 44100 } }),
    use: 'post_media',
  },
  {
    label: 'MP4 of exactly 0.5 s',
    name: 'blink.mp4',
    bytes: video({ keyframeEvery: 15 }, 0.5),
    use: 'post_media',
  },
  {
    label: 'MP4 keyframes exactly 5 s apart',
    name: 'gop5.mp4',
    bytes: video({ keyframeEvery: 150 }, 20),
    use: 'card_media',
  },
  {
    label: 'MP4 Main profile 640×360 at 29.97',
    name: 'main.mp4',
    bytes: video({ profile: 77, width: 640, height: 360, fps: 29.97, keyframeEvery: 30 }, 6),
    use: 'carousel_item',
  },
  {
    label: 'MP4 Baseline, every frame a keyframe',
    name: 'intra.mp4',
    bytes: video({ profile: 66, keyframeEvery: 1 }, 2),
    use: 'card_media',
  },
  {
    label: 'MP4 at 1280×1024',
    name: 'tall-limit.mp4',
    bytes: video({ width: 1280, height: 1024 }, 2),
    use: 'post_media',
  },
  { label: 'MP4 at 32×32', name: 'tiny.mp4', bytes: video({ width: 32, height: 32 }, 2), use: 'post_media' },
  {
    label: 'MP4 with a size per sample',
    name: 'sized.mp4',
    bytes: video({}, 3, { sizeTable: true }),
    use: 'post_media',
  },
]

const BAD: Case[] = [
  // Wrong codecs.
  {
    label: 'HEVC video',
    name: 'hevc.mp4',
    bytes: video({ codec: 'hvc1' }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'VP9 video',
    name: 'vp9.mp4',
    bytes: video({ codec: 'vp09' }),
    use: 'card_media',
    caught: 'media_content',
  },
  {
    label: 'H.264 4:2:2',
    name: 'high422.mp4',
    bytes: video({ profile: 122 }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'AC-3 sound',
    name: 'ac3.mp4',
    bytes: video({}, 2, { audio: { codec: 'ac-3' } }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'HE-AAC sound',
    name: 'heaac.mp4',
    bytes: video({}, 2, { audio: { objectType: 5 } }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: '5.1 sound',
    name: 'surround.mp4',
    bytes: video({}, 2, { audio: { channels: 6 } }),
    use: 'post_media',
    caught: 'media_content',
  },
  // Durations and frame rates.
  {
    label: '21 minutes',
    name: 'long.mp4',
    bytes: video({ fps: 5, keyframeEvery: 10 }, 21 * 60),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: '130 minutes',
    name: 'film.mp4',
    bytes: video({ fps: 2, keyframeEvery: 4 }, 130 * 60),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: '0.2 s',
    name: 'flash.mp4',
    bytes: video({ keyframeEvery: 6 }, 0.2),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: '120 fps',
    name: 'fast.mp4',
    bytes: video({ fps: 120, keyframeEvery: 120 }, 2),
    use: 'post_media',
    caught: 'media_content',
  },
  // Ratios and pixels.
  {
    label: '4:3 conversation video',
    name: 'four-three.mp4',
    bytes: video({ width: 1280, height: 960 }),
    use: 'conversation_video',
    caught: 'aspect_ratio',
  },
  {
    label: 'square poll image',
    name: 'square-poll.png',
    bytes: png(1000, 1000),
    use: 'poll_media',
    caught: 'aspect_ratio',
  },
  {
    label: 'narrow poll image',
    name: 'narrow-poll.png',
    bytes: png(600, 314),
    use: 'poll_media',
    caught: 'too_small',
  },
  {
    label: '4:1 video',
    name: 'banner.mp4',
    bytes: video({ width: 1280, height: 320 }),
    use: 'post_media',
    caught: 'aspect_ratio',
  },
  {
    label: 'non-square pixels',
    name: 'anamorphic.mp4',
    bytes: video({ pixelAspect: [4, 3] }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'video 16×16',
    name: 'speck.mp4',
    bytes: video({ width: 16, height: 16 }),
    use: 'post_media',
    caught: 'media_content',
  },
  // Keyframes.
  {
    label: 'one keyframe in 20 s',
    name: 'one-key.mp4',
    bytes: video({ keyframeEvery: 600 }, 20),
    use: 'post_media',
    caught: 'keyframe_interval',
  },
  {
    label: 'keyframes 10 s apart',
    name: 'gop10.mp4',
    bytes: video({ keyframeEvery: 300 }, 30),
    use: 'card_media',
    caught: 'keyframe_interval',
  },
  // Huge dimensions.
  {
    label: '4K video',
    name: 'uhd.mp4',
    bytes: video({ width: 3840, height: 2160 }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: '1080p video (Premium only)',
    name: 'fullhd.mp4',
    bytes: video({ width: 1920, height: 1080 }),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'PNG claiming 30000×30000',
    name: 'bomb.png',
    bytes: pngHeaderOnly(30000, 30000),
    use: 'card_media',
    caught: 'media_content',
  },
  {
    label: 'GIF 2000×2000',
    name: 'big.gif',
    bytes: gif(2000, 2000),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'GIF of 400 frames',
    name: 'many.gif',
    bytes: gif(320, 240, 400),
    use: 'post_media',
    caught: 'media_content',
  },
  {
    label: 'image over 5 MB',
    name: 'heavy.jpg',
    bytes: jpeg(1000, 1000, { appSegments: 90 }),
    use: 'card_media',
    caught: 'refused',
  },
  // Truncated.
  {
    label: 'PNG cut short',
    name: 'cut.png',
    bytes: png(400, 400).subarray(0, 120),
    use: 'card_media',
    caught: 'refused',
  },
  {
    label: 'JPEG cut inside its scan',
    name: 'cut.jpg',
    bytes: jpeg(800, 800).subarray(0, -10),
    use: 'card_media',
    caught: 'refused',
  },
  {
    label: 'GIF cut short',
    name: 'cut.gif',
    bytes: gif(320, 240, 5).subarray(0, 60),
    use: 'post_media',
    caught: 'refused',
  },
  {
    label: 'WebP cut short',
    name: 'cut.webp',
    bytes: webp('VP8X', 800, 800).subarray(0, 28),
    use: 'card_media',
    caught: 'refused',
  },
  {
    label: 'MP4 cut inside mdat',
    name: 'cut.mp4',
    bytes: video({}, 4).subarray(0, -300),
    use: 'post_media',
    caught: 'refused',
  },
  {
    label: 'MP4 cut inside moov',
    name: 'cut-moov.mp4',
    bytes: video({}, 4, { moovLast: true }).subarray(0, -100),
    use: 'post_media',
    caught: 'refused',
  },
  {
    label: 'MP4 whose samples lie past its end',
    name: 'short-data.mp4',
    bytes: dataCutShort(),
    use: 'post_media',
    caught: 'refused',
  },
  {
    label: 'MP4 with no moov',
    name: 'headless.mp4',
    bytes: video({}).subarray(0, 32),
    use: 'post_media',
    caught: 'refused',
  },
  // Zero length.
  { label: 'empty PNG', name: 'empty.png', bytes: Buffer.alloc(0), use: 'card_media', caught: 'refused' },
  { label: 'empty MP4', name: 'empty.mp4', bytes: Buffer.alloc(0), use: 'post_media', caught: 'refused' },
  // Names that lie.
  { label: 'HTML named .mp4', name: 'page.mp4', bytes: html, use: 'post_media', caught: 'refused' },
  { label: 'ZIP named .gif', name: 'archive.gif', bytes: zip, use: 'post_media', caught: 'refused' },
  {
    label: 'PNG named .jpg',
    name: 'really-png.jpg',
    bytes: png(1200, 628),
    use: 'card_media',
    caught: 'extension_mismatch',
  },
  {
    label: 'JPEG named .gif',
    name: 'really-jpeg.gif',
    bytes: jpeg(480, 270),
    use: 'post_media',
    caught: 'extension_mismatch',
  },
  {
    label: 'MP4 named .png in an image slot',
    name: 'really-video.png',
    bytes: video({}),
    use: 'unlock_image',
    caught: 'media_type',
  },
  {
    label: 'PNG named .mp4 as a conversation video',
    name: 'really-image.mp4',
    bytes: png(1280, 720),
    use: 'conversation_video',
    caught: 'media_type',
  },
]

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ads-studio-corpus-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** 'refused', or the codes of every issue the medium raises in its use. */
async function verdict(item: Case): Promise<'refused' | IssueCode[]> {
  const path = join(dir, item.name)
  await writeFile(path, item.bytes)
  try {
    const { ref } = await inspectMediaFile(path)
    return mediaChecks(item.use, ref).map((issue) => issue.code)
  } catch (error) {
    expect((error as Error).name).toBe('MediaFileError')
    return 'refused'
  }
}

describe('the media corpus', () => {
  it('has at least 40 files, each with a unique name', () => {
    const all = [...VALID, ...BAD]
    expect(all.length).toBeGreaterThanOrEqual(40)
    expect(new Set(all.map((item) => item.name)).size).toBe(all.length)
  })

  it('raises nothing about any valid file', async () => {
    const alarms: string[] = []
    for (const item of VALID) {
      const found = await verdict(item)
      if (found === 'refused' || found.length > 0) alarms.push(`${item.label}: ${String(found)}`)
    }
    console.info(`media corpus: ${VALID.length - alarms.length} of ${VALID.length} valid files passed`)
    expect(alarms).toEqual([])
  }, 120_000)

  it('catches every bad file, the way each is expected to be caught', async () => {
    const missed: string[] = []
    for (const item of BAD) {
      const found = await verdict(item)
      const caught =
        found === 'refused' ? item.caught === 'refused' : found.includes(item.caught as IssueCode)
      if (!caught) missed.push(`${item.label}: expected ${item.caught}, got ${String(found)}`)
    }
    console.info(`media corpus: ${BAD.length - missed.length} of ${BAD.length} bad files caught`)
    expect(missed).toEqual([])
  }, 120_000)
})
