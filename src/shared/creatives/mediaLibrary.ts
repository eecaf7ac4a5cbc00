// Media library drafts (POST accounts/:account_id/media_library).

import { z } from 'zod'
import type { MediaLibraryPayload } from '../rules/payloads'
import type { MediaCollector } from './mediaCollector'
import { mediaRefSchema } from './media'
import { ACCOUNT_LIMITS } from '../rules/accountLimits'
import { enumTuple } from '../rules/limits'

export const mediaLibraryContentSchema = z.object({
  media: mediaRefSchema.nullable(),
  name: z.string(),
  fileName: z.string(),
  description: z.string(),
  title: z.string(),
  poster: mediaRefSchema.nullable(),
  /**
   * The upload category of a local video: POST_VIDEO (the default) or ADS_VIDEO, which also
   * makes it PREROLL account media (B:63). Not part of the media library POST.
   */
  mediaCategory: z.enum(enumTuple(ACCOUNT_LIMITS.videoUploadCategories)).optional(),
})

export type MediaLibraryContent = z.infer<typeof mediaLibraryContentSchema>

export function emptyMediaLibraryContent(): MediaLibraryContent {
  return { media: null, name: '', fileName: '', description: '', title: '', poster: null }
}

export function mediaLibraryPayload(
  content: MediaLibraryContent,
  media: MediaCollector,
): MediaLibraryPayload {
  const payload: MediaLibraryPayload = { media_key: content.media ? media.key(content.media) : '' }
  if (content.name !== '') payload.name = content.name
  if (content.fileName !== '') payload.file_name = content.fileName
  if (content.description !== '') payload.description = content.description
  if (content.title !== '') payload.title = content.title
  if (content.poster) payload.poster_media_key = media.key(content.poster)
  return payload
}
