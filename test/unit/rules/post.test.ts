import { describe, expect, it } from 'vitest'
import type { MediaInfo } from '../../../src/shared/rules'
import {
  DEFAULT_POST_LENGTH_LIMIT,
  draftCardPlaceholder,
  LIMITS,
  POST_LENGTH_TIERS,
  postLengthPreference,
  postLengthTierLimit,
  validate,
} from '../../../src/shared/rules'
import { errorKeys, issueAt, text, warningKeys } from './helpers'

const valid = { as_user_id: '756201191646691328', text: 'Hello' }
const IMAGE: MediaInfo = { mediaType: 'IMAGE' }
const GIF: MediaInfo = { mediaType: 'GIF' }
const VIDEO: MediaInfo = { mediaType: 'VIDEO' }

function mediaPost(infos: MediaInfo[]) {
  const keys = infos.map((_, i) => `k${i}`)
  const media = Object.fromEntries(keys.map((key, i) => [key, infos[i] ?? {}]))
  return { payload: { as_user_id: '1', media_keys: keys.join(',') }, context: { media } }
}

describe('post: advertiser and text', () => {
  it('a text post is valid', () => {
    expect(validate('post', valid)).toEqual([])
  })

  it('as_user_id is a required numeric id (a long: up to 19 digits)', () => {
    const at = (id: unknown) => errorKeys(validate('post', { ...valid, as_user_id: id }))
    expect(at(undefined)).toEqual(['required@as_user_id'])
    expect(at('')).toEqual(['required@as_user_id'])
    expect(at('@brand')).toEqual(['invalid_format@as_user_id'])
    expect(at('9'.repeat(19))).toEqual([])
    expect(at('9'.repeat(20))).toEqual(['invalid_format@as_user_id'])
    expect(at(12345)).toEqual([])
  })

  it('a lone UTF-16 surrogate in any text is an error on its field (it cannot be signed or sent)', () => {
    expect(errorKeys(validate('post', { ...valid, text: 'Half an emoji \ud83d' }))).toEqual([
      'invalid_format@text',
    ])
    expect(errorKeys(validate('post', { ...valid, name: '\ude00 name' }))).toEqual(['invalid_format@name'])
    expect(
      issueAt(validate('post', { ...valid, text: 'x\ud83d' }), ['text'], 'invalid_format')?.message,
    ).toMatch(/broken character/)
    // A whole pair is an emoji, not a problem.
    expect(validate('post', { ...valid, text: 'Party \ud83c\udf89' })).toEqual([])
    expect(
      errorKeys(
        validate('poll_card', {
          name: 'ok',
          duration_in_minutes: 60,
          first_choice: 'A\udbff',
          second_choice: 'B',
        }),
      ),
    ).toContain('invalid_format@first_choice')
  })

  it('text is required when there are no media_keys', () => {
    expect(errorKeys(validate('post', { as_user_id: '1' }))).toEqual(['required@text'])
    expect(errorKeys(validate('post', { as_user_id: '1', text: '   ' }))).toEqual(['required@text'])
    expect(errorKeys(validate('post', { as_user_id: '1', media_keys: 'm' }))).toEqual([])
  })

  it.each(POST_LENGTH_TIERS)('weighted length at and over the %s tier limit', (tier) => {
    const limit = postLengthTierLimit(tier)
    const at = (weightedTextLength: number) =>
      validate('post', valid, { postLengthTier: tier, weightedTextLength })
    expect(errorKeys(at(limit))).toEqual([])
    expect(errorKeys(at(limit + 1))).toEqual(['too_long@text'])
    expect(issueAt(at(limit + 1), ['text'], 'too_long')?.limit).toBe(limit)
  })

  it('the tiers are the spec figures: standard 4,000 and long-form 25,000', () => {
    expect(postLengthTierLimit('standard')).toBe(4000)
    expect(postLengthTierLimit('long_form')).toBe(25000)
  })

  it('standard is the default tier; without a weighted length the length is not judged', () => {
    expect(errorKeys(validate('post', valid, { weightedTextLength: 4000 }))).toEqual([])
    expect(errorKeys(validate('post', valid, { weightedTextLength: 4001 }))).toEqual(['too_long@text'])
    expect(errorKeys(validate('post', { ...valid, text: text(30000) }))).toEqual([])
  })

  it('the opt-in Classic 280 guideline warns past 280 and never refuses what the tier accepts', () => {
    const classic = postLengthPreference(280)
    const issues = validate('post', valid, {
      postLengthTier: classic.tier,
      postLengthGuideline: classic.guideline,
      weightedTextLength: 281,
    })
    expect(errorKeys(issues)).toEqual([])
    expect(issueAt(issues, ['text'], 'too_long')).toMatchObject({ severity: 'warning', limit: 280 })
    expect(postLengthPreference(undefined)).toEqual({ tier: 'standard' })
    expect(postLengthPreference(DEFAULT_POST_LENGTH_LIMIT)).toEqual({ tier: 'standard' })
    expect(postLengthPreference(25000)).toEqual({ tier: 'long_form' })
  })
})

