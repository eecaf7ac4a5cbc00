// MP4 and QuickTime files are trees of boxes (ISO/IEC 14496-12). Their index, the moov box, holds
// every fact the rules need: tracks, codecs, durations, sample times and keyframes. The top-level
// boxes are walked by seeking, so a huge mdat is never read; ftyp and moov are handed to mp4box.js,
// which parses the index (codec strings included), and the samples it places must lie inside the file.

import { createFile, Log, MP4BoxBuffer } from 'mp4box'
import type { MediaProbe } from '../../../shared/rules/mediaContent'
import type { Dimensions } from '../formats'
import { FORMAT_NAMES, MediaFileError } from '../formats'
import type { FileBytes } from './fileReader'
import { ascii } from './fileReader'
import type { SampleTables } from './sampleTables'
import { dataEnd, longestKeyframeGap, sampleCount, totalDuration } from './sampleTables'

export type MovieFormat = 'mp4' | 'mov'

export interface MovieFacts extends Dimensions {
  durationSeconds: number
  probe: Omit<MediaProbe, 'container' | 'namedAs'>
}

/** moov holds sample tables only; far larger means a damaged or hostile file. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024
const MAX_TOP_LEVEL_BOXES = 10_000

// mp4box.js reports parse trouble through its log; the probe reports it as its own errors.
Log.setLogLevel(() => undefined)

interface TopBox {
  type: string
  offset: number
  size: number
}

function damaged(format: MovieFormat, what: string): MediaFileError {
  return new MediaFileError(
    `This ${FORMAT_NAMES[format]} file is damaged or incomplete: ${what}. Export or download it again.`,
  )
}

/** The top-level boxes, by their headers alone; a box that runs past the end means a cut file. */
function topLevelBoxes(file: FileBytes, format: MovieFormat): TopBox[] {
  const boxes: TopBox[] = []
  let offset = 0
  while (offset < file.size) {
    if (boxes.length >= MAX_TOP_LEVEL_BOXES) throw damaged(format, 'it has too many top-level boxes')
    const header = file.read(offset, 16)
    if (header.length < 8) throw damaged(format, 'it ends inside a box header')
    const data = new DataView(header.buffer, header.byteOffset, header.byteLength)
    const declared = data.getUint32(0)
    let size = declared
    let headerLength = 8
    if (declared === 1) {
      if (header.length < 16) throw damaged(format, 'it ends inside a box header')
      size = Number(data.getBigUint64(8))
      headerLength = 16
    } else if (declared === 0) {
      size = file.size - offset
    }
    const type = ascii(header, 4, 4)
    if (size < headerLength) throw damaged(format, `its ${type} box has an impossible size`)
    if (offset + size > file.size) {
      const missing = offset + size - file.size
      throw damaged(format, `it ends ${formatBytes(missing)} before its ${type} box does`)
    }
    boxes.push({ type, offset, size })
    offset += size
  }
  return boxes
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

interface SampleEntry {
  getCodec(): string
  channel_count?: number
  pasp?: { hSpacing: number; vSpacing: number }
}

/** The parts of mp4box.js's parsed moov the probe reads. */
interface TrackBox {
  tkhd: { width: number; height: number }
  mdia: {
    mdhd: { timescale: number }
    hdlr: { handler: string }
    minf: { stbl: SampleTables & { stsd: { entries: SampleEntry[] } } }
  }
}

interface MovieBox {
  mvhd: { timescale: number; duration: number }
  traks: TrackBox[]
  mvex?: unknown
}

/**
 * ftyp and moov, parsed by mp4box.js from one buffer of just those boxes. Its per-sample lists
 * are not built (sampleTables.ts reads the tables run by run instead).
 */
function parseIndex(file: FileBytes, boxes: TopBox[], format: MovieFormat): MovieBox {
  const moov = boxes.find((box) => box.type === 'moov')
  if (!moov) throw damaged(format, 'it has no movie index (moov box)')
  if (moov.size > MAX_INDEX_BYTES) throw damaged(format, 'its movie index is implausibly large')
  const ftyp = boxes.find((box) => box.type === 'ftyp' && box.size <= 4096)
  const parts = [...(ftyp ? [ftyp] : []), moov]
  const buffer = new ArrayBuffer(parts.reduce((sum, part) => sum + part.size, 0))
  let at = 0
  for (const part of parts) {
    new Uint8Array(buffer, at, part.size).set(file.read(part.offset, part.size))
    at += part.size
  }
  const iso = createFile()
  iso.sampleListBuilt = true
  let failure = false
  iso.onError = () => {
    failure = true
  }
  try {
    iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(buffer, 0))
    iso.flush()
  } catch {
    failure = true
  }
  const parsed = iso.moov as unknown as MovieBox | undefined
  if (failure || !parsed?.mvhd || !Array.isArray(parsed.traks))
    throw damaged(format, 'its movie index could not be read')
  return parsed
}

function trackOf(movie: MovieBox, handler: string): TrackBox | undefined {
  return movie.traks.find((trak) => trak.mdia?.hdlr?.handler === handler && trak.mdia.minf?.stbl?.stsd)
}

function rounded(value: number): number {
  return Math.round(value * 1000) / 1000
}

export function probeMovie(file: FileBytes, format: MovieFormat): MovieFacts {
  const movie = parseIndex(file, topLevelBoxes(file, format), format)
  const video = trackOf(movie, 'vide')
  if (!video) throw damaged(format, 'it has no video track')
  const videoTables = video.mdia.minf.stbl
  const entry = videoTables.stsd.entries[0]
  if (!entry) throw damaged(format, 'its video track describes no samples')
  const width = Math.round(video.tkhd.width / 65536)
  const height = Math.round(video.tkhd.height / 65536)
  if (width <= 0 || height <= 0) throw damaged(format, 'its video track has no picture size')
  const audio = trackOf(movie, 'soun')
  const audioEntry = audio?.mdia.minf.stbl.stsd.entries[0]
  const fragmented = movie.mvex !== undefined
  if (!fragmented && Math.max(dataEnd(videoTables), audio ? dataEnd(audio.mdia.minf.stbl) : 0) > file.size)
    throw damaged(format, 'its video data ends before the file says it does')
  const timescale = video.mdia.mdhd.timescale
  const trackSeconds = timescale > 0 ? totalDuration(videoTables) / timescale : 0
  const movieSeconds = movie.mvhd.timescale > 0 ? movie.mvhd.duration / movie.mvhd.timescale : 0
  const durationSeconds = rounded(movieSeconds || trackSeconds)
  const gap = fragmented || timescale <= 0 ? undefined : longestKeyframeGap(videoTables)
  const pasp = entry.pasp
  const pixelAspectRatio =
    pasp && pasp.hSpacing > 0 && pasp.vSpacing > 0 ? pasp.hSpacing / pasp.vSpacing : undefined
  const probe: MovieFacts['probe'] = {
    durationSeconds,
    videoCodec: entry.getCodec(),
    ...(trackSeconds > 0 ? { frameRate: rounded(sampleCount(videoTables) / trackSeconds) } : {}),
    ...(gap === undefined ? {} : { keyframeIntervalSeconds: rounded(gap / timescale) }),
    ...(pixelAspectRatio === undefined ? {} : { pixelAspectRatio: rounded(pixelAspectRatio) }),
    ...(audioEntry ? { audioCodec: audioEntry.getCodec() } : {}),
    ...(audioEntry?.channel_count ? { audioChannels: audioEntry.channel_count } : {}),
  }
  return { width, height, durationSeconds, probe }
}
