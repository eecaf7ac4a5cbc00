// What main reads of a local medium's bytes (src/main/media/inspect): plain types and names, so
// the rules' context (context.ts) can carry a probe without importing the rules about it.

export const MEDIA_CONTAINERS = ['png', 'jpeg', 'gif', 'webp', 'mp4', 'mov'] as const
export type MediaContainer = (typeof MEDIA_CONTAINERS)[number]

export const CONTAINER_NAMES: Record<MediaContainer, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  mp4: 'MP4',
  mov: 'MOV',
}

/** What the file's bytes say, read in main; every field but the container is optional. */
export interface MediaProbe {
  readonly container: MediaContainer
  /** The file name's extension, when it names another format than the bytes are. */
  readonly namedAs?: string
  readonly durationSeconds?: number
  /** Video frames per second (samples over the track's duration). */
  readonly frameRate?: number
  /** The longest gap between two keyframes (or from the last one to the end), in seconds. */
  readonly keyframeIntervalSeconds?: number
  /** RFC 6381 codec strings, e.g. avc1.640028 and mp4a.40.2. */
  readonly videoCodec?: string
  readonly audioCodec?: string
  readonly audioChannels?: number
  /** Pixel aspect ratio (pasp h/v); 1 is square pixels. */
  readonly pixelAspectRatio?: number
  /** Frames of an animated GIF. */
  readonly frameCount?: number
}
