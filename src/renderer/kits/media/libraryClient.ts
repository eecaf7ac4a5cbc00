import { useEffect, useState } from 'react'
import type { LibraryMediaRef } from '../../../shared/creatives/media'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import { studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'

export interface Thumbnail {
  dataUrl?: string | undefined
  width?: number | undefined
  height?: number | undefined
}

/** Thumbnails already fetched by main, per account and media key, for this session. */
const thumbnails = new Map<string, Thumbnail>()
const inFlight = new Map<string, Promise<Thumbnail>>()

const keyOf = (scope: AccountScope, mediaKey: string) => `${scope.profileId}|${scope.accountId}|${mediaKey}`

export function cachedThumbnail(scope: AccountScope, mediaKey: string): Thumbnail | undefined {
  return thumbnails.get(keyOf(scope, mediaKey))
}

/** A failed fetch is not remembered, so the tile asks again the next time it is shown. */
export function loadThumbnail(scope: AccountScope, mediaKey: string): Promise<Thumbnail> {
  const key = keyOf(scope, mediaKey)
  const cached = thumbnails.get(key)
  if (cached) return Promise.resolve(cached)
  let pending = inFlight.get(key)
  if (!pending) {
    pending = unwrap(studio().library.thumbnail({ ...scope, mediaKey }))
      .then((thumbnail) => {
        thumbnails.set(key, thumbnail)
        return thumbnail
      })
      .finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

export type ThumbnailState =
  { state: 'loading' } | { state: 'ready'; thumbnail: Thumbnail } | { state: 'failed' }

export function useThumbnail(scope: AccountScope, item: LibraryItem): ThumbnailState {
  const cached = cachedThumbnail(scope, item.mediaKey)
  const key = keyOf(scope, item.mediaKey)
  const [loaded, setLoaded] = useState<{ key: string; state: ThumbnailState } | null>(null)
  const { profileId, accountId } = scope
  useEffect(() => {
    if (cached || !item.hasThumbnail) return
    let current = true
    loadThumbnail({ profileId, accountId }, item.mediaKey).then(
      (thumbnail) => current && setLoaded({ key, state: { state: 'ready', thumbnail } }),
      () => current && setLoaded({ key, state: { state: 'failed' } }),
    )
    return () => {
      current = false
    }
  }, [key, cached, item.hasThumbnail, item.mediaKey, profileId, accountId])
  if (!item.hasThumbnail) return { state: 'ready', thumbnail: {} }
  if (cached) return { state: 'ready', thumbnail: cached }
  return loaded?.key === key ? loaded.state : { state: 'loading' }
}

/** How an editor refers to a library medium; the pixel size comes from the thumbnail when known. */
export function toLibraryMediaRef(item: LibraryItem, thumbnail?: Thumbnail): LibraryMediaRef {
  return {
    source: 'library',
    mediaKey: item.mediaKey,
    ...(item.mediaType ? { mediaType: item.mediaType } : {}),
    ...(thumbnail?.width && thumbnail.height ? { width: thumbnail.width, height: thumbnail.height } : {}),
    ...(item.aspectRatio ? { aspectRatio: item.aspectRatio } : {}),
    ...((item.name ?? item.fileName) ? { name: item.name ?? item.fileName } : {}),
    ...(item.mediaUrl ? { mediaUrl: item.mediaUrl } : {}),
    ...(item.posterMediaUrl ? { posterMediaUrl: item.posterMediaUrl } : {}),
    ...(item.durationSeconds !== undefined ? { durationSeconds: item.durationSeconds } : {}),
  }
}

/** For tests: forget every thumbnail. */
export function clearThumbnailCache(): void {
  thumbnails.clear()
  inFlight.clear()
}
