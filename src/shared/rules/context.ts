import type { MediaType, PostLengthTier } from './limits'
import type { MediaProbe } from './mediaProbe'

/** What is known about one medium, from the library or from a local file read in main. */
export interface MediaInfo {
  readonly mediaType?: MediaType
  readonly width?: number
  readonly height?: number
  /** As the media library reports it, e.g. '16:9'; width and height win when both are known. */
  readonly aspectRatio?: string
  readonly bytes?: number
  /** What main read of a local file's content (src/main/media/inspect); absent for library media. */
  readonly probe?: MediaProbe
}

/**
 * Facts a payload alone does not carry. Every field is optional: a rule whose facts are
 * missing is skipped, or reported as an 'unchecked' warning where skipping could hide a
 * rejection at publish time.
 */
export interface ValidationContext {
  /** Media by the key the payload uses: a media_key, or a local placeholder (local:<sha256>). */
  readonly media?: Readonly<Record<string, MediaInfo>>
  /** The account's feature keys; undefined while unknown (offline, not connected). */
  readonly features?: readonly string[]
  /** The account's post length tier (LIMITS.postLength); standard when not given. */
  readonly postLengthTier?: PostLengthTier
  /** The opt-in Classic 280 guideline: past it the text gets a warning, never an error. */
  readonly postLengthGuideline?: number
  /** Weighted length of the payload's `text`, from the post length counter (postLength.ts). */
  readonly weightedTextLength?: number
  /** The connected user's id: only they may post organically (nullcast false). */
  readonly authenticatedUserId?: string
}
