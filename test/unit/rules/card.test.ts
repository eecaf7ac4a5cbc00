import { describe, expect, it } from 'vitest'
import type { CardPayload, ValidationContext } from '../../../src/shared/rules'
import { COUNTRIES, LIMITS, localMediaPlaceholder, validate } from '../../../src/shared/rules'
import { errorKeys, issueAt, text, warningKeys } from './helpers'

const website = { type: 'WEBSITE', url: 'https://example.com/shoes' } as const
const details = { type: 'DETAILS', title: 'Shoes', destination: website } as const
const app = { type: 'APP', country_code: 'US', ios_app_store_identifier: '123456' } as const
const button = { type: 'BUTTON', label: { type: 'ENUM', value: 'INSTALL' }, destination: app } as const

function single(...components: unknown[]): unknown {
  return {
    name: 'Spring',
    components: components.length ? components : [{ type: 'MEDIA', media_key: 'm1' }, details],
  }
}

function swipeable(count: number) {
  return { type: 'SWIPEABLE_MEDIA', media_keys: Array.from({ length: count }, (_, i) => `m${i}`) }
}

function withApp(destination: Record<string, unknown>) {
  return single({ type: 'MEDIA', media_key: 'm1' }, { ...button, destination })
}

describe('card name', () => {
  it('is required', () => {
    expect(errorKeys(validate('card', { components: [{ type: 'MEDIA', media_key: 'm' }, details] }))).toEqual(
      ['required@name'],
    )
    expect(errorKeys(validate('card', { ...(single() as object), name: '  ' }))).toEqual(['required@name'])
  })

  it.each([
    [LIMITS.card.name.max, []],
    [LIMITS.card.name.max + 1, ['too_long@name']],
  ])('%i characters → %j', (length, expected) => {
    expect(errorKeys(validate('card', { ...(single() as object), name: text(length) }))).toEqual(expected)
  })

  it('counts characters, not UTF-16 units, and says how far over', () => {
    const max = LIMITS.card.name.max
    expect(errorKeys(validate('card', { ...(single() as object), name: text(max, '😀') }))).toEqual([])
    const issue = issueAt(
      validate('card', { ...(single() as object), name: text(max + 3) }),
      ['name'],
      'too_long',
    )
    expect(issue?.message).toBe('Card name is 3 characters over the 80-character limit')
    expect(issue?.limit).toBe(max)
  })
})

describe('components and slides', () => {
  it('a valid single card, website and app, has no issues', () => {
    expect(validate('card', single())).toEqual([])
    expect(validate('card', single({ type: 'MEDIA', media_key: 'm' }, button))).toEqual([])
  })

  it('cannot be combined', () => {
    const payload = {
      name: 'x',
      components: [{ type: 'MEDIA', media_key: 'm' }, details],
      slides: [
        [{ type: 'MEDIA', media_key: 'm' }, details],
        [{ type: 'MEDIA', media_key: 'n' }, details],
      ],
    }
    expect(errorKeys(validate('card', payload))).toEqual(['exclusive@slides'])
  })

  it('one of them is required', () => {
    expect(errorKeys(validate('card', { name: 'x' }))).toEqual(['required@components'])
  })

  it('a set needs one media component plus DETAILS or BUTTON', () => {
    expect(errorKeys(validate('card', single(details)))).toEqual(['required@components'])
    expect(errorKeys(validate('card', single({ type: 'MEDIA', media_key: 'm' })))).toEqual([
      'required@components',
    ])
    expect(errorKeys(validate('card', { name: 'x', components: [] }))).toEqual([
      'required@components',
      'required@components',
    ])
  })

  it('takes exactly one media component and one of DETAILS or BUTTON', () => {
    const media = { type: 'MEDIA', media_key: 'm' }
    expect(errorKeys(validate('card', single(media, swipeable(2), details)))).toEqual([
      'too_many@components.1',
    ])
    expect(errorKeys(validate('card', single(media, details, details)))).toEqual(['too_many@components.2'])
    expect(errorKeys(validate('card', single(media, details, button)))).toEqual(['exclusive@components.2'])
  })

  it('rejects unknown component types and wrong shapes', () => {
    expect(
      errorKeys(validate('card', single({ type: 'MEDIA', media_key: 'm' }, details, { type: 'POLL' }))),
    ).toEqual(['invalid_value@components.2.type'])
    expect(errorKeys(validate('card', { name: 'x', components: 'MEDIA' }))).toEqual([
      'invalid_type@components',
    ])
    expect(errorKeys(validate('card', 'card'))).toEqual(['invalid_type@'])
  })

  it('requires each component field', () => {
    expect(errorKeys(validate('card', single({ type: 'MEDIA' }, details)))).toEqual([
      'required@components.0.media_key',
    ])
    expect(
      errorKeys(
        validate(
          'card',
          single({ type: 'MEDIA', media_key: 'm' }, { type: 'DETAILS', destination: website }),
        ),
      ),
    ).toEqual(['required@components.1.title'])
    expect(
      errorKeys(validate('card', single({ type: 'MEDIA', media_key: 'm' }, { type: 'DETAILS', title: 't' }))),
    ).toEqual(['required@components.1.destination'])
    expect(
      errorKeys(
        validate('card', single({ type: 'MEDIA', media_key: 'm' }, { type: 'BUTTON', destination: app })),
      ),
    ).toEqual(['required@components.1.label'])
    expect(errorKeys(validate('card', single({ type: 'SWIPEABLE_MEDIA' }, details)))).toEqual([
      'required@components.0.media_keys',
    ])
  })
})

