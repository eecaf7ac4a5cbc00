// A tiny ISO BMFF (MP4/QuickTime) writer for tests: real box trees (ftyp, moov with full sample
// tables, mdat) with the codec configuration boxes a parser reads, so the app's inspection can be
// tested on files with known codecs, frame rates, keyframes and audio without an encoder.

export type VideoCodec = 'avc1' | 'hvc1' | 'vp09'
export type AudioCodec = 'mp4a' | 'ac-3'

export interface VideoTrackSpec {
  codec?: VideoCodec
  /** H.264 profile_idc: 100 High (4:2:0), 122 High 4:2:2, 66 Baseline. */
  profile?: number
  width: number
  height: number
  fps: number
  frames: number
  /** A sync sample every this many frames; 1 writes no stss (every sample is a keyframe). */
  keyframeEvery?: number
  /** Pixel aspect ratio (pasp box), h:v. */
  pixelAspect?: [number, number]
}

export interface AudioTrackSpec {
  codec?: AudioCodec
  /** MPEG-4 audio object type: 2 AAC LC, 5 HE-AAC. */
  objectType?: number
  channels?: number
  sampleRate?: number
}

export interface Mp4Spec {
  brand?: 'isom' | 'qt  '
  video?: VideoTrackSpec
  audio?: AudioTrackSpec
  moovLast?: boolean
  /** Bytes per video sample (the mdat holds frames × this). */
  sampleBytes?: number
  /** Byte written in every sample, so two files differ. */
  fill?: number
  /** Write a size per sample in stsz, as encoders do, instead of one constant size. */
  sizeTable?: boolean
}

const IDENTITY_MATRIX = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000]
const AUDIO_SAMPLE_BYTES = 16
const AUDIO_FRAME_SAMPLES = 1024

function u8(...values: number[]): Buffer {
  return Buffer.from(values)
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2)
  buffer.writeUInt16BE(value & 0xffff)
  return buffer
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value >>> 0)
  return buffer
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body])
}

function fullBox(type: string, version: number, flags: number, ...content: Buffer[]): Buffer {
  return box(type, u32(((version & 0xff) << 24) | (flags & 0xffffff)), ...content)
}

function matrix(): Buffer {
  return Buffer.concat(IDENTITY_MATRIX.map(u32))
}

function mvhd(timescale: number, duration: number, nextTrack: number): Buffer {
  return fullBox(
    'mvhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    u32(0x00010000),
    u16(0x0100),
    Buffer.alloc(10),
    matrix(),
    Buffer.alloc(24),
    u32(nextTrack),
  )
}

function tkhd(id: number, duration: number, width: number, height: number, audio: boolean): Buffer {
  return fullBox(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(id),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(audio ? 0x0100 : 0),
    u16(0),
    matrix(),
    u32(width * 65536),
    u32(height * 65536),
  )
}

function mdhd(timescale: number, duration: number): Buffer {
  return fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0))
}

function hdlr(handler: 'vide' | 'soun'): Buffer {
  return fullBox('hdlr', 0, 0, u32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(12), u8(0))
}

function dinf(): Buffer {
  return box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)))
}

function avcC(profile: number, width: number): Buffer {
  const sps = u8(0x67, profile, 0, 0x28, 0xac, width & 0xff)
  const pps = u8(0x68, 0xee, 0x3c, 0x80)
  const parts = [u8(1, profile, 0, 0x28, 0xff, 0xe1), u16(sps.length), sps, u8(1), u16(pps.length), pps]
  // High profiles carry chroma format and bit depths after the parameter sets.
  const chroma = profile === 122 ? 2 : profile === 244 ? 3 : 1
  if (profile >= 100) parts.push(u8(0xfc | chroma, 0xf8, 0xf8, 0))
  return box('avcC', ...parts)
}

function hvcC(): Buffer {
  return box(
    'hvcC',
    u8(1, 0x01),
    u32(0x60000000),
    Buffer.alloc(6),
    u8(93),
    u16(0xf000),
    u8(0xfc, 0xfd, 0xf8, 0xf8),
    u16(0),
    u8(0x0f, 0),
  )
}

