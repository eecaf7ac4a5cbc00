// MP4 and QuickTime files are trees of boxes (ISO/IEC 14496-12). Their index, the moov box, holds
// every fact the rules need: tracks, codecs, durations, sample times and keyframes. The top-level
// boxes are walked by seeking, so a huge mdat is never read; ftyp and moov are handed to mp4box.js,
// which parses the index, and the samples it lists must lie inside the file.

import { createFile, Log, MP4BoxBuffer } from 'mp4box'
import type { ISOFile, Movie, Sample, Track } from 'mp4box'
import type { MediaProbe } from '../../../shared/rules/mediaContent'
import type { Dimensions } from '../formats'
import { FORMAT_NAMES, MediaFileError } from '../formats'
import type { FileBytes } from './fileReader'
import { ascii } from './fileReader'

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

/** ftyp and moov, parsed by mp4box.js from one buffer of just those boxes. */
function parseIndex(file: FileBytes, boxes: TopBox[], format: MovieFormat): { iso: ISOFile; movie: Movie } {
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
  let movie: Movie | undefined
  let failure: string | undefined
  iso.onReady = (info) => {
    movie = info
  }
  iso.onError = (_module, message) => {
    failure = message
  }
  try {
    iso.appendBuffer(MP4BoxBuffer.fromArrayBuffer(buffer, 0))
    iso.flush()
  } catch {
    throw damaged(format, 'its movie index could not be read')
  }
  if (!movie || failure !== undefined) throw damaged(format, 'its movie index could not be read')
  return { iso, movie }
}

function samplesOf(iso: ISOFile, track: Track): Sample[] {
  return (iso.getTrackById(track.id) as { samples?: Sample[] }).samples ?? []
}

/** The longest stretch without a keyframe: between two of them, or from the last to the end. */
function longestKeyframeGap(samples: readonly Sample[], timescale: number): number | undefined {
  if (samples.length === 0 || timescale <= 0) return undefined
  const last = samples[samples.length - 1]!
  const end = last.dts + last.duration
  let previous: number | undefined
  let longest = 0
  for (const sample of samples) {
    if (!sample.is_sync) continue
    longest = Math.max(longest, sample.dts - (previous ?? 0))
    previous = sample.dts
  }
  longest = Math.max(longest, end - (previous ?? 0))
  return longest / timescale
}

/** Where the last sample of any track ends: a file shorter than that was cut. */
function dataEnd(tracks: readonly Sample[][]): number {
  let end = 0
  for (const samples of tracks) for (const sample of samples) end = Math.max(end, sample.offset + sample.size)
  return end
}

function pixelAspectOf(iso: ISOFile, track: Track): number | undefined {
  const entry = (
    iso.getTrackById(track.id) as {
      mdia?: {
        minf?: { stbl?: { stsd?: { entries?: { pasp?: { hSpacing: number; vSpacing: number } }[] } } }
      }
    }
  ).mdia?.minf?.stbl?.stsd?.entries?.[0]
  const pasp = entry?.pasp
  return pasp && pasp.hSpacing > 0 && pasp.vSpacing > 0 ? pasp.hSpacing / pasp.vSpacing : undefined
}

function rounded(value: number): number {
  return Math.round(value * 1000) / 1000
}

export function probeMovie(file: FileBytes, format: MovieFormat): MovieFacts {
  const boxes = topLevelBoxes(file, format)
  const { iso, movie } = parseIndex(file, boxes, format)
  const video = movie.videoTracks[0]
  if (!video) throw damaged(format, 'it has no video track')
  const width = Math.round(video.track_width) || video.video?.width || 0
  const height = Math.round(video.track_height) || video.video?.height || 0
  if (width <= 0 || height <= 0) throw damaged(format, 'its video track has no picture size')
  const audio = movie.audioTracks[0]
  const videoSamples = samplesOf(iso, video)
  if (!movie.isFragmented && dataEnd([videoSamples, ...(audio ? [samplesOf(iso, audio)] : [])]) > file.size)
    throw damaged(format, 'its video data ends before the file says it does')
  const trackSeconds = video.timescale > 0 ? video.samples_duration / video.timescale : 0
  const movieSeconds = movie.timescale > 0 ? movie.duration / movie.timescale : 0
  const durationSeconds = rounded(movieSeconds || trackSeconds)
  const keyframeGap = movie.isFragmented ? undefined : longestKeyframeGap(videoSamples, video.timescale)
  const pixelAspectRatio = pixelAspectOf(iso, video)
  const probe: MovieFacts['probe'] = {
    durationSeconds,
    videoCodec: video.codec,
    ...(trackSeconds > 0 ? { frameRate: rounded(video.nb_samples / trackSeconds) } : {}),
    ...(keyframeGap === undefined ? {} : { keyframeIntervalSeconds: rounded(keyframeGap) }),
    ...(pixelAspectRatio === undefined ? {} : { pixelAspectRatio: rounded(pixelAspectRatio) }),
    ...(audio ? { audioCodec: audio.codec } : {}),
    ...(audio?.audio ? { audioChannels: audio.audio.channel_count } : {}),
  }
  return { width, height, durationSeconds, probe }
}