describe('post: media_keys', () => {
  const maxImages = LIMITS.post.maxImages.value
  for (let count = 1; count <= maxImages + 1; count++) {
    it(`${count} images`, () => {
      const { payload, context } = mediaPost(Array.from({ length: count }, () => IMAGE))
      expect(errorKeys(validate('post', payload, context))).toEqual(
        count > maxImages ? ['too_many@media_keys'] : [],
      )
    })
  }

  it('1 GIF or 1 video, alone', () => {
    for (const single of [GIF, VIDEO]) {
      const alone = mediaPost([single])
      expect(errorKeys(validate('post', alone.payload, alone.context))).toEqual([])
      for (const other of [IMAGE, GIF, VIDEO]) {
        const mixed = mediaPost([single, other])
        expect(errorKeys(validate('post', mixed.payload, mixed.context))).toEqual(['exclusive@media_keys'])
        const reversed = mediaPost([other, single])
        expect(errorKeys(validate('post', reversed.payload, reversed.context))).toEqual([
          'exclusive@media_keys',
        ])
      }
    }
  })

  it('unknown types cannot be confirmed: more than one medium warns; more than 4 is always an error', () => {
    const unknownPair = mediaPost([IMAGE, {}])
    expect(warningKeys(validate('post', unknownPair.payload, unknownPair.context))).toEqual([
      'unchecked@media_keys',
    ])
    expect(errorKeys(validate('post', { as_user_id: '1', media_keys: 'a,b,c,d,e' }))).toEqual([
      'too_many@media_keys',
    ])
    expect(validate('post', { as_user_id: '1', media_keys: 'a' })).toEqual([])
  })

  it('reports empty entries by their index', () => {
    expect(errorKeys(validate('post', { as_user_id: '1', media_keys: 'a,,b' }))).toContain(
      'invalid_format@media_keys.1',
    )
    expect(errorKeys(validate('post', { as_user_id: '1', media_keys: '' }))).toEqual(['required@media_keys'])
  })

  it('a local placeholder warns at its index', () => {
    expect(
      warningKeys(validate('post', { as_user_id: '1', media_keys: `a,local:${'c'.repeat(64)}` })),
    ).toContain('pending_upload@media_keys.1')
  })
})

describe('post: other fields', () => {
  it.each([
    ['name', LIMITS.post.name.max],
    ['video_title', LIMITS.post.videoTitle.max],
    ['video_description', LIMITS.post.videoDescription.max],
  ])('%s: %i characters', (field, max) => {
    expect(errorKeys(validate('post', { ...valid, [field]: text(max) }))).toEqual([])
    expect(errorKeys(validate('post', { ...valid, [field]: text(max + 1) }))).toEqual([`too_long@${field}`])
  })

  it('enums: conversation_settings, post_mode, video_cta', () => {
    for (const value of LIMITS.post.conversationSettings.values) {
      expect(errorKeys(validate('post', { ...valid, conversation_settings: value }))).toEqual([])
    }
    for (const value of LIMITS.post.postMode.values)
      expect(errorKeys(validate('post', { ...valid, post_mode: value }))).toEqual([])
    for (const value of LIMITS.post.videoCta.values) {
      expect(
        errorKeys(validate('post', { ...valid, video_cta: value, video_cta_value: 'https://x.example' })),
      ).toEqual([])
    }
    expect(errorKeys(validate('post', { ...valid, conversation_settings: 'NOBODY' }))).toEqual([
      'invalid_value@conversation_settings',
    ])
    expect(errorKeys(validate('post', { ...valid, post_mode: 'EXTENDED' }))).toEqual([
      'invalid_value@post_mode',
    ])
    expect(errorKeys(validate('post', { ...valid, video_cta: 'BUY', video_cta_value: 'x' }))).toEqual([
      'invalid_value@video_cta',
    ])
  })

  it('video_cta and video_cta_value go together', () => {
    expect(errorKeys(validate('post', { ...valid, video_cta: 'WATCH_NOW' }))).toEqual([
      'required@video_cta_value',
    ])
    expect(errorKeys(validate('post', { ...valid, video_cta_value: 'https://x.example' }))).toEqual([
      'needs@video_cta_value',
    ])
  })

  it('video fields warn when the post has no video (types known)', () => {
    const { payload, context } = mediaPost([IMAGE])
    expect(warningKeys(validate('post', { ...payload, video_title: 'T' }, context))).toEqual([
      'needs@video_title',
    ])
    const video = mediaPost([VIDEO])
    expect(validate('post', { ...video.payload, video_title: 'T' }, video.context)).toEqual([])
  })

  it('card_uri is card://<id>, or a draft placeholder that warns', () => {
    expect(validate('post', { ...valid, card_uri: 'card://1234' })).toEqual([])
    expect(errorKeys(validate('post', { ...valid, card_uri: '1234' }))).toEqual(['invalid_format@card_uri'])
    const pending = validate('post', { ...valid, card_uri: draftCardPlaceholder('d1') })
    expect(errorKeys(pending)).toEqual([])
    expect(warningKeys(pending)).toEqual(['pending_card@card_uri'])
  })

  it('nullcast false (organic) only for the authenticated user', () => {
    const organic = { ...valid, nullcast: false }
    expect(validate('post', organic, { authenticatedUserId: valid.as_user_id })).toEqual([])
    expect(errorKeys(validate('post', organic, { authenticatedUserId: '42' }))).toEqual([
      'not_allowed@nullcast',
    ])
    expect(warningKeys(validate('post', organic))).toEqual(['unchecked@nullcast'])
    expect(validate('post', { ...valid, nullcast: true }, { authenticatedUserId: '42' })).toEqual([])
    expect(errorKeys(validate('post', { ...valid, nullcast: 'false' }))).toEqual(['invalid_type@nullcast'])
  })
})
