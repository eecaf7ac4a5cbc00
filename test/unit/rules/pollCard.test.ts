import { describe, expect, it } from 'vitest'
import { LIMITS, localMediaPlaceholder, validate } from '../../../src/shared/rules'
import { errorKeys, issueAt, text, warningKeys } from './helpers'

const valid = { name: 'Poll', duration_in_minutes: 60, first_choice: 'Yes', second_choice: 'No' }
const FEATURES = { features: ['PROMOTED_MEDIA_POLLS'] }

describe('poll card', () => {
  it('a minimal poll is valid', () => {
    expect(validate('poll_card', valid)).toEqual([])
  })

  it('requires name, duration and the first two choices', () => {
    expect(errorKeys(validate('poll_card', {}))).toEqual([
      'required@name',
      'required@duration_in_minutes',
      'required@first_choice',
      'required@second_choice',
    ])
  })

  it('name: 80 characters', () => {
    const max = LIMITS.pollCard.name.max
    expect(errorKeys(validate('poll_card', { ...valid, name: text(max) }))).toEqual([])
    expect(errorKeys(validate('poll_card', { ...valid, name: text(max + 1) }))).toEqual(['too_long@name'])
  })

  it.each(['first_choice', 'second_choice', 'third_choice', 'fourth_choice'])(
    '%s: 25 characters',
    (field) => {
      const max = LIMITS.pollCard.choice.max
      const full = { ...valid, third_choice: 'c', fourth_choice: 'd' }
      expect(errorKeys(validate('poll_card', { ...full, [field]: text(max) }))).toEqual([])
      expect(errorKeys(validate('poll_card', { ...full, [field]: text(max + 1) }))).toEqual([
        `too_long@${field}`,
      ])
      expect(
        issueAt(validate('poll_card', { ...full, [field]: text(max + 2) }), [field], 'too_long')?.limit,
      ).toBe(max)
    },
  )

  it('duration 5 to 10080 minutes, whole numbers', () => {
    const { min, max } = LIMITS.pollCard.durationMinutes
    const at = (duration: unknown) =>
      errorKeys(validate('poll_card', { ...valid, duration_in_minutes: duration }))
    expect(at(min)).toEqual([])
    expect(at(max)).toEqual([])
    expect(at(min - 1)).toEqual(['out_of_range@duration_in_minutes'])
    expect(at(max + 1)).toEqual(['out_of_range@duration_in_minutes'])
    expect(at(60.5)).toEqual(['invalid_type@duration_in_minutes'])
    expect(at('60')).toEqual(['invalid_type@duration_in_minutes'])
    expect(
      issueAt(
        validate('poll_card', { ...valid, duration_in_minutes: min - 1 }),
        ['duration_in_minutes'],
        'out_of_range',
      )?.limit,
    ).toBe(min)
    expect(
      issueAt(
        validate('poll_card', { ...valid, duration_in_minutes: max + 1 }),
        ['duration_in_minutes'],
        'out_of_range',
      )?.limit,
    ).toBe(max)
  })

  it('the third choice needs the first two; the fourth needs the first three', () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ third_choice: 'c' }, []],
      [{ third_choice: 'c', fourth_choice: 'd' }, []],
      [{ fourth_choice: 'd' }, ['needs@fourth_choice']],
    ]
    for (const [extra, expected] of cases) {
      expect(errorKeys(validate('poll_card', { ...valid, ...extra })), JSON.stringify(extra)).toEqual(
        expected,
      )
    }
    const { second_choice: _omitted, ...withoutSecond } = valid
    expect(errorKeys(validate('poll_card', { ...withoutSecond, third_choice: 'c' }))).toEqual([
      'required@second_choice',
      'needs@third_choice',
    ])
  })

  it('an optional choice that is present must not be blank; a fifth is too many', () => {
    expect(errorKeys(validate('poll_card', { ...valid, third_choice: ' ' }))).toEqual([
      'required@third_choice',
    ])
    expect(
      errorKeys(
        validate('poll_card', { ...valid, third_choice: 'c', fourth_choice: 'd', fifth_choice: 'e' }),
      ),
    ).toEqual(['too_many@fifth_choice'])
  })
})

describe('poll media', () => {
  it('needs the PROMOTED_MEDIA_POLLS feature; warns while features are unknown', () => {
    expect(errorKeys(validate('poll_card', { ...valid, media_key: 'm' }, { features: [] }))).toEqual([
      'needs_feature@media_key',
    ])
    expect(validate('poll_card', { ...valid, media_key: 'm' }, FEATURES)).toEqual([])
    const unknown = validate('poll_card', { ...valid, media_key: 'm' })
    expect(errorKeys(unknown)).toEqual([])
    expect(warningKeys(unknown)).toEqual(['unchecked@media_key'])
  })

  it('an image at least 800 px wide at 1.91:1; a video is also allowed; a GIF is not', () => {
    const minWidth = LIMITS.pollCard.mediaImageMinWidth.value
    const withMedia = (info: object) =>
      errorKeys(validate('poll_card', { ...valid, media_key: 'm' }, { ...FEATURES, media: { m: info } }))
    expect(withMedia({ mediaType: 'IMAGE', width: minWidth, height: 419 })).toEqual([])
    expect(withMedia({ mediaType: 'IMAGE', width: 1200, height: 628 })).toEqual([])
    expect(withMedia({ mediaType: 'IMAGE', width: minWidth - 1, height: 418 })).toEqual([
      'too_small@media_key',
    ])
    expect(withMedia({ mediaType: 'IMAGE', width: 1200, height: 1200 })).toEqual(['aspect_ratio@media_key'])
    expect(withMedia({ mediaType: 'IMAGE', width: 799, height: 799 })).toEqual([
      'too_small@media_key',
      'aspect_ratio@media_key',
    ])
    expect(withMedia({ mediaType: 'VIDEO', width: 1280, height: 720 })).toEqual([])
    expect(withMedia({ mediaType: 'GIF' })).toEqual(['media_type@media_key'])
  })

  it('a local file warns as a pending upload', () => {
    const key = localMediaPlaceholder('b'.repeat(64))
    expect(warningKeys(validate('poll_card', { ...valid, media_key: key }, FEATURES))).toEqual([
      'pending_upload@media_key',
    ])
  })
})
