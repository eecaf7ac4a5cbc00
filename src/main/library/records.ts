import type { MediaLibraryObject } from '../api/ads'
import type { Card } from '../api/cards'
import type { LibraryItem, PublishedCard, PublishedCardKind } from '../../shared/ipc/contracts/library'
import { componentTypeWord } from '../../shared/platformWords'
import { LIMITS } from '../../shared/rules/limits'
import type { MediaType } from '../../shared/rules/limits'

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function mediaTypeOf(value: unknown): MediaType | undefined {
  return (LIMITS.mediaLibrary.mediaTypes.values as readonly string[]).includes(String(value))
    ? (value as MediaType)
    : undefined
}

/** The URL a thumbnail comes from: the image itself, or a video's poster frame. */
export function thumbnailUrlOf(object: MediaLibraryObject): string | undefined {
  const poster = text(object.poster_media_url)
  const media = text(object.media_url)
  return mediaTypeOf(object.media_type) === 'VIDEO' ? poster : (media ?? poster)
}

export function toLibraryItem(object: MediaLibraryObject): LibraryItem {
  const extra = object as Record<string, unknown>
  const duration = typeof extra.duration === 'number' ? extra.duration : Number(extra.duration)
  const item: LibraryItem = { mediaKey: object.media_key, hasThumbnail: thumbnailUrlOf(object) !== undefined }
  const mediaType = mediaTypeOf(object.media_type)
  if (mediaType) item.mediaType = mediaType
  const fields = {
    mediaCategory: object.media_category,
    mediaStatus: object.media_status,
    name: object.name,
    fileName: extra.file_name,
    title: extra.title,
    description: extra.description,
    posterMediaKey: extra.poster_media_key,
    aspectRatio: extra.aspect_ratio,
    mediaUrl: object.media_url,
    posterMediaUrl: extra.poster_media_url,
    createdAt: extra.created_at,
  } as const
  for (const [key, value] of Object.entries(fields)) {
    const present = text(value)
    if (present !== undefined) item[key as keyof typeof fields] = present
  }
  if (mediaType === 'VIDEO' && Number.isFinite(duration) && duration >= 0)
    item.durationSeconds = duration / 1000
  if (typeof extra.posted === 'boolean') item.posted = extra.posted
  return item
}

function choicesOf(card: Record<string, unknown>): string[] {
  return ['first_choice', 'second_choice', 'third_choice', 'fourth_choice']
    .map((key) => text(card[key]))
    .filter((choice): choice is string => choice !== undefined)
}

function summaryOf(kind: PublishedCardKind, card: Record<string, unknown>): string | undefined {
  if (kind === 'poll') {
    const choices = choicesOf(card)
    return choices.length > 0 ? choices.join(' · ') : undefined
  }
  if (kind === 'video_conversation') {
    const ctas = ['first_cta', 'second_cta', 'third_cta', 'fourth_cta']
      .map((key) => text(card[key]))
      .filter((cta): cta is string => cta !== undefined)
    return [text(card.title), ctas.join(' ')].filter(Boolean).join(' — ') || undefined
  }
  const components = Array.isArray(card.components) ? card.components : []
  const types = components
    .map((component) =>
      component && typeof component === 'object' ? text((component as { type?: unknown }).type) : undefined,
    )
    .filter((type): type is string => type !== undefined)
  return types.length > 0 ? types.map(componentTypeWord).join(' + ') : undefined
}

/**
 * The media key a published card shows as its thumbnail: the first MEDIA or SWIPEABLE_MEDIA
 * component's, or a video conversation card's video (main's thumbnail of a library video is
 * its poster). A poll card's media_key is write-only (spec B, poll cards): those have none.
 */
export function coverMediaKeyOf(card: Record<string, unknown>): string | undefined {
  const own = text(card.media_key)
  if (own) return own
  const components = Array.isArray(card.components) ? (card.components as unknown[]) : []
  for (const component of components) {
    if (!component || typeof component !== 'object') continue
    const fields = component as { media_key?: unknown; media_keys?: unknown }
    const key =
      text(fields.media_key) ?? (Array.isArray(fields.media_keys) ? text(fields.media_keys[0]) : undefined)
    if (key) return key
  }
  return undefined
}

export function toPublishedCard(kind: PublishedCardKind, card: Card): PublishedCard {
  const extra = card as Record<string, unknown>
  const published: PublishedCard = { id: card.id, kind, name: text(card.name) ?? `Card ${card.id}` }
  const cardType = text(card.card_type)
  if (cardType) published.cardType = cardType
  const cardUri = text(card.card_uri)
  if (cardUri) published.cardUri = cardUri
  const createdAt = text(extra.created_at)
  if (createdAt) published.createdAt = createdAt
  const summary = summaryOf(kind, extra)
  if (summary) published.summary = summary
  const mediaKey = coverMediaKeyOf(extra)
  if (mediaKey) published.mediaKey = mediaKey
  return published
}