describe('SWIPEABLE_MEDIA', () => {
  const { min, max } = LIMITS.card.swipeableItems
  for (let count = 0; count <= max + 1; count++) {
    const expected =
      count < min
        ? ['too_few@components.0.media_keys']
        : count > max
          ? ['too_many@components.0.media_keys']
          : []
    it(`${count} items → ${expected.join() || 'valid'}`, () => {
      expect(errorKeys(validate('card', single(swipeable(count), details)))).toEqual(expected)
    })
  }

  it('reports an empty item at its index', () => {
    expect(
      errorKeys(validate('card', single({ type: 'SWIPEABLE_MEDIA', media_keys: ['a', ''] }, details))),
    ).toEqual(['required@components.0.media_keys.1'])
  })
})

describe('destinations', () => {
  it('DETAILS takes website destinations only', () => {
    const payload = single(
      { type: 'MEDIA', media_key: 'm' },
      { type: 'DETAILS', title: 't', destination: app },
    )
    expect(errorKeys(validate('card', payload))).toEqual(['not_allowed@components.1.destination.type'])
  })

  it('BUTTON takes app destinations only', () => {
    const payload = single({ type: 'MEDIA', media_key: 'm' }, { ...button, destination: website })
    expect(errorKeys(validate('card', payload))).toEqual(['not_allowed@components.1.destination.type'])
  })

  it('rejects an unknown destination type', () => {
    expect(errorKeys(validate('card', withApp({ type: 'STORE' })))).toEqual([
      'invalid_value@components.1.destination.type',
    ])
  })

  it('a website needs an http(s) URL', () => {
    const withUrl = (url?: string) =>
      single(
        { type: 'MEDIA', media_key: 'm' },
        { ...details, destination: { type: 'WEBSITE', ...(url === undefined ? {} : { url }) } },
      )
    expect(errorKeys(validate('card', withUrl()))).toEqual(['required@components.1.destination.url'])
    for (const bad of ['example.com', 'ftp://example.com', 'https://exa mple.com', 'https://localhost']) {
      expect(errorKeys(validate('card', withUrl(bad))), bad).toEqual([
        'invalid_format@components.1.destination.url',
      ])
    }
    for (const good of ['http://example.com', 'https://shop.example.co.uk/a?b=c#d']) {
      expect(errorKeys(validate('card', withUrl(good))), good).toEqual([])
    }
  })

  it('an app needs an ISO 3166-1 alpha-2 country code', () => {
    expect(errorKeys(validate('card', withApp({ type: 'APP', ios_app_store_identifier: '1' })))).toEqual([
      'required@components.1.destination.country_code',
    ])
    for (const bad of ['us', 'USA', 'XX', 'U1']) {
      expect(errorKeys(validate('card', withApp({ ...app, country_code: bad }))), bad).toEqual([
        'invalid_format@components.1.destination.country_code',
      ])
    }
    for (const { code } of COUNTRIES) {
      expect(errorKeys(validate('card', withApp({ ...app, country_code: code })))).toEqual([])
    }
  })

  it('an app needs at least one store id', () => {
    const base = { type: 'APP', country_code: 'DE' }
    expect(errorKeys(validate('card', withApp(base)))).toEqual([
      'required@components.1.destination.android_store_app_id',
    ])
    expect(errorKeys(validate('card', withApp({ ...base, android_store_app_id: 'com.example' })))).toEqual([])
    expect(errorKeys(validate('card', withApp({ ...base, ios_app_store_identifier: '42' })))).toEqual([])
    expect(
      errorKeys(
        validate('card', withApp({ ...base, android_store_app_id: 'a', ios_app_store_identifier: '42' })),
      ),
    ).toEqual([])
  })

  it('each deep link goes only with its own store id', () => {
    const base = { type: 'APP', country_code: 'DE' }
    const cases: [Record<string, string>, string[]][] = [
      [{ android_store_app_id: 'a', android_store_deep_link: 'app://a' }, []],
      [{ ios_app_store_identifier: '1', ios_deep_link: 'app://i' }, []],
      [
        { ios_app_store_identifier: '1', android_store_deep_link: 'app://a' },
        ['needs@components.1.destination.android_store_deep_link'],
      ],
      [
        { android_store_app_id: 'a', ios_deep_link: 'app://i' },
        ['needs@components.1.destination.ios_deep_link'],
      ],
      [
        {
          android_store_app_id: 'a',
          ios_app_store_identifier: '1',
          android_store_deep_link: 'x',
          ios_deep_link: 'y',
        },
        [],
      ],
    ]
    for (const [fields, expected] of cases) {
      expect(errorKeys(validate('card', withApp({ ...base, ...fields }))), JSON.stringify(fields)).toEqual(
        expected,
      )
    }
  })
})