function vpcC(): Buffer {
  return fullBox('vpcC', 1, 0, u8(0, 31, 0x82, 1, 1, 1), u16(0))
}

function visualEntry(spec: VideoTrackSpec): Buffer {
  const codec = spec.codec ?? 'avc1'
  const config = codec === 'avc1' ? avcC(spec.profile ?? 100, spec.width) : codec === 'hvc1' ? hvcC() : vpcC()
  const compressor = Buffer.alloc(32)
  return box(
    codec,
    Buffer.alloc(6),
    u16(1),
    u16(0),
    u16(0),
    Buffer.alloc(12),
    u16(spec.width),
    u16(spec.height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1),
    compressor,
    u16(0x0018),
    u16(0xffff),
    config,
    ...(spec.pixelAspect ? [box('pasp', u32(spec.pixelAspect[0]), u32(spec.pixelAspect[1]))] : []),
  )
}

function descriptor(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([u8(tag, body.length), body])
}

function frequencyIndex(rate: number): number {
  const rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000]
  const index = rates.indexOf(rate)
  return index < 0 ? 4 : index
}

function audioEntry(spec: AudioTrackSpec): Buffer {
  const codec = spec.codec ?? 'mp4a'
  const channels = spec.channels ?? 2
  const rate = spec.sampleRate ?? 48000
  const header = [
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(8),
    u16(channels),
    u16(16),
    u16(0),
    u16(0),
    u32(rate * 65536),
  ]
  if (codec === 'ac-3') return box('ac-3', ...header, box('dac3', u8(0x10, 0x3d, 0xe0)))
  const objectType = spec.objectType ?? 2
  const index = frequencyIndex(rate)
  const specific = u8((objectType << 3) | (index >> 1), ((index & 1) << 7) | (channels << 3))
  const decoderConfig = descriptor(
    4,
    u8(0x40, 0x15, 0, 0, 0),
    u32(128000),
    u32(128000),
    descriptor(5, specific),
  )
  const esds = fullBox('esds', 0, 0, descriptor(3, u16(1), u8(0), decoderConfig, descriptor(6, u8(2))))
  return box('mp4a', ...header, esds)
}

interface TrackLayout {
  id: number
  handler: 'vide' | 'soun'
  entry: Buffer
  timescale: number
  sampleDelta: number
  samples: number
  sampleBytes: number
  syncEvery: number
  width: number
  height: number
  sizeTable: boolean
}

function sampleTable(track: TrackLayout, chunkOffset: number): Buffer {
  const syncs: Buffer[] = []
  if (track.syncEvery > 1) {
    for (let sample = 1; sample <= track.samples; sample += track.syncEvery) syncs.push(u32(sample))
  }
  return box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), track.entry),
    fullBox('stts', 0, 0, u32(1), u32(track.samples), u32(track.sampleDelta)),
    ...(syncs.length > 0 ? [fullBox('stss', 0, 0, u32(syncs.length), ...syncs)] : []),
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(track.samples), u32(1)),
    track.sizeTable
      ? fullBox(
          'stsz',
          0,
          0,
          u32(0),
          u32(track.samples),
          Buffer.alloc(track.samples * 4, 0).fill(u32(track.sampleBytes)),
        )
      : fullBox('stsz', 0, 0, u32(track.sampleBytes), u32(track.samples)),
    fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
  )
}

function trak(track: TrackLayout, chunkOffset: number, movieTimescale: number): Buffer {
  const mediaDuration = track.samples * track.sampleDelta
  const movieDuration = Math.round((mediaDuration / track.timescale) * movieTimescale)
  const header =
    track.handler === 'vide' ? fullBox('vmhd', 0, 1, Buffer.alloc(8)) : fullBox('smhd', 0, 0, Buffer.alloc(4))
  return box(
    'trak',
    tkhd(track.id, movieDuration, track.width, track.height, track.handler === 'soun'),
    box(
      'mdia',
      mdhd(track.timescale, mediaDuration),
      hdlr(track.handler),
      box('minf', header, dinf(), sampleTable(track, chunkOffset)),
    ),
  )
}

