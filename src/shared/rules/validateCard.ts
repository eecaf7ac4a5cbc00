// POST accounts/:account_id/cards: component cards, carousels and multi-destination carousels.

import type { ValidationContext, MediaInfo } from './context'
import type { JsonObject } from './fields'
import { checkEnum, checkLength, inspectMediaKey, isObject, isPresent, requireString } from './fields'
import type { Issue, IssuePath } from './issues'
import { error, warning } from './issues'
import { LIMITS } from './limits'
import { characterCount } from './issues'
import { checkMatchingAspectRatios, checkMediaType } from './media'
import { checkDestination, checkLabel } from './validateCardDestination'

const RULES = LIMITS.card

interface SetScope {
  /** 'The card' or 'Slide 2', for messages. */
  readonly where: string
  readonly inSlide: boolean
}

interface CarouselMedia {
  path: IssuePath
  info: MediaInfo
}

export function validateCard(payload: unknown, context: ValidationContext = {}): Issue[] {
  if (!isObject(payload)) return [error([], 'invalid_type', 'The card is not a JSON object')]
  const issues: Issue[] = []
  const name = requireString(issues, payload, 'name', ['name'], 'Card name')
  checkLength(issues, name, ['name'], 'Card name', RULES.name)

  const hasComponents = isPresent(payload, 'components')
  const hasSlides = isPresent(payload, 'slides')
  if (hasComponents && hasSlides) {
    issues.push(
      error(
        ['slides'],
        'exclusive',
        'A card has either components or slides (multi-destination carousel), not both',
      ),
    )
  }
  if (!hasComponents && !hasSlides) {
    issues.push(
      error(['components'], 'required', 'Add components, or slides for a multi-destination carousel'),
    )
  }
  if (hasComponents) {
    const components = payload.components
    if (Array.isArray(components)) {
      const carousel = checkComponentSet(
        issues,
        components,
        ['components'],
        { where: 'The card', inSlide: false },
        context,
      )
      issues.push(...checkMatchingAspectRatios(carousel))
    } else {
      issues.push(error(['components'], 'invalid_type', 'Components must be a list'))
    }
  }
  if (hasSlides) checkSlides(issues, payload.slides, context)
  return issues
}

function checkSlides(issues: Issue[], slides: unknown, context: ValidationContext): void {
  if (!Array.isArray(slides)) {
    issues.push(error(['slides'], 'invalid_type', 'Slides must be a list of component lists'))
    return
  }
  const { min, max } = RULES.slides
  if (slides.length < min) {
    const missing = min - slides.length
    issues.push(
      error(
        ['slides'],
        'too_few',
        `A multi-destination carousel needs at least ${min} slides; add ${missing} more`,
        min,
      ),
    )
  }
  if (slides.length > max) {
    issues.push(
      error(
        ['slides'],
        'too_many',
        `A multi-destination carousel takes at most ${max} slides; remove ${slides.length - max}`,
        max,
      ),
    )
  }
  const slideMedia: CarouselMedia[] = []
  slides.forEach((slide, index) => {
    const path = ['slides', index]
    if (!Array.isArray(slide)) {
      issues.push(error(path, 'invalid_type', `Slide ${index + 1} must be a list of components`))
      return
    }
    slideMedia.push(
      ...checkComponentSet(issues, slide, path, { where: `Slide ${index + 1}`, inSlide: true }, context),
    )
  })
  issues.push(...checkMatchingAspectRatios(slideMedia))
}

/** Checks one full set of components; returns the carousel media it found, for ratio matching. */
function checkComponentSet(
  issues: Issue[],
  components: readonly unknown[],
  path: IssuePath,
  scope: SetScope,
  context: ValidationContext,
): CarouselMedia[] {
  const carouselMedia: CarouselMedia[] = []
  let mediaCount = 0
  let firstDestinationType: string | undefined
  components.forEach((component, index) => {
    const componentPath = [...path, index]
    const type = checkComponent(issues, component, componentPath, scope, context, carouselMedia)
    if (type === 'MEDIA' || type === 'SWIPEABLE_MEDIA') {
      mediaCount++
      if (mediaCount > 1) {
        issues.push(
          error(
            componentPath,
            'too_many',
            `${scope.where} takes one media component; remove this one or merge them`,
            1,
          ),
        )
      }
    }
    if (type === 'DETAILS' || type === 'BUTTON') {
      if (firstDestinationType === undefined) firstDestinationType = type
      else if (firstDestinationType === type) {
        issues.push(
          error(
            componentPath,
            'too_many',
            `${scope.where} takes one ${type === 'DETAILS' ? 'website' : 'app button'}; remove this one`,
            1,
          ),
        )
      } else {
        issues.push(
          error(componentPath, 'exclusive', `${scope.where} takes a website or an app button, not both`),
        )
      }
    }
  })
  // Messages name what designers see in the builder (website, app button), not the API's component types.
  if (mediaCount === 0) {
    issues.push(error(path, 'required', `${scope.where} needs media: an image or a video`))
  }
  if (firstDestinationType === undefined) {
    issues.push(error(path, 'required', `${scope.where} needs a destination: a website or an app button`))
  }
  return carouselMedia
}

