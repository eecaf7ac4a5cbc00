import { describe, expect, it } from 'vitest'
import type { ContentByKind, DraftKind } from '../../../src/shared/creatives'
import type { CardContent } from '../../../src/shared/creatives/card'
import {
  changeCardMode,
  checkContent,
  contentSchemas,
  emptyContent,
  toContentPath,
  toPayload,
} from '../../../src/shared/creatives'
import { CREATIVE_KINDS, LIMITS, localMediaPlaceholder, validate } from '../../../src/shared/rules'
import { errorKeys, warningKeys } from '../rules/helpers'
import {
  fullAppCarousel,
  fullLibraryEntry,
  fullMultiDestination,
  fullPoll,
  fullPost,
  fullSingleCard,
  fullVideoConversation,
  fullVideoPost,
  image,
  localImage,
} from './fixtures'

const FULL: { [K in DraftKind]: () => ContentByKind[K] }[] = [
  {
    card: fullSingleCard,
    poll_card: fullPoll,
    video_conversation_card: fullVideoConversation,
    post: fullPost,
    media_library: fullLibraryEntry,
  },
  {
    card: fullAppCarousel,
    poll_card: fullPoll,
    video_conversation_card: fullVideoConversation,
    post: fullVideoPost,
    media_library: fullLibraryEntry,
  },
  {
    card: fullMultiDestination,
    poll_card: fullPoll,
    video_conversation_card: fullVideoConversation,
    post: fullPost,
    media_library: fullLibraryEntry,
  },
]
const FEATURES = ['PROMOTED_MEDIA_POLLS', 'CONVERSATION_CARD_FOUR_OPTIONS', 'CONVERSATION_CARD_UNLOCK']

describe('a full valid draft gives a payload with zero errors', () => {
  for (const [variant, makers] of FULL.entries()) {
    for (const kind of CREATIVE_KINDS) {
      it(`${kind} (variant ${variant})`, () => {
        const content = makers[kind]()
        expect(contentSchemas[kind].safeParse(content).success).toBe(true)
        const check = checkContent(kind, content as never, {
          features: FEATURES,
          authenticatedUserId: '756201191646691328',
          weightedTextLength: 18,
        })
        expect(errorKeys(check.issues)).toEqual([])
        expect(errorKeys(validate(kind, toPayload(kind, content as never), check.context))).toEqual([])
      })
    }
  }
})

