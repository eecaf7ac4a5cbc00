// How a draft refers to a medium: a media library object, or a local file read in main and
// uploaded at publish time.

import { z } from 'zod'
import type { MediaInfo } from '../rules/context'
import { enumTuple, LIMITS } from '../rules/limits'
import type { MediaProbe } from '../rules/mediaContent'
import { MEDIA_CONTAINERS } from '../rules/mediaContent'
import { localMediaPlaceholder } from '../rules/placeholders'
import { mediaTypeOf } from './mediaType'

export { mediaTypeFromMime, mediaTypeOf } from './mediaType'

const dimension = z.number().int().positive()

export const libraryMediaRefSchema = z.object({
  source: z.literal('library'),
  mediaKey: z.string().min(1),
  mediaType: z.enum(enumTuple(LIMITS.mediaLibrary.mediaTypes)).optional(),
  width: dimension.optional(),
  height: dimension.optional(),
  /** As the library reports it, e.g. '16:9'. */
  aspectRatio: z.string().optional(),
  name: z.string().optional(),
  mediaUrl: z.string().optional(),
  posterMediaUrl: z.string().optional(),
  durationSeconds: z.number().nonnegative().optional(),
})

/** The shape of the opaque token main hands out for a file the designer chose or dropped. */
export const MEDIA_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/
export const mediaTokenSchema = z
  .string()
  .regex(MEDIA_TOKEN_PATTERN, 'Not a file token Ads Studio handed out')

const count = z.number().int().nonnegative()
const measure = z.number().nonnegative()

/** What main read of a local file's content (shared/rules/mediaContent.ts). */
export const mediaProbeSchema = z.object({
  container: z.enum(MEDIA_CONTAINERS),
  namedAs: z.string().max(16).optional(),
  durationSeconds: measure.optional(),
  frameRate: measure.optional(),
  keyframeIntervalSeconds: measure.optional(),
  videoCodec: z.string().max(64).optional(),
  audioCodec: z.string().max(64).optional(),
  audioChannels: count.optional(),
  pixelAspectRatio: measure.optional(),
  frameCount: count.optional(),
}) satisfies z.ZodType<MediaProbe>

export const localMediaRefSchema = z.object({
  source: z.literal('local'),
  path: z.string().min(1),
  /**
   * Main's permission to read this file again (to show it after a restart). Drafts saved
   * before tokens existed have none; their file must be chosen again.
   */
  token: mediaTokenSchema.optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex sha256'),
  mimeType: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  width: dimension.optional(),
  height: dimension.optional(),
  durationSeconds: z.number().nonnegative().optional(),
  /** Read from the file by main when it was chosen; drafts saved before have none. */
  probe: mediaProbeSchema.optional(),
})

export const mediaRefSchema = z.discriminatedUnion('source', [libraryMediaRefSchema, localMediaRefSchema])

export type LibraryMediaRef = z.infer<typeof libraryMediaRefSchema>
export type LocalMediaRef = z.infer<typeof localMediaRefSchema>
export type MediaRef = z.infer<typeof mediaRefSchema>

/**
 * Gives the media_key of an uploaded local file, or undefined while it is not uploaded
 * (the payload then carries the placeholder local:<sha256>). Library refs need no resolving.
 */
export type MediaResolver = (ref: LocalMediaRef) => string | undefined

/** For editors working offline: nothing is uploaded yet. */
export const unresolvedMedia: MediaResolver = () => undefined

/** The key a payload uses for this medium. */
export function payloadMediaKey(ref: MediaRef, resolveMedia: MediaResolver): string {
  if (ref.source === 'library') return ref.mediaKey
  return resolveMedia(ref) ?? localMediaPlaceholder(ref.sha256)
}

/**
 * A copy of draft content with no local medium's token: a draft from a file (an import, a file
 * restored from quarantine) grants no file on this computer; its media ask to be chosen again.
 */
export function withoutMediaTokens(content: unknown): unknown {
  if (Array.isArray(content)) return content.map(withoutMediaTokens)
  if (typeof content !== 'object' || content === null) return content
  const local = (content as { source?: unknown }).source === 'local'
  // fromEntries defines own keys, so a "__proto__" key in the content stays a plain key.
  return Object.fromEntries(
    Object.entries(content)
      .filter(([key]) => !(local && key === 'token'))
      .map(([key, value]) => [key, withoutMediaTokens(value)]),
  )
}

/** The facts the rules need about a medium. */
export function mediaInfoOf(ref: MediaRef): MediaInfo {
  const mediaType = mediaTypeOf(ref)
  return {
    ...(mediaType === undefined ? {} : { mediaType }),
    ...(ref.width === undefined ? {} : { width: ref.width }),
    ...(ref.height === undefined ? {} : { height: ref.height }),
    ...(ref.source === 'library' && ref.aspectRatio !== undefined ? { aspectRatio: ref.aspectRatio } : {}),
    ...(ref.source === 'local' ? { bytes: ref.bytes } : {}),
    ...(ref.source === 'local' && ref.probe ? { probe: ref.probe } : {}),
  }
}
