// Pure edits of card content, addressed by client ids (never by index, which drag and drop
// changes under our feet). Each returns new content, or the same object when nothing changes,
// so the editor store can skip no-op undo steps.

import { LIMITS } from '../../../shared/rules/limits'
import type {
  CardContent,
  CardMode,
  ComponentDraft,
  ComponentDraftType,
  SlideDraft,
} from '../../../shared/creatives/card'
import { newComponent, newSlide, newSwipeableItem } from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'

/** Which list of components: the card's own (slideId null) or one slide's. */
export type ComponentListOwner = string | null

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

export function componentsOf(content: CardContent, owner: ComponentListOwner): readonly ComponentDraft[] {
  if (owner === null) return content.components
  return content.slides.find((slide) => slide.id === owner)?.components ?? []
}

function withComponents(
  content: CardContent,
  owner: ComponentListOwner,
  update: (components: ComponentDraft[]) => ComponentDraft[],
): CardContent {
  if (owner === null) return { ...content, components: update(content.components) }
  return {
    ...content,
    slides: content.slides.map((slide) =>
      slide.id === owner ? { ...slide, components: update(slide.components) } : slide,
    ),
  }
}

export function addComponent(
  content: CardContent,
  owner: ComponentListOwner,
  type: ComponentDraftType,
): CardContent {
  const component = newComponent(type)
  // Media goes on top (the render order is top to bottom), destinations below.
  const isMedia = type === 'MEDIA' || type === 'SWIPEABLE_MEDIA'
  return withComponents(content, owner, (components) =>
    isMedia ? [component, ...components] : [...components, component],
  )
}

export function removeComponent(content: CardContent, owner: ComponentListOwner, id: string): CardContent {
  return withComponents(content, owner, (components) => components.filter((component) => component.id !== id))
}

export function moveComponent(
  content: CardContent,
  owner: ComponentListOwner,
  from: number,
  to: number,
): CardContent {
  return withComponents(content, owner, (components) => move(components, from, to))
}

export function updateComponent<T extends ComponentDraft['type']>(
  content: CardContent,
  owner: ComponentListOwner,
  id: string,
  update: (component: Extract<ComponentDraft, { type: T }>) => Extract<ComponentDraft, { type: T }>,
): CardContent {
  return withComponents(content, owner, (components) =>
    components.map((component) =>
      component.id === id ? update(component as Extract<ComponentDraft, { type: T }>) : component,
    ),
  )
}

export function addSlide(content: CardContent): CardContent {
  return { ...content, slides: [...content.slides, newSlide()] }
}

/** A multi-destination card keeps at least LIMITS.card.slides.min slides: removing goes no lower. */
export function canRemoveSlide(content: CardContent): boolean {
  return content.slides.length > LIMITS.card.slides.min
}

export function removeSlide(content: CardContent, id: string): CardContent {
  if (!canRemoveSlide(content)) return content
  return { ...content, slides: content.slides.filter((slide) => slide.id !== id) }
}

export function moveSlide(content: CardContent, from: number, to: number): CardContent {
  return { ...content, slides: move<SlideDraft>(content.slides, from, to) }
}

type Swipeable = Extract<ComponentDraft, { type: 'SWIPEABLE_MEDIA' }>

export function addItem(content: CardContent, owner: ComponentListOwner, componentId: string): CardContent {
  return updateComponent<'SWIPEABLE_MEDIA'>(content, owner, componentId, (component: Swipeable) => ({
    ...component,
    items: [...component.items, newSwipeableItem()],
  }))
}

export function removeItem(
  content: CardContent,
  owner: ComponentListOwner,
  componentId: string,
  itemId: string,
): CardContent {
  return updateComponent<'SWIPEABLE_MEDIA'>(content, owner, componentId, (component: Swipeable) => ({
    ...component,
    items: component.items.filter((item) => item.id !== itemId),
  }))
}

export function moveItem(
  content: CardContent,
  owner: ComponentListOwner,
  componentId: string,
  from: number,
  to: number,
): CardContent {
  return updateComponent<'SWIPEABLE_MEDIA'>(content, owner, componentId, (component: Swipeable) => ({
    ...component,
    items: move(component.items, from, to),
  }))
}

export function setItemMedia(
  content: CardContent,
  owner: ComponentListOwner,
  componentId: string,
  itemId: string,
  media: MediaRef | null,
): CardContent {
  return updateComponent<'SWIPEABLE_MEDIA'>(content, owner, componentId, (component: Swipeable) => ({
    ...component,
    items: component.items.map((item) => (item.id === itemId ? { ...item, media } : item)),
  }))
}

export interface AddOption {
  type: ComponentDraftType
  /** Why it cannot be added here, or null when it can. */
  blockedBy: string | null
  /** The component this one could replace instead (a website destination for an app button, and back). */
  swapFor?: { id: string; label: string }
}

/**
 * The component types offered by the "Add component" menu: the media type that fits the mode
 * (MEDIA, or SWIPEABLE_MEDIA in a carousel), DETAILS and BUTTON, each blocked with a reason
 * when the rules allow only one of its kind.
 */
export function addOptions(content: CardContent, owner: ComponentListOwner): AddOption[] {
  return addOptionsFor(componentsOf(content, owner), content.mode, owner)
}

/** addOptions from what it reads: the list's component ids and types, and the card's mode. */
export function addOptionsFor(
  components: readonly Pick<ComponentDraft, 'id' | 'type'>[],
  mode: CardMode,
  owner: ComponentListOwner,
): AddOption[] {
  const hasMedia = components.some((c) => c.type === 'MEDIA' || c.type === 'SWIPEABLE_MEDIA')
  const destination = components.find((c) => c.type === 'DETAILS' || c.type === 'BUTTON')
  const mediaType: ComponentDraftType = owner === null && mode === 'carousel' ? 'SWIPEABLE_MEDIA' : 'MEDIA'
  const destinationBlock = destination
    ? `This ${owner === null ? 'card' : 'slide'} already has a ${destination.type === 'DETAILS' ? 'website' : 'app'} destination`
    : null
  // A card has one destination: the other kind is offered as a swap (the new one starts empty).
  const swapFrom = (type: ComponentDraftType) =>
    destination && destination.type !== type
      ? { swapFor: { id: destination.id, label: destination.type === 'DETAILS' ? 'website' : 'app button' } }
      : {}
  return [
    {
      type: mediaType,
      blockedBy: hasMedia ? `This ${owner === null ? 'card' : 'slide'} already has its media` : null,
    },
    { type: 'DETAILS', blockedBy: destinationBlock, ...swapFrom('DETAILS') },
    owner !== null
      ? { type: 'BUTTON', blockedBy: 'Multi-destination slides link to websites' }
      : { type: 'BUTTON', blockedBy: destinationBlock, ...swapFrom('BUTTON') },
  ]
}

/** Replaces one component with a new one of another type, in the same place. */
export function swapComponent(
  content: CardContent,
  owner: ComponentListOwner,
  id: string,
  type: ComponentDraftType,
): CardContent {
  return withComponents(content, owner, (components) =>
    components.map((component) => (component.id === id ? newComponent(type) : component)),
  )
}