describe('payload shapes', () => {
  it('single card', () => {
    expect(toPayload('card', fullSingleCard())).toEqual({
      name: 'Spring single',
      components: [
        { type: 'MEDIA', media_key: 'm1' },
        {
          type: 'DETAILS',
          title: 'Spring shoes',
          destination: { type: 'WEBSITE', url: 'https://example.com/spring' },
        },
      ],
    })
  })

  it('app carousel: blank store fields are left out, local media resolve or stay placeholders', () => {
    const content = fullAppCarousel()
    const local = localImage('c')
    const unresolved = toPayload('card', content)
    expect(unresolved.components?.[0]).toEqual({
      type: 'SWIPEABLE_MEDIA',
      media_keys: ['a', 'b', localMediaPlaceholder(local.sha256)],
    })
    expect(unresolved.components?.[1]).toEqual({
      type: 'BUTTON',
      label: { type: 'ENUM', value: 'INSTALL' },
      destination: {
        type: 'APP',
        country_code: 'FR',
        android_store_app_id: 'com.example.app',
        android_store_deep_link: 'example://home',
      },
    })
    const resolved = toPayload('card', content, (ref) =>
      ref.sha256 === local.sha256 ? 'uploaded-key' : undefined,
    )
    expect(resolved.components?.[0]).toEqual({
      type: 'SWIPEABLE_MEDIA',
      media_keys: ['a', 'b', 'uploaded-key'],
    })
  })

  it('an unresolved local file is never silent', () => {
    const check = checkContent('card', fullAppCarousel())
    expect(errorKeys(check.issues)).toEqual([])
    expect(warningKeys(check.issues)).toEqual(['pending_upload@components.0.media_keys.2'])
  })

  it('multi-destination uses slides only, in order', () => {
    const payload = toPayload('card', fullMultiDestination())
    expect(payload.components).toBeUndefined()
    expect(payload.slides?.map((slide) => slide[0])).toEqual([
      { type: 'MEDIA', media_key: 's0' },
      { type: 'MEDIA', media_key: 's1' },
      { type: 'MEDIA', media_key: 's2' },
    ])
  })

  it('poll choices map in order; blank slots are sent so they get reported', () => {
    expect(toPayload('poll_card', fullPoll())).toEqual({
      name: 'Lunch poll',
      duration_in_minutes: 1440,
      first_choice: 'Pizza',
      second_choice: 'Sushi',
      third_choice: 'Tacos',
      fourth_choice: 'Salad',
      media_key: 'p',
    })
    const blankThird = { ...fullPoll(), choices: ['a', 'b', ''] }
    expect(errorKeys(checkContent('poll_card', blankThird, { features: FEATURES }).issues)).toEqual([
      'required@third_choice',
    ])
  })

  it('video conversation options become # hashtags', () => {
    const payload = toPayload('video_conversation_card', fullVideoConversation())
    expect(payload).toMatchObject({
      first_cta: '#Red',
      first_cta_post: 'Red it is',
      second_cta: '#Blue',
      second_cta_post: 'Blue it is',
    })
    expect(payload).not.toHaveProperty('third_cta')
  })

  it('post: nullcast true and EVERYONE by default; a card draft is a placeholder until resolved', () => {
    const content = {
      ...emptyContent('post'),
      asUserId: '1',
      text: 'hi',
      card: { source: 'draft' as const, draftId: 'd-1' },
    }
    expect(toPayload('post', content)).toEqual({
      as_user_id: '1',
      text: 'hi',
      card_uri: 'draft:d-1',
      conversation_settings: 'EVERYONE',
      nullcast: true,
    })
    expect(
      toPayload('post', content, undefined, (id) => (id === 'd-1' ? 'card://99' : undefined)).card_uri,
    ).toBe('card://99')
    expect(warningKeys(checkContent('post', content, { authenticatedUserId: '1' }).issues)).toEqual([
      'pending_card@card_uri',
    ])
  })

  it('post media keys are comma-separated in order', () => {
    expect(toPayload('post', fullVideoPost()).media_keys).toBe('v')
  })
})

describe('empty content', () => {
  it.each(CREATIVE_KINDS)('%s parses with its schema and reports what is missing', (kind) => {
    const content = emptyContent(kind)
    expect(contentSchemas[kind].safeParse(content).success).toBe(true)
    expect(errorKeys(checkContent(kind, content as never).issues).length).toBeGreaterThan(0)
  })

  it('gives fresh client ids every time', () => {
    const a = emptyContent('card').components.map((component) => component.id)
    const b = emptyContent('card').components.map((component) => component.id)
    expect(new Set([...a, ...b]).size).toBe(4)
  })
})

