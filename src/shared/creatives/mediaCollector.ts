import type { MediaInfo } from '../rules/context'
import type { MediaRef, MediaResolver } from './media'
import { mediaInfoOf, payloadMediaKey } from './media'

/**
 * Turns media refs into payload keys while recording what is known about each one, so the
 * validator can check types, pixels and ratios by key (ValidationContext.media).
 */
export class MediaCollector {
  readonly media: Record<string, MediaInfo> = {}

  constructor(private readonly resolveMedia: MediaResolver) {}

  key(ref: MediaRef): string {
    const key = payloadMediaKey(ref, this.resolveMedia)
    this.media[key] = mediaInfoOf(ref)
    return key
  }
}
