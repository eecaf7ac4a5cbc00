import { describe, expect, it } from 'vitest'
import { apiFieldPath, classifyFailure, contentPathOfApiField } from '../../../src/main/publish/failures'
import { AppFailure, appError } from '../../../src/shared/errors'

describe('API field errors on draft fields', () => {
  it('parses API parameter names', () => {
    expect(apiFieldPath('components[1].destination.url')).toEqual(['components', 1, 'destination', 'url'])
    expect(apiFieldPath('slides[0][1].media_key')).toEqual(['slides', 0, 1, 'media_key'])
    expect(apiFieldPath('first_choice')).toEqual(['first_choice'])
  })

  it('maps them to the content path the editors use', () => {
    expect(contentPathOfApiField('card', 'components[1].destination.url')).toEqual([
      'components',
      1,
      'destination',
      'url',
    ])
    expect(contentPathOfApiField('card', 'components[0].media_keys[2]')).toEqual([
      'components',
      0,
      'items',
      2,
      'media',
    ])
    expect(contentPathOfApiField('card', 'slides[1][0].media_key')).toEqual([
      'slides',
      1,
      'components',
      0,
      'media',
    ])
    expect(contentPathOfApiField('poll_card', 'second_choice')).toEqual(['choices', 1])
    expect(contentPathOfApiField('poll_card', 'media_key')).toEqual(['media'])
    expect(contentPathOfApiField('video_conversation_card', 'third_cta_post')).toEqual(['options', 2, 'post'])
    expect(contentPathOfApiField('post', 'card_uri')).toEqual(['card'])
    expect(contentPathOfApiField('post', 'video_title')).toEqual(['videoTitle'])
  })

  it('decides what the runner does about each failure', () => {
    const fail = (code: Parameters<typeof appError>[0], extra = {}) =>
      new AppFailure(appError(code, 'x', extra))
    expect(classifyFailure(fail('outcome_unknown'), {})).toEqual({ kind: 'outcome_unknown' })
    for (const code of ['offline', 'timeout', 'server_unavailable'] as const)
      expect(classifyFailure(fail(code), {}).kind).toBe('transient')
    expect(classifyFailure(fail('rate_limited', { retryAfter: 7 }), {})).toEqual({
      kind: 'rate_limited',
      seconds: 7,
    })
    expect(classifyFailure(fail('token_expired'), {})).toEqual({ kind: 'needs_connection' })
    expect(
      classifyFailure(fail('invalid_request', { field: 'components[1].destination.url' }), {
        draftId: 'd',
        kind: 'card',
      }),
    ).toEqual({
      kind: 'fatal',
      error: {
        code: 'invalid_request',
        message: 'x',
        draftId: 'd',
        apiField: 'components[1].destination.url',
        contentPath: ['components', 1, 'destination', 'url'],
      },
    })
    expect(classifyFailure(new Error('disk full'), {}).kind).toBe('fatal')
  })
})
