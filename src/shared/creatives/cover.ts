// The one medium a list shows for a draft: its thumbnail in the drafts, cards and published lists.

import type { ContentByKind, DraftKind } from './content'
import type { MediaRef } from './media'

/**
 * What a list row needs to draw a medium, and no more: the summary index keeps one per draft
 * (50,000 of them are saved between runs), so library URLs, pixel sizes and durations stay in
 * the draft. Main fetches a library thumbnail by its key; a local file is read again by path.
 */
export function coverRef(ref: MediaRef): MediaRef {
  if (ref.source === 'library') {
    return {
      source: 'library',
      mediaKey: ref.mediaKey,
      ...(ref.mediaType ? { mediaType: ref.mediaType } : {}),
      ...(ref.name ? { name: ref.name } : {}),
    }
  }
  return { source: 'local', path: ref.path, sha256: ref.sha256, mimeType: ref.mimeType, bytes: ref.bytes }
}

function firstCardMedia(content: ContentByKind['card']): MediaRef | null {
  const components =
    content.mode === 'multi_destination'
      ? content.slides.flatMap((slide) => slide.components)
      : content.components
  for (const component of components) {
    if (component.type === 'MEDIA' && component.media) return component.media
    if (component.type === 'SWIPEABLE_MEDIA') {
      const item = component.items.find((entry) => entry.media)
      if (item?.media) return item.media
    }
  }
  return null
}

/**
 * The draft's cover: the first medium a viewer would see. A video conversation card shows its
 * poster when it has one (a still is what the platform shows before play), else the video.
 * Undefined when the draft has no medium, or its content is not what its kind expects.
 */
export function coverOf(kind: DraftKind, content: unknown): MediaRef | undefined {
  try {
    let found: MediaRef | null | undefined
    switch (kind) {
      case 'card':
        found = firstCardMedia(content as ContentByKind['card'])
        break
      case 'poll_card':
        found = (content as ContentByKind['poll_card']).media
        break
      case 'video_conversation_card': {
        const card = content as ContentByKind['video_conversation_card']
        found = card.poster ?? card.video
        break
      }
      case 'post':
        found = (content as ContentByKind['post']).media[0]?.media
        break
      case 'media_library': {
        const item = content as ContentByKind['media_library']
        found = item.poster ?? item.media
        break
      }
    }
    return found ? coverRef(found) : undefined
  } catch {
    // Content of an older or damaged shape: the row shows its kind's icon instead.
    return undefined
  }
}
