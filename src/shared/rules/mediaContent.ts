// Rules about what a local medium holds (codecs, duration, frame rate, keyframes, audio, pixels),
// from the platform's upload guide (LIMITS.mediaContent). Main reads these facts from the file
// (src/main/media/inspect); the media field shows the issues, and the publish gate applies them.

import type { MediaInfo } from './context'
import type { Issue, IssuePath } from './issues'
import { error, formatNumber, warning } from './issues'
import { LIMITS } from './limits'
import { checkFileSize, describeRatio } from './media'
import { CONTAINER_NAMES, type MediaProbe } from './mediaProbe'

export { CONTAINER_NAMES, MEDIA_CONTAINERS, type MediaContainer, type MediaProbe } from './mediaProbe'

const C = LIMITS.mediaContent

const CODEC_NAMES: Record<string, string> = {
  avc1: 'H.264',
  avc3: 'H.264',
  hvc1: 'HEVC (H.265)',
  hev1: 'HEVC (H.265)',
  vp08: 'VP8',
  vp09: 'VP9',
  av01: 'AV1',
  mp4v: 'MPEG-4 Part 2',
  'mp4a.40.2': 'AAC LC',
  'mp4a.40.5': 'HE-AAC',
  'mp4a.40.29': 'HE-AAC v2',
  'mp4a.6B': 'MP3',
  'mp4a.69': 'MP3',
  'ac-3': 'Dolby Digital (AC-3)',
  'ec-3': 'Dolby Digital Plus (E-AC-3)',
  Opus: 'Opus',
  fLaC: 'FLAC',
}

export function codecName(codec: string): string {
  return CODEC_NAMES[codec] ?? CODEC_NAMES[codec.split('.')[0] ?? ''] ?? codec
}

function seconds(value: number): string {
  if (value >= 120) return `${formatNumber(Math.round((value / 60) * 10) / 10)} minutes`
  return `${formatNumber(Math.round(value * 100) / 100)} s`
}

/** profile_idc of an H.264 codec string (avc1.PPCCLL), as the decimal text LIMITS lists. */
function avcProfile(codec: string): string | undefined {
  const match = /^avc[13]\.([0-9a-f]{2})/i.exec(codec)
  return match ? String(parseInt(match[1]!, 16)) : undefined
}

function checkVideoCodec(path: IssuePath, codec: string): Issue[] {
  const fourcc = codec.split('.')[0] ?? codec
  if (!C.videoCodecs.values.includes(fourcc)) {
    return [
      error(
        path,
        'media_content',
        `This video is ${codecName(codec)}; the platform takes H.264 video. Export it again as H.264 (High profile)`,
      ),
    ]
  }
  const profile = avcProfile(codec)
  if (profile !== undefined && !C.videoProfiles420.values.includes(profile)) {
    return [
      error(
        path,
        'media_content',
        'This H.264 video is not 4:2:0 (it uses a 4:2:2 or 4:4:4 profile); the platform takes 4:2:0 only. Export it again with the High profile',
      ),
    ]
  }
  return []
}

function checkDuration(path: IssuePath, duration: number): Issue[] {
  const min = C.videoMinSeconds.value
  const max = C.videoMaxSeconds.value
  const premiumMax = C.videoPremiumMaxSeconds.value
  if (duration < min)
    return [
      error(
        path,
        'media_content',
        `This video lasts ${seconds(duration)}; it must last at least ${seconds(min)}`,
        min,
      ),
    ]
  if (duration > premiumMax)
    return [
      error(
        path,
        'media_content',
        `This video lasts ${seconds(duration)}; the platform takes at most ${seconds(premiumMax)}. Shorten it`,
        premiumMax,
      ),
    ]
  if (duration > max)
    return [
      warning(
        path,
        'media_content',
        `This video lasts ${seconds(duration)}; only Premium (verified) accounts may post videos longer than ${seconds(max)}`,
        max,
      ),
    ]
  return []
}

function checkVideoPixels(path: IssuePath, info: MediaInfo, probe: MediaProbe): Issue[] {
  const issues: Issue[] = []
  const { width, height } = info
  if (width !== undefined && height !== undefined) {
    const size = `${formatNumber(width)}×${formatNumber(height)}`
    const long = Math.max(width, height)
    const short = Math.min(width, height)
    if (width < C.videoMinWidth.value || height < C.videoMinHeight.value) {
      issues.push(
        error(
          path,
          'media_content',
          `This video is ${size} px; it must be at least ${C.videoMinWidth.value}×${C.videoMinHeight.value}`,
        ),
      )
    } else if (long > C.videoMaxWidth.value || short > C.videoMaxHeight.value) {
      // Either orientation: the same guide recommends 720×1280 for portrait.
      const fullHd = long <= C.videoFullHdLongSide.value && short <= C.videoFullHdShortSide.value
      const limit = `${formatNumber(C.videoMaxWidth.value)}×${formatNumber(C.videoMaxHeight.value)}`
      issues.push(
        fullHd
          ? warning(
              path,
              'media_content',
              `This video is ${size} px: it plays in 1080p for Premium accounts only, and at 720p for others (the limit is ${limit})`,
            )
          : error(
              path,
              'media_content',
              `This video is ${size} px; the platform takes at most ${limit} (1080p for Premium accounts). Export it smaller`,
            ),
      )
    }
    const ratio = width / height
    const min = C.videoMinAspectRatio.width / C.videoMinAspectRatio.height
    const max = C.videoMaxAspectRatio.width / C.videoMaxAspectRatio.height
    if (ratio < min || ratio > max)
      issues.push(
        error(path, 'aspect_ratio', `This video is ${describeRatio(ratio)}; the platform takes 1:3 to 3:1`),
      )
  }
  const pixelAspect = probe.pixelAspectRatio
  if (pixelAspect !== undefined && Math.abs(pixelAspect - 1) > LIMITS.localMedia.aspectRatioTolerance.value)
    issues.push(
      error(
        path,
        'media_content',
        'This video has non-square pixels; the platform takes square pixels (1:1) only. Export it again',
      ),
    )
  return issues
}