describe('content paths', () => {
  it('maps card payload paths to component fields', () => {
    const content = fullMultiDestination()
    const slide = content.slides[1]
    const details = slide?.components[1]
    if (details?.type !== 'DETAILS') throw new Error('unexpected')
    details.destination.url = 'nope'
    const issue = checkContent('card', content).issues[0]
    expect(issue?.path).toEqual(['slides', 1, 1, 'destination', 'url'])
    expect(issue?.contentPath).toEqual(['slides', 1, 'components', 1, 'destination', 'url'])
  })

  it('maps each kind', () => {
    expect(toContentPath('card', ['components', 0, 'media_keys', 2])).toEqual([
      'components',
      0,
      'items',
      2,
      'media',
    ])
    expect(toContentPath('card', ['components', 1, 'destination', 'country_code'])).toEqual([
      'components',
      1,
      'destination',
      'countryCode',
    ])
    expect(toContentPath('card', ['components', 1, 'label', 'value'])).toEqual(['components', 1, 'label'])
    expect(toContentPath('poll_card', ['third_choice'])).toEqual(['choices', 2])
    expect(toContentPath('poll_card', ['duration_in_minutes'])).toEqual(['durationInMinutes'])
    expect(toContentPath('video_conversation_card', ['second_cta_post'])).toEqual(['options', 1, 'post'])
    expect(toContentPath('video_conversation_card', ['fourth_cta'])).toEqual(['options', 3, 'hashtag'])
    expect(toContentPath('video_conversation_card', ['media_key'])).toEqual(['video'])
    expect(toContentPath('video_conversation_card', ['unlocked_image_media_key'])).toEqual(['unlockedImage'])
    expect(toContentPath('post', ['media_keys', 1])).toEqual(['media', 1, 'media'])
    expect(toContentPath('post', ['as_user_id'])).toEqual(['asUserId'])
    expect(toContentPath('post', ['card_uri'])).toEqual(['card'])
    expect(toContentPath('media_library', ['file_name'])).toEqual(['fileName'])
    expect(toContentPath('media_library', ['poster_media_key'])).toEqual(['poster'])
  })
})

describe('changeCardMode', () => {
  it('single → carousel keeps the medium as the first item, and back', () => {
    const carousel = changeCardMode(fullSingleCard(), 'carousel')
    const first = carousel.components[0]
    expect(first?.type === 'SWIPEABLE_MEDIA' ? first.items.map((item) => item.media) : null).toEqual([
      image('m1'),
    ])
    expect(errorKeys(checkContent('card', carousel).issues)).toEqual([`too_few@components.0.media_keys`])
    const back = changeCardMode(carousel, 'single')
    expect(errorKeys(checkContent('card', back).issues)).toEqual([])
  })

  it('multi-destination seeds the minimum number of slides and keeps components', () => {
    const single = fullSingleCard()
    const multi = changeCardMode(single, 'multi_destination')
    expect(multi.slides).toHaveLength(LIMITS.card.slides.min)
    expect(multi.components).toBe(single.components)
    expect(toPayload('card', multi).slides).toHaveLength(LIMITS.card.slides.min)
    expect(changeCardMode(multi, 'multi_destination')).toBe(multi)
  })

  const mediaOfSlides = (content: CardContent) =>
    content.slides
      .map((slide) => slide.components.find((c) => c.type === 'MEDIA'))
      .map((c) => (c?.type === 'MEDIA' ? c.media : undefined))
  const carouselItems = (content: CardContent) =>
    content.components.flatMap((c) => (c.type === 'SWIPEABLE_MEDIA' ? c.items.map((item) => item.media) : []))

  it('a carousel switched to multi-destination keeps its media, one slide each, and back', () => {
    const carousel = fullAppCarousel()
    const media = carouselItems(carousel)
    expect(media.length).toBeGreaterThanOrEqual(2)
    const multi = changeCardMode(carousel, 'multi_destination')
    expect(mediaOfSlides(multi).slice(0, media.length)).toEqual(media)
    expect(multi.slides.length).toBeGreaterThanOrEqual(Math.max(media.length, LIMITS.card.slides.min))

    // From slides with media back to a carousel whose media component is empty.
    const emptied: CardContent = {
      ...multi,
      components: multi.components.map((c) => (c.type === 'SWIPEABLE_MEDIA' ? { ...c, items: [] } : c)),
    }
    expect(carouselItems(changeCardMode(emptied, 'carousel'))).toEqual(media)
  })

  it('a single card switched to multi-destination puts its medium on the first slide', () => {
    const multi = changeCardMode(fullSingleCard(), 'multi_destination')
    expect(mediaOfSlides(multi)[0]).toEqual(image('m1'))
  })

  it('slides that already hold media are kept as they are', () => {
    const multi = fullMultiDestination()
    const before = mediaOfSlides(multi)
    const carousel = changeCardMode(multi, 'carousel')
    expect(mediaOfSlides(changeCardMode(carousel, 'multi_destination'))).toEqual(before)
  })
})
