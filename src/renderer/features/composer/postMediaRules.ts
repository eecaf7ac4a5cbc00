import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { mediaChecks } from '../../../shared/creatives/mediaChecks'
import { LIMITS } from '../../../shared/rules/limits'

/** Why no more media can be added to the post, or null while there is room. */
export function postMediaFull(media: readonly MediaRef[]): string | null {
  const single = media.map(mediaTypeOf).find((type) => type === 'GIF' || type === 'VIDEO')
  if (single === 'GIF') return 'This post has a GIF; a post with a GIF takes no other media.'
  if (single === 'VIDEO') return 'This post has a video; a post with a video takes no other media.'
  const max = LIMITS.post.maxImages.value
  if (media.length >= max) return `A post takes at most ${max} images.`
  return null
}

/** The reason this medium cannot be added (up to 4 images, or 1 GIF, or 1 video), or null. */
export function refusalToAdd(media: readonly MediaRef[], candidate: MediaRef): string | null {
  const blocking = mediaChecks('post_media', candidate, media).find((issue) => issue.severity === 'error')
  return blocking?.message ?? null
}