function checkAudio(path: IssuePath, probe: MediaProbe): Issue[] {
  const problems: string[] = []
  if (probe.audioCodec !== undefined && !C.audioCodecs.values.includes(probe.audioCodec))
    problems.push(
      `is ${codecName(probe.audioCodec)}; the platform takes AAC LC only. Export the audio as AAC (Low Complexity)`,
    )
  if (probe.audioChannels !== undefined && probe.audioChannels > C.audioMaxChannels.value)
    problems.push(`has ${probe.audioChannels} channels; the platform takes mono or stereo only`)
  return problems.map((problem) => error(path, 'media_content', `This video's sound ${problem}`))
}

function checkVideo(path: IssuePath, info: MediaInfo, probe: MediaProbe): Issue[] {
  const issues: Issue[] = []
  if (probe.videoCodec !== undefined) issues.push(...checkVideoCodec(path, probe.videoCodec))
  if (probe.durationSeconds !== undefined) issues.push(...checkDuration(path, probe.durationSeconds))
  const maxRate = C.videoMaxFrameRate.value
  if (probe.frameRate !== undefined && probe.frameRate > maxRate + 0.01)
    issues.push(
      error(
        path,
        'media_content',
        `This video runs at ${formatNumber(Math.round(probe.frameRate * 100) / 100)} frames a second; the platform takes at most ${maxRate}`,
        maxRate,
      ),
    )
  issues.push(...checkVideoPixels(path, info, probe))
  issues.push(...checkAudio(path, probe))
  const maxGap = C.keyframeMaxSeconds.value
  if (probe.keyframeIntervalSeconds !== undefined && probe.keyframeIntervalSeconds > maxGap)
    issues.push(
      warning(
        path,
        'keyframe_interval',
        `Keyframes in this video are up to ${seconds(probe.keyframeIntervalSeconds)} apart; keep them at most ${maxGap} s apart so the platform processes it reliably`,
        maxGap,
      ),
    )
  return issues
}

function checkGif(path: IssuePath, info: MediaInfo, probe: MediaProbe): Issue[] {
  const issues: Issue[] = []
  const { width, height } = info
  if (
    width !== undefined &&
    height !== undefined &&
    (width > C.gifMaxWidth.value || height > C.gifMaxHeight.value)
  )
    issues.push(
      warning(
        path,
        'media_content',
        `This GIF is ${formatNumber(width)}×${formatNumber(height)} px; GIFs larger than ${C.gifMaxWidth.value}×${C.gifMaxHeight.value} may be refused when posted`,
      ),
    )
  const frames = probe.frameCount
  if (frames !== undefined && frames > C.gifMaxFrames.value)
    issues.push(
      warning(
        path,
        'media_content',
        `This GIF has ${formatNumber(frames)} frames; GIFs with more than ${C.gifMaxFrames.value} may be refused when posted`,
        C.gifMaxFrames.value,
      ),
    )
  else if (
    frames !== undefined &&
    width !== undefined &&
    height !== undefined &&
    width * height * frames > C.gifMaxPixels.value
  )
    issues.push(
      warning(
        path,
        'media_content',
        `This GIF has ${formatNumber(width * height * frames)} pixels over all its frames; above ${formatNumber(C.gifMaxPixels.value)} it may be refused when posted`,
      ),
    )
  return issues
}

/** The checks of a medium's content (LIMITS.mediaContent); silent without a probe. */
export function checkMediaContent(path: IssuePath, info: MediaInfo): Issue[] {
  const probe = info.probe
  if (!probe) return []
  const issues: Issue[] = []
  if (probe.namedAs !== undefined) {
    const actual = CONTAINER_NAMES[probe.container]
    issues.push(
      warning(
        path,
        'extension_mismatch',
        `This file is named .${probe.namedAs} but it is a ${actual} file; it is checked and uploaded as ${actual}`,
      ),
    )
  }
  if (info.mediaType === 'VIDEO') issues.push(...checkVideo(path, info, probe))
  else if (info.mediaType === 'GIF') issues.push(...checkGif(path, info, probe))
  else if (
    info.width !== undefined &&
    info.height !== undefined &&
    Math.max(info.width, info.height) > C.imageMaxSide.value
  )
    issues.push(
      warning(
        path,
        'media_content',
        `This image is ${formatNumber(info.width)}×${formatNumber(info.height)} px; images larger than ${formatNumber(C.imageMaxSide.value)} px on a side are downscaled. Export it smaller`,
      ),
    )
  return issues
}

/** Everything about a local file itself, wherever it is used: its size and its content. */
export function checkMediaFile(path: IssuePath, info: MediaInfo): Issue[] {
  return [...checkFileSize(path, info), ...checkMediaContent(path, info)]
}
