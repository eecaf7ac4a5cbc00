import type { CardContent } from '../../shared/creatives/card'
import type { MediaRef } from '../../shared/creatives/media'
import { mediaTypeOf } from '../../shared/creatives/mediaType'
import type { MediaLibraryContent } from '../../shared/creatives/mediaLibrary'
import type { PollCardContent } from '../../shared/creatives/pollCard'
import type { PostContent } from '../../shared/creatives/post'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import type { Draft } from '../../shared/drafts/envelope'

/**
 * A draft's timeline preview as static HTML for the review bundle: the same content the editors'
 * previews show (author, text, media, card, choices), drawn without scripts so a browser with
 * no network and no Ads Studio shows it. Every text is escaped; pictures are classes whose
 * data-URI backgrounds the page's one stylesheet holds (bundlePage.ts), so a picture shown in
 * four frames is in the file once.
 */

export interface PreviewAuthor {
  name: string
  handle?: string
}

/** How a medium is shown: the class of its inlined picture, or a placeholder's words. */
export type MediaLook = { className: string } | { placeholder: string }

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** Every medium of a draft's content, in the order it appears. */
export function mediaRefsOf(content: unknown): MediaRef[] {
  const found: MediaRef[] = []
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (typeof value !== 'object' || value === null) return
    const source = (value as { source?: unknown }).source
    if ((source === 'local' || source === 'library') && ('sha256' in value || 'mediaKey' in value)) {
      found.push(value as MediaRef)
      return
    }
    Object.values(value).forEach(walk)
  }
  walk(content)
  return found
}

function mediaFrame(ref: MediaRef | null | undefined, look: (ref: MediaRef) => MediaLook): string {
  if (!ref) return '<div class="pv-media pv-media--empty"><span>No media yet</span></div>'
  const shown = look(ref)
  const video = mediaTypeOf(ref) === 'VIDEO'
  if ('className' in shown)
    return `<div class="pv-media ${shown.className}" role="img" aria-label="${video ? 'Video' : 'Image'}">${video ? '<span class="pv-play">▶</span>' : ''}</div>`
  return `<div class="pv-media pv-media--empty"><span>${escapeHtml(shown.placeholder)}</span></div>`
}

function domainOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(url.trim())
  return match?.[1] ?? url
}

function card(content: CardContent, look: (ref: MediaRef) => MediaLook): string {
  const components = content.slides.length > 0 ? (content.slides[0]?.components ?? []) : content.components
  const media = mediaRefsOf(components)[0]
  const details = components.find((component) => component.type === 'DETAILS')
  const button = components.find((component) => component.type === 'BUTTON')
  const slides =
    content.slides.length > 1 ? `<span class="pv-badge">1 of ${content.slides.length}</span>` : ''
  const footer = details
    ? `<div class="pv-card__footer"><span class="pv-muted">${escapeHtml(domainOf(details.destination.url) || 'Website')}</span><strong>${escapeHtml(details.title || 'Website title')}</strong></div>`
    : button
      ? `<div class="pv-card__footer pv-card__footer--row"><span class="pv-muted">App</span><span class="pv-button">${escapeHtml(button.label ? button.label.replaceAll('_', ' ').toLowerCase() : 'Label')}</span></div>`
      : ''
  return `<div class="pv-card">${mediaFrame(media, look)}${slides}${footer}</div>`
}

function poll(content: PollCardContent, look: (ref: MediaRef) => MediaLook): string {
  const media = mediaRefsOf(content)[0]
  const choices = content.choices
    .map((choice) => `<li class="pv-choice">${escapeHtml(choice || 'Choice')}</li>`)
    .join('')
  const days = content.durationInMinutes / 1440
  const left = Number.isInteger(days)
    ? `${days} day${days === 1 ? '' : 's'} left`
    : `${content.durationInMinutes} minutes left`
  return `${media ? mediaFrame(media, look) : ''}<ol class="pv-choices">${choices}</ol><p class="pv-muted">${left}</p>`
}

function conversation(content: VideoConversationCardContent, look: (ref: MediaRef) => MediaLook): string {
  const options = content.options
    .map(
      (option) => `<li class="pv-button">#${escapeHtml(option.hashtag.replace(/^#/, '') || 'hashtag')}</li>`,
    )
    .join('')
  return `<div class="pv-card">${mediaFrame(mediaRefsOf(content)[0], look)}<div class="pv-card__footer"><strong>${escapeHtml(content.title || 'Title')}</strong><ul class="pv-options">${options}</ul></div></div>`
}

function post(content: PostContent, look: (ref: MediaRef) => MediaLook): string {
  const text = content.text ? `<p class="pv-text">${escapeHtml(content.text)}</p>` : ''
  const media = content.media.slice(0, 4)
  const grid =
    media.length > 0
      ? `<div class="pv-grid pv-grid--${media.length}">${media.map((item) => mediaFrame(item.media, look)).join('')}</div>`
      : ''
  const attached = content.card
    ? '<div class="pv-attached pv-muted">With a card attached (its own preview is in this bundle when it was exported too)</div>'
    : ''
  return `${text}${grid}${attached}`
}

function mediaLibrary(content: MediaLibraryContent, look: (ref: MediaRef) => MediaLook): string {
  return `${mediaFrame(mediaRefsOf(content)[0], look)}<p class="pv-text"><strong>${escapeHtml(content.title || content.fileName || 'Medium')}</strong></p>${content.description ? `<p class="pv-text pv-muted">${escapeHtml(content.description)}</p>` : ''}`
}

export function previewMarkup(
  draft: Pick<Draft, 'kind' | 'content'>,
  author: PreviewAuthor,
  look: (ref: MediaRef) => MediaLook,
): string {
  const body = (() => {
    switch (draft.kind) {
      case 'card':
        return card(draft.content as CardContent, look)
      case 'poll_card':
        return poll(draft.content as PollCardContent, look)
      case 'video_conversation_card':
        return conversation(draft.content as VideoConversationCardContent, look)
      case 'post':
        return post(draft.content as PostContent, look)
      case 'media_library':
        return mediaLibrary(draft.content as MediaLibraryContent, look)
    }
  })()
  const initial = escapeHtml((author.name.trim()[0] ?? '?').toUpperCase())
  return `<article class="pv"><header class="pv-head"><span class="pv-avatar" aria-hidden="true">${initial}</span><span class="pv-author"><strong>${escapeHtml(author.name)}</strong>${author.handle ? ` <span class="pv-muted">${escapeHtml(author.handle)}</span>` : ''}</span><span class="pv-muted pv-ad">Ad</span></header>${body}</article>`
}
