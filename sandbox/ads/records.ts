import { ORIGIN_MARK, aspectRatio, mediaKeyPrefix } from '../media'
import type { MediaType } from '../media'
import type { AdsRecord, SandboxState } from '../state'
import { isoSeconds, longId, shortId } from '../state'

export function mediaUrl(mediaKey: string, suffix = ''): string {
  return `${ORIGIN_MARK}/media/${mediaKey}${suffix}.png`
}

export function newMediaKey(
  state: SandboxState,
  mediaType: MediaType,
  libraryCategory: string | null,
): {
  mediaId: string
  mediaKey: string
} {
  const mediaId = longId(state)
  return { mediaId, mediaKey: `${mediaKeyPrefix(mediaType, libraryCategory)}_${mediaId}` }
}

export interface LibraryItemInput {
  account: string
  mediaKey: string
  mediaType: MediaType
  mediaCategory: string
  width: number
  height: number
  durationMs?: number
  name?: string | null
  fileName?: string | null
  description?: string | null
  title?: string | null
  poster?: { mediaKey: string; url: string } | null
  now: number
}

export function makeLibraryItem(input: LibraryItemInput): AdsRecord {
  const isVideo = input.mediaType === 'VIDEO'
  const stamp = isoSeconds(input.now)
  return {
    media_key: input.mediaKey,
    name: input.name ?? null,
    file_name: input.fileName ?? null,
    description: input.description ?? null,
    title: input.title ?? null,
    media_url: mediaUrl(input.mediaKey),
    media_type: input.mediaType,
    media_category: input.mediaCategory,
    media_status: 'TRANSCODE_COMPLETED',
    posted: false,
    duration: isVideo ? (input.durationMs ?? 0) : null,
    aspect_ratio: aspectRatio(input.width, input.height),
    poster_media_url: isVideo ? (input.poster?.url ?? mediaUrl(input.mediaKey, '-poster')) : null,
    poster_media_key: isVideo ? (input.poster?.mediaKey ?? null) : null,
    created_at: stamp,
    updated_at: stamp,
    deleted: false,
    _account: input.account,
    _width: input.width,
    _height: input.height,
  }
}

/** The state-table row: an ADS_VIDEO in the media library is also available as PREROLL account media. */
export function makePrerollAccountMedia(
  state: SandboxState,
  account: string,
  videoKey: string,
  now: number,
): AdsRecord {
  const stamp = isoSeconds(now)
  return {
    id: shortId(state),
    video_id: videoKey,
    media_url: null,
    creative_type: 'PREROLL',
    created_at: stamp,
    updated_at: stamp,
    deleted: false,
    _account: account,
    _media_key: videoKey,
  }
}
