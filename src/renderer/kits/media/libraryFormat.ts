import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import type { MediaType } from '../../../shared/rules/limits'
import type { Thumbnail } from './libraryClient'

export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { IMAGE: 'Image', GIF: 'GIF', VIDEO: 'Video' }

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

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