describe('button label', () => {
  it.each(LIMITS.card.labelValues.values)('accepts %s', (value) => {
    expect(
      errorKeys(
        validate(
          'card',
          single({ type: 'MEDIA', media_key: 'm' }, { ...button, label: { type: 'ENUM', value } }),
        ),
      ),
    ).toEqual([])
  })

  it('rejects other values, a missing value and a wrong label type', () => {
    const withLabel = (label: unknown) => single({ type: 'MEDIA', media_key: 'm' }, { ...button, label })
    expect(errorKeys(validate('card', withLabel({ type: 'ENUM', value: 'BUY' })))).toEqual([
      'invalid_value@components.1.label.value',
    ])
    expect(errorKeys(validate('card', withLabel({ type: 'ENUM', value: 'install' })))).toEqual([
      'invalid_value@components.1.label.value',
    ])
    expect(errorKeys(validate('card', withLabel({ type: 'ENUM', value: '' })))).toEqual([
      'required@components.1.label.value',
    ])
    expect(errorKeys(validate('card', withLabel({ type: 'TEXT', value: 'BOOK' })))).toEqual([
      'invalid_value@components.1.label.type',
    ])
  })
})

describe('multi-destination slides', () => {
  const slide = (key: string) => [{ type: 'MEDIA', media_key: key }, details]
  const slides = (count: number) => ({
    name: 'x',
    slides: Array.from({ length: count }, (_, i) => slide(`m${i}`)),
  })

  it('each slide is a full set of components, checked at its own path', () => {
    const payload = { name: 'x', slides: [slide('a'), [details], [{ type: 'MEDIA', media_key: 'c' }]] }
    expect(errorKeys(validate('card', payload))).toEqual(['required@slides.1', 'required@slides.2'])
  })

  it('2 to 6 slides (the platform range, as for swipeable media): outside it is an error', () => {
    const { min, max } = LIMITS.card.slides
    expect([min, max]).toEqual([2, 6])
    expect(validate('card', slides(min))).toEqual([])
    expect(validate('card', slides(max))).toEqual([])
    expect(errorKeys(validate('card', slides(min - 1)))).toEqual(['too_few@slides'])
    expect(errorKeys(validate('card', slides(max + 1)))).toEqual(['too_many@slides'])
    expect(errorKeys(validate('card', { name: 'x', slides: [] }))).toEqual(['too_few@slides'])
  })

  it('a slide takes MEDIA, not SWIPEABLE_MEDIA, and no BUTTON (multi-destination types are website types)', () => {
    const payload = {
      name: 'x',
      slides: [slide('a'), [swipeable(2), details], [{ type: 'MEDIA', media_key: 'c' }, button]],
    }
    const issues = validate('card', payload)
    expect(errorKeys(issues)).toEqual(['not_allowed@slides.1.0', 'not_allowed@slides.2.1'])
  })

  it('rejects a slide that is not a list', () => {
    expect(errorKeys(validate('card', { name: 'x', slides: [slide('a'), { type: 'MEDIA' }] }))).toEqual([
      'invalid_type@slides.1',
    ])
  })
})

