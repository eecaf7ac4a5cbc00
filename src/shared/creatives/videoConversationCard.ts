// Video conversation card drafts. options[i] becomes the i-th *_cta / *_cta_post pair; the
// hashtag is kept without '#' (the editor shows a fixed '#') and the payload adds it.

import { z } from 'zod'
import { LIMITS } from '../rules/limits'
import type { VideoConversationCardPayload } from '../rules/payloads'
import { CONVERSATION_OPTIONS } from '../rules/validateVideoConversationCard'
import { createClientId } from './ids'
import type { MediaCollector } from './mediaCollector'
import { mediaRefSchema } from './media'

export const conversationOptionDraftSchema = z.object({
  id: z.string().min(1),
  hashtag: z.string(),
  post: z.string(),
})

export const videoConversationCardContentSchema = z.object({
  name: z.string(),
  title: z.string(),
  options: z.array(conversationOptionDraftSchema).max(LIMITS.videoConversationCard.ctaCount.max),
  thankYouText: z.string(),
  thankYouUrl: z.string(),
  video: mediaRefSchema.nullable(),
  poster: mediaRefSchema.nullable(),
  unlockedImage: mediaRefSchema.nullable(),
  unlockedVideo: mediaRefSchema.nullable(),
})

export type ConversationOptionDraft = z.infer<typeof conversationOptionDraftSchema>
export type VideoConversationCardContent = z.infer<typeof videoConversationCardContentSchema>

export function newConversationOption(): ConversationOptionDraft {
  return { id: createClientId(), hashtag: '', post: '' }
}

export function emptyVideoConversationCardContent(): VideoConversationCardContent {
  return {
    name: '',
    title: '',
    options: [newConversationOption()],
    thankYouText: '',
    thankYouUrl: '',
    video: null,
    poster: null,
    unlockedImage: null,
    unlockedVideo: null,
  }
}

export function toHashtag(text: string): string {
  const bare = text.trim().replace(/^#+/, '')
  return bare === '' ? '' : `#${bare}`
}

export function videoConversationCardPayload(
  content: VideoConversationCardContent,
  media: MediaCollector,
): VideoConversationCardPayload {
  const payload: VideoConversationCardPayload = {
    name: content.name,
    first_cta: '',
    first_cta_post: '',
    media_key: content.video ? media.key(content.video) : '',
    thank_you_text: content.thankYouText,
  }
  const fields = payload as unknown as Record<string, string>
  content.options.forEach((option, index) => {
    const ordinal = CONVERSATION_OPTIONS[index]
    if (ordinal === undefined) return
    fields[`${ordinal}_cta`] = toHashtag(option.hashtag)
    fields[`${ordinal}_cta_post`] = option.post
  })
  if (content.title.trim() !== '') payload.title = content.title
  if (content.thankYouUrl.trim() !== '') payload.thank_you_url = content.thankYouUrl.trim()
  if (content.poster) payload.poster_media_key = media.key(content.poster)
  if (content.unlockedImage) payload.unlocked_image_media_key = media.key(content.unlockedImage)
  if (content.unlockedVideo) payload.unlocked_video_media_key = media.key(content.unlockedVideo)
  return payload
}