function layouts(spec: Mp4Spec): TrackLayout[] {
  const tracks: TrackLayout[] = []
  const video = spec.video
  if (video) {
    const timescale = 90000
    tracks.push({
      id: 1,
      handler: 'vide',
      entry: visualEntry(video),
      timescale,
      sampleDelta: Math.round(timescale / video.fps),
      samples: video.frames,
      sampleBytes: spec.sampleBytes ?? 64,
      syncEvery: video.keyframeEvery ?? 1,
      width: video.width,
      height: video.height,
      sizeTable: spec.sizeTable ?? false,
    })
  }
  if (spec.audio) {
    const rate = spec.audio.sampleRate ?? 48000
    const seconds = video ? video.frames / video.fps : 1
    tracks.push({
      id: tracks.length + 1,
      handler: 'soun',
      entry: audioEntry(spec.audio),
      timescale: rate,
      sampleDelta: AUDIO_FRAME_SAMPLES,
      samples: Math.max(1, Math.floor((seconds * rate) / AUDIO_FRAME_SAMPLES)),
      sampleBytes: AUDIO_SAMPLE_BYTES,
      syncEvery: 1,
      width: 0,
      height: 0,
      sizeTable: spec.sizeTable ?? false,
    })
  }
  return tracks
}

/** The file around its media data: everything before the mdat payload, its length, and what follows. */
export interface Mp4Parts {
  head: Buffer
  payloadBytes: number
  tail: Buffer
}

export function mp4Parts(spec: Mp4Spec): Mp4Parts {
  const tracks = layouts(spec)
  const movieTimescale = 1000
  const ftyp = box(
    'ftyp',
    Buffer.from(spec.brand ?? 'isom', 'latin1'),
    u32(0x200),
    Buffer.from('isomavc1mp41'),
  )
  const payloadBytes = tracks.reduce((sum, track) => sum + track.samples * track.sampleBytes, 0)
  const movieDuration = Math.max(
    0,
    ...tracks.map((track) =>
      Math.round(((track.samples * track.sampleDelta) / track.timescale) * movieTimescale),
    ),
  )
  const moovAt = (payloadStart: number) => {
    let offset = payloadStart
    const traks = tracks.map((track) => {
      const built = trak(track, offset, movieTimescale)
      offset += track.samples * track.sampleBytes
      return built
    })
    return box('moov', mvhd(movieTimescale, movieDuration, tracks.length + 1), ...traks)
  }
  // Large payloads take a 64-bit mdat header.
  const mdatHeader =
    payloadBytes + 8 > 0xffffffff
      ? Buffer.concat([u32(1), Buffer.from('mdat'), Buffer.from(bigU64(payloadBytes + 16))])
      : Buffer.concat([u32(payloadBytes + 8), Buffer.from('mdat')])
  if (spec.moovLast) {
    const payloadStart = ftyp.length + mdatHeader.length
    return { head: Buffer.concat([ftyp, mdatHeader]), payloadBytes, tail: moovAt(payloadStart) }
  }
  const moovLength = moovAt(0).length
  const payloadStart = ftyp.length + moovLength + mdatHeader.length
  return {
    head: Buffer.concat([ftyp, moovAt(payloadStart), mdatHeader]),
    payloadBytes,
    tail: Buffer.alloc(0),
  }
}

function bigU64(value: number): Uint8Array {
  const buffer = Buffer.alloc(8)
  buffer.writeBigUInt64BE(BigInt(value))
  return buffer
}

/** The whole file in memory, its media data filled with `spec.fill`. */
export function buildMp4(spec: Mp4Spec): Buffer {
  const parts = mp4Parts(spec)
  return Buffer.concat([parts.head, Buffer.alloc(parts.payloadBytes, spec.fill ?? 1), parts.tail])
}

/** A valid H.264/AAC 1280×720 video at 30 fps with a keyframe every second. */
export function validVideoSpec(overrides: Partial<VideoTrackSpec> = {}, seconds = 2): Mp4Spec {
  const fps = overrides.fps ?? 30
  return {
    video: {
      width: 1280,
      height: 720,
      fps,
      frames: Math.round(seconds * fps),
      keyframeEvery: fps,
      ...overrides,
    },
    audio: {},
  }
}