function checkComponent(
  issues: Issue[],
  component: unknown,
  path: IssuePath,
  scope: SetScope,
  context: ValidationContext,
  carouselMedia: CarouselMedia[],
): string | undefined {
  if (!isObject(component)) {
    issues.push(error(path, 'invalid_type', 'A component must be an object'))
    return undefined
  }
  const type = requireString(issues, component, 'type', [...path, 'type'], 'Component type')
  if (!checkEnum(issues, type, [...path, 'type'], 'Component type', RULES.componentTypes)) return undefined
  switch (type) {
    case 'MEDIA': {
      const info = checkComponentMedia(issues, component, path, context)
      if (scope.inSlide && info) carouselMedia.push({ path: [...path, 'media_key'], info })
      break
    }
    case 'SWIPEABLE_MEDIA':
      if (scope.inSlide) {
        issues.push(
          error(path, 'not_allowed', 'A slide shows one medium: use a MEDIA component, not SWIPEABLE_MEDIA'),
        )
      }
      carouselMedia.push(...checkSwipeableMedia(issues, component, path, context))
      break
    case 'DETAILS': {
      const title = requireString(issues, component, 'title', [...path, 'title'], 'Title')
      // The spec gives no limit: past the platform's headline length it is a warning only.
      if (title !== undefined && characterCount(title) > RULES.detailsTitle.max)
        issues.push(
          warning(
            [...path, 'title'],
            'too_long',
            `Title is ${characterCount(title)} characters; website card headlines on the platform show ${RULES.detailsTitle.max} (the API spec gives no limit)`,
            RULES.detailsTitle.max,
          ),
        )
      checkDestination(issues, component, path, 'DETAILS')
      break
    }
    case 'BUTTON':
      if (scope.inSlide) {
        // Every multi-destination card type is a WEBSITE type (spec card types list), so the
        // platform refuses an app button in a slide.
        issues.push(
          error(
            path,
            'not_allowed',
            'Multi-destination carousels link to websites: use a website (DETAILS), not an app button',
          ),
        )
      }
      checkLabel(issues, component.label, [...path, 'label'])
      checkDestination(issues, component, path, 'BUTTON')
      break
  }
  return type
}

function checkComponentMedia(
  issues: Issue[],
  component: JsonObject,
  path: IssuePath,
  context: ValidationContext,
): MediaInfo | undefined {
  const keyPath = [...path, 'media_key']
  const mediaKey = requireString(issues, component, 'media_key', keyPath, 'Media')
  if (mediaKey === undefined) return undefined
  const info = inspectMediaKey(issues, mediaKey, keyPath, 'This medium', context)
  if (info) issues.push(...checkMediaType(keyPath, info, RULES.componentMediaTypes, 'Card media'))
  return info
}

function checkSwipeableMedia(
  issues: Issue[],
  component: JsonObject,
  path: IssuePath,
  context: ValidationContext,
): CarouselMedia[] {
  const listPath = [...path, 'media_keys']
  const keys = component.media_keys
  if (!isPresent(component, 'media_keys')) {
    issues.push(error(listPath, 'required', 'Add carousel media'))
    return []
  }
  if (!Array.isArray(keys)) {
    issues.push(error(listPath, 'invalid_type', 'Carousel media must be a list of media keys'))
    return []
  }
  const { min, max } = RULES.swipeableItems
  if (keys.length < min) {
    issues.push(
      error(
        listPath,
        'too_few',
        `A carousel needs at least ${min} media; add ${min - keys.length} more`,
        min,
      ),
    )
  }
  if (keys.length > max) {
    issues.push(
      error(listPath, 'too_many', `A carousel takes at most ${max} media; remove ${keys.length - max}`, max),
    )
  }
  const media: CarouselMedia[] = []
  keys.forEach((key, index) => {
    const itemPath = [...listPath, index]
    if (typeof key !== 'string' || key.trim() === '') {
      issues.push(
        error(
          itemPath,
          typeof key === 'string' ? 'required' : 'invalid_type',
          `Carousel item ${index + 1} has no medium`,
        ),
      )
      return
    }
    const info = inspectMediaKey(issues, key, itemPath, `Carousel item ${index + 1}`, context)
    if (info) {
      issues.push(...checkMediaType(itemPath, info, RULES.componentMediaTypes, 'Carousel media'))
      media.push({ path: itemPath, info })
    }
  })
  return media
}
