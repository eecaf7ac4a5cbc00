// Per-use checks for the media picker: can this medium go here, given what is already there?
// Issue paths are relative to the candidate medium ([]).

import type { Issue } from '../rules/issues'
import { error } from '../rules/issues'
import type { EnumLimit, MediaType } from '../rules/limits'
import { LIMITS } from '../rules/limits'
import {
  checkConversationVideo,
  checkMatchingAspectRatios,
  checkMediaType,
  checkPollMedia,
} from '../rules/media'
import { checkMediaFile } from '../rules/mediaContent'
import type { MediaRef } from './media'
import { mediaInfoOf, mediaTypeOf } from './media'

export type MediaUse =
  | 'card_media'
  | 'carousel_item'
  | 'poll_media'
  | 'conversation_video'
  | 'conversation_poster'
  | 'unlock_image'
  | 'unlock_video'
  | 'post_media'
  | 'library'

const IMAGE: EnumLimit<MediaType> = {
  values: ['IMAGE'],
  source: LIMITS.videoConversationCard.videoAspectRatio.source,
}
const VIDEO: EnumLimit<MediaType> = {
  values: ['VIDEO'],
  source: LIMITS.videoConversationCard.videoAspectRatio.source,
}

/**
 * @param siblings media already in the same place (the other carousel items or slides, the
 *   post's other media), for the rules that depend on them.
 */
export function mediaChecks(use: MediaUse, ref: MediaRef, siblings: readonly MediaRef[] = []): Issue[] {
  const info = mediaInfoOf(ref)
  const issues = checkMediaFile([], info)
  switch (use) {
    case 'card_media':
      issues.push(...checkMediaType([], info, LIMITS.card.componentMediaTypes, 'Card media'))
      break
    case 'carousel_item': {
      issues.push(...checkMediaType([], info, LIMITS.card.componentMediaTypes, 'Carousel media'))
      const first = siblings[0]
      if (first) {
        const ratioIssues = checkMatchingAspectRatios([
          { path: ['first'], info: mediaInfoOf(first) },
          { path: [], info },
        ])
        issues.push(...ratioIssues)
      }
      break
    }
    case 'poll_media':
      issues.push(...checkPollMedia([], info))
      break
    case 'conversation_video':
      issues.push(...checkConversationVideo([], info))
      break
    case 'conversation_poster':
      issues.push(...checkMediaType([], info, IMAGE, 'The poster'))
      break
    case 'unlock_image':
      issues.push(...checkMediaType([], info, IMAGE, 'The unlock image'))
      break
    case 'unlock_video':
      issues.push(...checkMediaType([], info, VIDEO, 'The unlock video'))
      break
    case 'post_media':
      issues.push(...checkPostMediaAddition(ref, siblings))
      break
    case 'library':
      break
  }
  return issues
}

/** Adding one more medium to a post: up to 4 images, or 1 GIF, or 1 video. */
function checkPostMediaAddition(ref: MediaRef, existing: readonly MediaRef[]): Issue[] {
  const type = mediaTypeOf(ref)
  const existingTypes = existing.map(mediaTypeOf)
  const maxImages = LIMITS.post.maxImages.value
  if (existing.length >= maxImages) {
    return [error([], 'too_many', `A post takes at most ${maxImages} images`, maxImages)]
  }
  const single = existingTypes.find((t) => t === 'GIF' || t === 'VIDEO')
  if (single !== undefined) {
    const word = single === 'GIF' ? 'GIF' : 'video'
    return [
      error(
        [],
        'exclusive',
        `This post already has a ${word}; a post with a ${word} takes no other media`,
        1,
      ),
    ]
  }
  if ((type === 'GIF' || type === 'VIDEO') && existing.length > 0) {
    const word = type === 'GIF' ? 'A GIF' : 'A video'
    return [error([], 'exclusive', `${word} must be the post's only medium; remove the images first`, 1)]
  }
  return []
}
