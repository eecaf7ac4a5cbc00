// What the live preview shows, computed from the content alone (no DOM), so the benchmark
// can time it next to validation.

import type { CardContent, CardMode, ComponentDraft } from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'

export interface PreviewButton {
  label: string | null
  stores: string[]
}

export interface PreviewSlide {
  key: string
  media: MediaRef | null
  title: string
  /** e.g. 'shop.example.com' from the destination URL; null when there is no usable URL. */
  domain: string | null
  button: PreviewButton | null
}

export interface CardPreviewModel {
  mode: CardMode
  slides: PreviewSlide[]
}

export function domainOf(url: string): string | null {
  const trimmed = url.trim()
  if (trimmed === '') return null
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`)
    return parsed.hostname.replace(/^www\./, '') || null
  } catch {
    return null
  }
}

function destinationOf(
  components: readonly ComponentDraft[],
): Pick<PreviewSlide, 'title' | 'domain' | 'button'> {
  const details = components.find((c) => c.type === 'DETAILS')
  const button = components.find((c) => c.type === 'BUTTON')
  if (details) return { title: details.title, domain: domainOf(details.destination.url), button: null }
  if (button) {
    const stores = [
      button.destination.iosAppStoreIdentifier.trim() ? 'App Store' : null,
      button.destination.androidStoreAppId.trim() ? 'Google Play' : null,
    ].filter((store): store is string => store !== null)
    return { title: '', domain: null, button: { label: button.label, stores } }
  }
  return { title: '', domain: null, button: null }
}

function slidesOfSet(components: readonly ComponentDraft[], keyPrefix: string): PreviewSlide[] {
  const destination = destinationOf(components)
  const media = components.find((c) => c.type === 'MEDIA' || c.type === 'SWIPEABLE_MEDIA')
  if (media?.type === 'SWIPEABLE_MEDIA') {
    // A carousel swipes its media under one shared destination.
    if (media.items.length === 0) return [{ key: `${keyPrefix}empty`, media: null, ...destination }]
    return media.items.map((item) => ({ key: `${keyPrefix}${item.id}`, media: item.media, ...destination }))
  }
  return [
    {
      key: `${keyPrefix}${media?.id ?? 'card'}`,
      media: media?.type === 'MEDIA' ? media.media : null,
      ...destination,
    },
  ]
}

export function cardPreviewModel(content: CardContent): CardPreviewModel {
  if (content.mode === 'multi_destination') {
    return {
      mode: content.mode,
      slides: content.slides.flatMap((slide) => slidesOfSet(slide.components, `${slide.id}:`).slice(0, 1)),
    }
  }
  return { mode: content.mode, slides: slidesOfSet(content.components, '') }
}