describe('card media facts from the context', () => {
  const context = (media: ValidationContext['media']): ValidationContext => ({ media })

  it('a media component holds an image or a video, not a GIF', () => {
    expect(errorKeys(validate('card', single(), context({ m1: { mediaType: 'GIF' } })))).toEqual([
      'media_type@components.0.media_key',
    ])
    expect(errorKeys(validate('card', single(), context({ m1: { mediaType: 'VIDEO' } })))).toEqual([])
  })

  it('carousel media should share an aspect ratio (warning)', () => {
    const media = {
      m0: { width: 1000, height: 1000 },
      m1: { width: 1200, height: 628 },
      m2: { width: 800, height: 800 },
    }
    const issues = validate('card', single(swipeable(3), details), context(media))
    expect(errorKeys(issues)).toEqual([])
    expect(warningKeys(issues)).toEqual(['aspect_ratio@components.0.media_keys.1'])
    const slides = {
      name: 'x',
      slides: [
        [{ type: 'MEDIA', media_key: 'm0' }, details],
        [{ type: 'MEDIA', media_key: 'm1' }, details],
      ],
    }
    expect(warningKeys(validate('card', slides, context(media)))).toEqual([
      'aspect_ratio@slides.1.0.media_key',
    ])
  })

  it('a local placeholder is never silent: it warns as a pending upload', () => {
    const key = localMediaPlaceholder('a'.repeat(64))
    const issues = validate('card', single({ type: 'MEDIA', media_key: key }, details))
    expect(errorKeys(issues)).toEqual([])
    expect(warningKeys(issues)).toEqual(['pending_upload@components.0.media_key'])
  })

  it('checks the size of local files (platform limits)', () => {
    const max = LIMITS.localMedia.imageMaxBytes.value
    expect(
      errorKeys(validate('card', single(), context({ m1: { mediaType: 'IMAGE', bytes: max } }))),
    ).toEqual([])
    expect(
      errorKeys(validate('card', single(), context({ m1: { mediaType: 'IMAGE', bytes: max + 1 } }))),
    ).toEqual(['file_too_large@components.0.media_key'])
  })

  it('types the valid payload shape', () => {
    const typed: CardPayload = { name: 'typed', components: [{ type: 'MEDIA', media_key: 'k' }, details] }
    expect(validate('card', typed)).toEqual([])
  })
})

describe('DETAILS title length (no limit in the spec)', () => {
  it('warns past the platform headline length, never blocks', () => {
    const long = 'x'.repeat(LIMITS.card.detailsTitle.max + 1)
    const result = validate('card', single({ type: 'MEDIA', media_key: 'm1' }, { ...details, title: long }))
    expect(errorKeys(result)).toEqual([])
    expect(warningKeys(result)).toEqual(['too_long@components.1.title'])
    const fits = 'x'.repeat(LIMITS.card.detailsTitle.max)
    expect(
      warningKeys(validate('card', single({ type: 'MEDIA', media_key: 'm1' }, { ...details, title: fits }))),
    ).toEqual([])
  })
})
