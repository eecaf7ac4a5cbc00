/**
 * A medium's type from what a draft holds of it, with no schemas: the drafts list's thumbnails
 * (in the first page's code) need this and none of media.ts's schemas, which would bring zod
 * into that code (rule P11, bench/PERFORMANCE.md). media.ts re-exports both functions.
 */
import type { MediaType } from '../rules/limits'

/**
 * What mediaTypeOf reads of a MediaRef (media.ts), spelled out here so this file needs nothing
 * of media.ts and media.ts can build on it.
 */
export type MediaTypeSource =
  { source: 'library'; mediaType?: MediaType | undefined } | { source: 'local'; mimeType: string }

export function mediaTypeFromMime(mimeType: string): MediaType | undefined {
  const mime = mimeType.toLowerCase()
  if (mime === 'image/gif') return 'GIF'
  if (mime.startsWith('image/')) return 'IMAGE'
  if (mime.startsWith('video/')) return 'VIDEO'
  return undefined
}

export function mediaTypeOf(ref: MediaTypeSource): MediaType | undefined {
  return ref.source === 'library' ? ref.mediaType : mediaTypeFromMime(ref.mimeType)
}
