// Media library drafts (POST accounts/:account_id/media_library).

import { z } from 'zod'
import type { MediaLibraryPayload } from '../rules/payloads'
import type { MediaCollector } from './mediaCollector'
import { mediaRefSchema } from './media'

export const mediaLibraryContentSchema = z.object({
  media: mediaRefSchema.nullable(),
  name: z.string(),
  fileName: z.string(),
  description: z.string(),
  title: z.string(),
  poster: mediaRefSchema.nullable(),
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
