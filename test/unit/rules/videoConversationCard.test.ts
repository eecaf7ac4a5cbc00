import { describe, expect, it } from 'vitest'
import { LIMITS, validate } from '../../../src/shared/rules'
import { errorKeys, issueAt, text, warningKeys } from './helpers'

const valid = {
  name: 'Conversation',
  first_cta: '#Yes',
  first_cta_post: 'I said yes',
  media_key: 'v',
  thank_you_text: 'Thanks!',
  title: 'Pick one',
}

describe('video conversation card', () => {
  it('a minimal card is valid', () => {
    expect(validate('video_conversation_card', valid)).toEqual([])
  })

  it('requires name, first_cta, first_cta_post, media_key and thank_you_text', () => {
    expect(errorKeys(validate('video_conversation_card', { title: 't' }))).toEqual([
      'required@name',
      'required@thank_you_text',
      'required@first_cta',
      'required@first_cta_post',
      'required@media_key',
    ])
  })

  it('a title or a second_cta is required', () => {
    const { title: _title, ...noTitle } = valid
    expect(errorKeys(validate('video_conversation_card', noTitle))).toEqual(['required@title'])
    expect(
      errorKeys(
        validate('video_conversation_card', { ...noTitle, second_cta: '#No', second_cta_post: 'no' }),
      ),
    ).toEqual([])
  })

  it.each(['second', 'third', 'fourth'])('%s_cta_post goes with %s_cta, both ways', (ordinal) => {
    const cta = `${ordinal}_cta`
    const post = `${ordinal}_cta_post`
    const all = {
      ...valid,
      second_cta: '#B',
      second_cta_post: 'b',
      third_cta: '#C',
      third_cta_post: 'c',
      fourth_cta: '#D',
      fourth_cta_post: 'd',
    }
    expect(errorKeys(validate('video_conversation_card', all))).toEqual([])
    expect(errorKeys(validate('video_conversation_card', { ...all, [post]: undefined }))).toEqual([
      `required@${post}`,
    ])
    expect(errorKeys(validate('video_conversation_card', { ...all, [cta]: undefined }))).toEqual([
      `needs@${post}`,
    ])
  })

  it('third and fourth options out of order warn', () => {
    const issues = validate('video_conversation_card', { ...valid, fourth_cta: '#D', fourth_cta_post: 'd' })
    expect(errorKeys(issues)).toEqual([])
    expect(warningKeys(issues)).toEqual(['needs@fourth_cta'])
  })

  it.each(['first_cta', 'second_cta', 'third_cta', 'fourth_cta'])(
    '%s: 20 characters not counting #',
    (field) => {
      const max = LIMITS.videoConversationCard.cta.max
      const withCta = (value: string) => ({ ...valid, [field]: value, [`${field}_post`]: 'post' })
      expect(errorKeys(validate('video_conversation_card', withCta(`#${text(max)}`)))).toEqual([])
      expect(errorKeys(validate('video_conversation_card', withCta(`#${text(max + 1)}`)))).toEqual([
        `too_long@${field}`,
      ])
      expect(
        issueAt(validate('video_conversation_card', withCta(`#${text(max + 1)}`)), [field], 'too_long')
          ?.limit,
      ).toBe(max)
    },
  )

  it('a CTA is one hashtag', () => {
    for (const bad of ['Yes', '#', '#two words', '##Yes', '#yes!']) {
      expect(errorKeys(validate('video_conversation_card', { ...valid, first_cta: bad })), bad).toContain(
        'invalid_format@first_cta',
      )
    }
    for (const good of ['#Yes', '#año_2025', '#日本']) {
      expect(errorKeys(validate('video_conversation_card', { ...valid, first_cta: good })), good).toEqual([])
    }
  })

  it.each([
    ['thank_you_text', LIMITS.videoConversationCard.thankYouText.max],
    ['title', LIMITS.videoConversationCard.title.max],
    ['name', LIMITS.videoConversationCard.name.max],
  ])('%s: %i characters', (field, max) => {
    expect(errorKeys(validate('video_conversation_card', { ...valid, [field]: text(max) }))).toEqual([])
    expect(errorKeys(validate('video_conversation_card', { ...valid, [field]: text(max + 1) }))).toEqual([
      `too_long@${field}`,
    ])
  })

  it('thank_you_url must be a web address', () => {
    expect(
      errorKeys(
        validate('video_conversation_card', { ...valid, thank_you_url: 'https://example.com/thanks' }),
      ),
    ).toEqual([])
    expect(errorKeys(validate('video_conversation_card', { ...valid, thank_you_url: 'thanks' }))).toEqual([
      'invalid_format@thank_you_url',
    ])
  })

  it('the video must be a 16:9 video; poster and unlock media have their types', () => {
    const at = (media: Record<string, object>, extra: object = {}) =>
      errorKeys(
        validate(
          'video_conversation_card',
          { ...valid, ...extra },
          { media, features: ['CONVERSATION_CARD_UNLOCK'] },
        ),
      )
    expect(at({ v: { mediaType: 'VIDEO', width: 1920, height: 1080 } })).toEqual([])
    expect(at({ v: { mediaType: 'VIDEO', aspectRatio: '16:9' } })).toEqual([])
    expect(at({ v: { mediaType: 'VIDEO', width: 1080, height: 1080 } })).toEqual(['aspect_ratio@media_key'])
    expect(at({ v: { mediaType: 'IMAGE', width: 1920, height: 1080 } })).toEqual(['media_type@media_key'])
    const extra = { poster_media_key: 'p', unlocked_image_media_key: 'i', unlocked_video_media_key: 'u' }
    expect(
      at({ p: { mediaType: 'IMAGE' }, i: { mediaType: 'IMAGE' }, u: { mediaType: 'VIDEO' } }, extra),
    ).toEqual([])
    expect(
      at({ p: { mediaType: 'VIDEO' }, i: { mediaType: 'GIF' }, u: { mediaType: 'IMAGE' } }, extra),
    ).toEqual([
      'media_type@poster_media_key',
      'media_type@unlocked_image_media_key',
      'media_type@unlocked_video_media_key',
    ])
  })

  it('warns when known features lack the four-option or unlock features', () => {
    const payload = {
      ...valid,
      third_cta: '#C',
      third_cta_post: 'c',
      second_cta: '#B',
      second_cta_post: 'b',
      unlocked_video_media_key: 'u',
    }
    expect(warningKeys(validate('video_conversation_card', payload, { features: [] }))).toEqual([
      'needs_feature@third_cta',
      'needs_feature@unlocked_video_media_key',
    ])
    expect(
      warningKeys(
        validate('video_conversation_card', payload, {
          features: ['CONVERSATION_CARD_FOUR_OPTIONS', 'CONVERSATION_CARD_UNLOCK'],
        }),
      ),
    ).toEqual([])
    expect(warningKeys(validate('video_conversation_card', payload))).toEqual([])
  })
})
