import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { describeRatio } from '../../../shared/rules/media'
import { codecName } from '../../../shared/rules/mediaContent'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import type { MediaType } from '../../../shared/rules/limits'
import type { Thumbnail } from './libraryClient'

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

const SUBTYPES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
}

export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() || path
}

export function mediaTitle(ref: MediaRef): string {
  return ref.source === 'local' ? fileNameOf(ref.path) : (ref.name ?? `Library media ${ref.mediaKey}`)
}

/** "1200 × 628 px · 1.91:1 · 245 KB · PNG" — the facts the rules depend on. */
export function mediaFacts(ref: MediaRef): string[] {
  const facts: string[] = []
  if (ref.width !== undefined && ref.height !== undefined) {
    facts.push(`${ref.width} × ${ref.height} px`, describeRatio(ref.width / ref.height))
  } else if (ref.source === 'library' && ref.aspectRatio) {
    facts.push(ref.aspectRatio)
  }
  if (ref.durationSeconds !== undefined) facts.push(formatDuration(ref.durationSeconds))
  facts.push(...contentFacts(ref))
  if (ref.source === 'local') facts.push(formatBytes(ref.bytes), SUBTYPES[ref.mimeType] ?? ref.mimeType)
  else {
    const type = mediaTypeOf(ref)
    // The media key is for tools: it is in the title only while the item has no name to show.
    facts.push(type ? `Library ${type.toLowerCase()}` : 'Library media')
  }
  return facts
}

/** What main read of a local file's content: "H.264 · 30 fps · AAC LC", a GIF's frames. */
function contentFacts(ref: MediaRef): string[] {
  const probe = ref.source === 'local' ? ref.probe : undefined
  if (!probe) return []
  if (probe.videoCodec === undefined)
    return probe.frameCount !== undefined && probe.frameCount > 1 ? [`${probe.frameCount} frames`] : []
  return [
    codecName(probe.videoCodec),
    ...(probe.frameRate === undefined ? [] : [`${Math.round(probe.frameRate * 100) / 100} fps`]),
    probe.audioCodec === undefined ? 'no sound' : codecName(probe.audioCodec),
  ]
}

export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { IMAGE: 'Image', GIF: 'GIF', VIDEO: 'Video' }

export function itemTitle(item: LibraryItem): string {
  return item.name ?? item.title ?? item.fileName ?? item.mediaKey
}

/** "1200 × 628 · 1.91:1 · 0:15": the facts a designer picks media by. */
export function itemFacts(item: LibraryItem, thumbnail?: Thumbnail): string[] {
  const facts: string[] = []
  if (thumbnail?.width && thumbnail.height) facts.push(`${thumbnail.width} × ${thumbnail.height}`)
  if (item.aspectRatio) facts.push(item.aspectRatio)
  if (item.durationSeconds !== undefined) facts.push(formatDuration(item.durationSeconds))
  return facts
}
