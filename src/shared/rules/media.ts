// Rules about media facts (type, pixels, ratio, bytes), shared by the payload validators
// (which look media up in the context by key) and by the per-use checks of the media picker.

import type { MediaInfo } from './context'
import type { AspectRatioLimit, EnumLimit, MediaType } from './limits'
import { LIMITS } from './limits'
import type { Issue, IssuePath } from './issues'
import { error, formatNumber, warning } from './issues'

const MEDIA_TYPE_WORDS: Record<MediaType, string> = { IMAGE: 'an image', GIF: 'a GIF', VIDEO: 'a video' }

export function mediaTypeWord(type: MediaType): string {
  return MEDIA_TYPE_WORDS[type]
}

/** Width divided by height, from pixels when known, else from a 'w:h' ratio string. */
export function aspectRatioOf(info: MediaInfo): number | undefined {
  if (info.width !== undefined && info.height !== undefined && info.width > 0 && info.height > 0) {
    return info.width / info.height
  }
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(info.aspectRatio ?? '')
  if (!match) return undefined
  const width = Number(match[1])
  const height = Number(match[2])
  return width > 0 && height > 0 ? width / height : undefined
}

export function ratiosMatch(a: number, b: number): boolean {
  return Math.abs(a / b - 1) <= LIMITS.localMedia.aspectRatioTolerance.value
}

export function matchesAspectRatio(info: MediaInfo, nominal: AspectRatioLimit): boolean | undefined {
  const ratio = aspectRatioOf(info)
  return ratio === undefined ? undefined : ratiosMatch(ratio, nominal.width / nominal.height)
}

function ratioText(nominal: AspectRatioLimit): string {
  return `${nominal.width}:${nominal.height}`
}

export function describeRatio(ratio: number): string {
  return `${(Math.round(ratio * 100) / 100).toString()}:1`
}

/** A wrong media type; silent when the type is not known. */
export function checkMediaType(
  path: IssuePath,
  info: MediaInfo,
  allowed: EnumLimit<MediaType>,
  use: string,
): Issue[] {
  if (info.mediaType === undefined || allowed.values.includes(info.mediaType)) return []
  const wanted = allowed.values.map(mediaTypeWord).join(' or ')
  return [error(path, 'media_type', `${use} must be ${wanted}, not ${mediaTypeWord(info.mediaType)}`)]
}

/** Poll media: an image or a video; an image at least 800 px wide at 1.91:1. */
export function checkPollMedia(path: IssuePath, info: MediaInfo): Issue[] {
  const rules = LIMITS.pollCard
  const issues = checkMediaType(path, info, rules.mediaTypes, 'Poll media')
  if (info.mediaType !== 'IMAGE') return issues
  const minWidth = rules.mediaImageMinWidth.value
  if (info.width !== undefined && info.width < minWidth) {
    issues.push(
      error(
        path,
        'too_small',
        `Poll image is ${formatNumber(info.width)} px wide; it must be at least ${formatNumber(minWidth)} px`,
        minWidth,
      ),
    )
  }
  const ratio = aspectRatioOf(info)
  if (ratio !== undefined && matchesAspectRatio(info, rules.mediaImageAspectRatio) === false) {
    issues.push(
      error(
        path,
        'aspect_ratio',
        `Poll image must be ${ratioText(rules.mediaImageAspectRatio)}; this one is ${describeRatio(ratio)}`,
      ),
    )
  }
  return issues
}

/** Video conversation card video: a 16:9 video. */
export function checkConversationVideo(path: IssuePath, info: MediaInfo): Issue[] {
  const nominal = LIMITS.videoConversationCard.videoAspectRatio
  const issues = checkMediaType(path, info, { values: ['VIDEO'], source: nominal.source }, 'The card video')
  const ratio = aspectRatioOf(info)
  if (ratio !== undefined && matchesAspectRatio(info, nominal) === false) {
    issues.push(
      error(
        path,
        'aspect_ratio',
        `The card video must be ${ratioText(nominal)}; this one is ${describeRatio(ratio)}`,
      ),
    )
  }
  return issues
}

/** The platform's upload limit for a medium of this type (LIMITS.localMedia). */
export function maxLocalMediaBytes(type: MediaType): number {
  const limits = LIMITS.localMedia
  if (type === 'GIF') return limits.gifMaxBytes.value
  if (type === 'VIDEO') return limits.videoMaxBytes.value
  return limits.imageMaxBytes.value
}

function megabytes(bytes: number): string {
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`
}

/** Upload size limits of the platform (not in the spec, see LIMITS.localMedia). */
export function checkFileSize(path: IssuePath, info: MediaInfo): Issue[] {
  if (info.mediaType === undefined || info.bytes === undefined) return []
  const max = maxLocalMediaBytes(info.mediaType)
  if (info.bytes <= max) return []
  const word = mediaTypeWord(info.mediaType)
  return [
    error(
      path,
      'file_too_large',
      `This file is ${megabytes(info.bytes)}; ${word} can be at most ${megabytes(max)}`,
      max,
    ),
  ]
}

/**
 * Media inside one carousel should share an aspect ratio (the platform's carousel guidance,
 * not a spec rule, hence a warning). Each medium that differs from the first is reported.
 */
export function checkMatchingAspectRatios(items: readonly { path: IssuePath; info: MediaInfo }[]): Issue[] {
  const known = items.flatMap((item) => {
    const ratio = aspectRatioOf(item.info)
    return ratio === undefined ? [] : [{ path: item.path, ratio }]
  })
  const first = known[0]
  if (!first) return []
  return known
    .filter((item) => !ratiosMatch(item.ratio, first.ratio))
    .map((item) =>
      warning(
        item.path,
        'aspect_ratio',
        `Carousel media should share one aspect ratio: this is ${describeRatio(item.ratio)}, the first is ${describeRatio(first.ratio)}`,
      ),
    )
}
