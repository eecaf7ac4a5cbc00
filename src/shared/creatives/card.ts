// Card drafts: a single card, a carousel (SWIPEABLE_MEDIA) or a multi-destination carousel
// (slides, each a full set of components). Components, slides and carousel items carry a
// client id for keyed lists and drag and drop; payload order is list order, so an issue at
// ['components', i] or ['slides', s, i] concerns components[i] or slides[s].components[i].

import { z } from 'zod'
import type { AppDestination, CardComponentPayload, CardPayload } from '../rules/payloads'
import { enumTuple, LIMITS } from '../rules/limits'
import { createClientId } from './ids'
import type { MediaCollector } from './mediaCollector'
import type { MediaRef } from './media'
import { mediaRefSchema } from './media'

const clientId = z.string().min(1)

export const cardModes = ['single', 'carousel', 'multi_destination'] as const
export type CardMode = (typeof cardModes)[number]

export const websiteDestinationDraftSchema = z.object({ type: z.literal('WEBSITE'), url: z.string() })

/** Blank store ids and deep links are left out of the payload. */
export const appDestinationDraftSchema = z.object({
  type: z.literal('APP'),
  countryCode: z.string(),
  androidStoreAppId: z.string(),
  iosAppStoreIdentifier: z.string(),
  androidStoreDeepLink: z.string(),
  iosDeepLink: z.string(),
})

export const swipeableItemDraftSchema = z.object({ id: clientId, media: mediaRefSchema.nullable() })

export const componentDraftSchema = z.discriminatedUnion('type', [
  z.object({ id: clientId, type: z.literal('MEDIA'), media: mediaRefSchema.nullable() }),
  z.object({ id: clientId, type: z.literal('SWIPEABLE_MEDIA'), items: z.array(swipeableItemDraftSchema) }),
  z.object({
    id: clientId,
    type: z.literal('DETAILS'),
    title: z.string(),
    destination: websiteDestinationDraftSchema,
  }),
  z.object({
    id: clientId,
    type: z.literal('BUTTON'),
    label: z.enum(enumTuple(LIMITS.card.labelValues)).nullable(),
    destination: appDestinationDraftSchema,
  }),
])

export const slideDraftSchema = z.object({ id: clientId, components: z.array(componentDraftSchema) })

/** `components` is used in single and carousel mode, `slides` in multi-destination mode; both are kept so switching modes loses nothing. */
export const cardContentSchema = z.object({
  name: z.string(),
  mode: z.enum(cardModes),
  components: z.array(componentDraftSchema),
  slides: z.array(slideDraftSchema),
})

export type WebsiteDestinationDraft = z.infer<typeof websiteDestinationDraftSchema>
export type AppDestinationDraft = z.infer<typeof appDestinationDraftSchema>
export type SwipeableItemDraft = z.infer<typeof swipeableItemDraftSchema>
export type ComponentDraft = z.infer<typeof componentDraftSchema>
export type ComponentDraftType = ComponentDraft['type']
export type SlideDraft = z.infer<typeof slideDraftSchema>
export type CardContent = z.infer<typeof cardContentSchema>

export function newComponent(type: ComponentDraftType): ComponentDraft {
  const id = createClientId()
  switch (type) {
    case 'MEDIA':
      return { id, type, media: null }
    case 'SWIPEABLE_MEDIA':
      return { id, type, items: [] }
    case 'DETAILS':
      return { id, type, title: '', destination: { type: 'WEBSITE', url: '' } }
    case 'BUTTON':
      return {
        id,
        type,
        label: null,
        destination: {
          type: 'APP',
          countryCode: '',
          androidStoreAppId: '',
          iosAppStoreIdentifier: '',
          androidStoreDeepLink: '',
          iosDeepLink: '',
        },
      }
  }
}

export function newSwipeableItem(media: MediaRef | null = null): SwipeableItemDraft {
  return { id: createClientId(), media }
}

/** A slide of a multi-destination carousel: a medium and a website. */
export function newSlide(): SlideDraft {
  return { id: createClientId(), components: [newComponent('MEDIA'), newComponent('DETAILS')] }
}

export function emptyCardContent(): CardContent {
  return {
    name: '',
    mode: 'single',
    components: [newComponent('MEDIA'), newComponent('DETAILS')],
    slides: [],
  }
}

/**
 * Switches mode, converting the media component (MEDIA ↔ SWIPEABLE_MEDIA, keeping media) and
 * seeding slides the first time multi-destination mode is chosen.
 */
/** Every medium the card shows in its current mode, in order. */
function mediaShown(content: CardContent): MediaRef[] {
  const components =
    content.mode === 'multi_destination'
      ? content.slides.flatMap((slide) => slide.components)
      : content.components
  return components.flatMap((component) =>
    component.type === 'MEDIA'
      ? component.media
        ? [component.media]
        : []
      : component.type === 'SWIPEABLE_MEDIA'
        ? component.items.flatMap((item) => (item.media ? [item.media] : []))
        : [],
  )
}

function withMedia(slide: SlideDraft, media: MediaRef): SlideDraft {
  return {
    ...slide,
    components: slide.components.map((component) =>
      component.type === 'MEDIA' && !component.media ? { ...component, media } : component,
    ),
  }
}

/**
 * Switches format and carries the media across: a carousel's media become the slides of a
 * multi-destination carousel (one each) or the single card's medium, and back. Slides or
 * components that already hold media are kept as they are. Only what the new format cannot
 * hold is left behind (a single card shows one medium), and undo brings it back.
 */
export function changeCardMode(content: CardContent, mode: CardMode): CardContent {
  if (mode === content.mode) return content
  const carried = mediaShown(content)
  if (mode === 'multi_destination') {
    const { min, max } = LIMITS.card.slides
    if (mediaShown({ ...content, mode }).length > 0) return { ...content, mode }
    const slides = [...content.slides]
    carried.slice(0, max).forEach((media, index) => {
      slides[index] = withMedia(slides[index] ?? newSlide(), media)
    })
    while (slides.length < min) slides.push(newSlide())
    return { ...content, mode, slides }
  }
  let components = content.components.map((component): ComponentDraft => {
    if (mode === 'carousel' && component.type === 'MEDIA') {
      return {
        id: component.id,
        type: 'SWIPEABLE_MEDIA',
        items: component.media ? [newSwipeableItem(component.media)] : [],
      }
    }
    if (mode === 'single' && component.type === 'SWIPEABLE_MEDIA') {
      return { id: component.id, type: 'MEDIA', media: component.items[0]?.media ?? null }
    }
    return component
  })
  if (
    content.mode === 'multi_destination' &&
    carried.length > 0 &&
    mediaShown({ ...content, mode, components }).length === 0
  ) {
    const holder = mode === 'carousel' ? 'SWIPEABLE_MEDIA' : 'MEDIA'
    if (!components.some((component) => component.type === holder))
      components = [newComponent(holder), ...components]
    components = components.map((component) =>
      component.type === 'MEDIA'
        ? { ...component, media: carried[0]! }
        : component.type === 'SWIPEABLE_MEDIA'
          ? {
              ...component,
              items: carried.slice(0, LIMITS.card.swipeableItems.max).map((media) => newSwipeableItem(media)),
            }
          : component,
    )
  }
  return { ...content, mode, components }
}

function appDestinationPayload(destination: AppDestinationDraft): AppDestination {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())
  const payload: AppDestination = { type: 'APP', country_code: destination.countryCode.trim() }
  const androidId = optional(destination.androidStoreAppId)
  const iosId = optional(destination.iosAppStoreIdentifier)
  const androidLink = optional(destination.androidStoreDeepLink)
  const iosLink = optional(destination.iosDeepLink)
  if (androidId !== undefined) payload.android_store_app_id = androidId
  if (iosId !== undefined) payload.ios_app_store_identifier = iosId
  if (androidLink !== undefined) payload.android_store_deep_link = androidLink
  if (iosLink !== undefined) payload.ios_deep_link = iosLink
  return payload
}

function componentPayload(component: ComponentDraft, media: MediaCollector): CardComponentPayload {
  switch (component.type) {
    case 'MEDIA':
      return { type: 'MEDIA', media_key: component.media ? media.key(component.media) : '' }
    case 'SWIPEABLE_MEDIA':
      return {
        type: 'SWIPEABLE_MEDIA',
        media_keys: component.items.map((item) => (item.media ? media.key(item.media) : '')),
      }
    case 'DETAILS':
      return {
        type: 'DETAILS',
        title: component.title,
        destination: { type: 'WEBSITE', url: component.destination.url.trim() },
      }
    case 'BUTTON':
      return {
        type: 'BUTTON',
        label: { type: 'ENUM', value: component.label ?? '' },
        destination: appDestinationPayload(component.destination),
      }
  }
}

export function cardPayload(content: CardContent, media: MediaCollector): CardPayload {
  if (content.mode === 'multi_destination') {
    return {
      name: content.name,
      slides: content.slides.map((slide) =>
        slide.components.map((component) => componentPayload(component, media)),
      ),
    }
  }
  return {
    name: content.name,
    components: content.components.map((component) => componentPayload(component, media)),
  }
}
