import { beforeAll, describe, expect, it } from 'vitest'
import type { PostLengthCounter, PostLengthLimit } from '../../../src/shared/rules'
import { loadPostLengthCounter, POST_LENGTH_LIMITS } from '../../../src/shared/rules'

let count: PostLengthCounter

beforeAll(async () => {
  count = await loadPostLengthCounter()
})

describe.each(POST_LENGTH_LIMITS)('weighted post length at the %i limit', (limit: PostLengthLimit) => {
  it('ASCII weighs 1: at the limit is valid, one over overflows at the limit', () => {
    expect(count('a'.repeat(limit), limit)).toEqual({
      weightedLength: limit,
      limit,
      remaining: 0,
      valid: true,
      overflowStartIndex: null,
    })
    expect(count('a'.repeat(limit + 1), limit)).toMatchObject({
      weightedLength: limit + 1,
      remaining: -1,
      valid: false,
      overflowStartIndex: limit,
    })
  })

  it('CJK weighs 2', () => {
    const half = limit / 2
    expect(count('一'.repeat(half), limit)).toMatchObject({
      weightedLength: limit,
      valid: true,
      overflowStartIndex: null,
    })
    expect(count('一'.repeat(half + 1), limit)).toMatchObject({
      weightedLength: limit + 2,
      overflowStartIndex: half,
    })
    // one ASCII then CJK: the CJK character that crosses the limit starts the overflow
    expect(count('a' + '一'.repeat(half), limit)).toMatchObject({
      weightedLength: limit + 1,
      overflowStartIndex: half,
    })
  })

  it('an emoji weighs 2 and the overflow index is in UTF-16 units', () => {
    const half = limit / 2
    expect(count('😀'.repeat(half), limit)).toMatchObject({ weightedLength: limit, valid: true })
    expect(count('😀'.repeat(half + 1), limit)).toMatchObject({ overflowStartIndex: half * 2 })
  })

  it('a URL weighs 23 whatever its length, and overflows as a whole', () => {
    const url = 'https://example.com/a/rather/long/path/that/would/weigh/more/than/twenty/three'
    const prefix = 'a'.repeat(limit - 23 - 1) + ' '
    expect(count(prefix + url, limit)).toMatchObject({ weightedLength: limit, valid: true })
    expect(count('b' + prefix + url, limit)).toMatchObject({
      weightedLength: limit + 1,
      overflowStartIndex: prefix.length + 1,
    })
  })
})

describe('weighted post length: sequences and edge cases', () => {
  it('a ZWJ family and a flag weigh 2 each; the overflow starts after them', () => {
    const family = '👨‍👩‍👧'
    expect(count('a'.repeat(278) + family, 280)).toMatchObject({ weightedLength: 280, valid: true })
    expect(count('a'.repeat(278) + family + 'b', 280)).toMatchObject({
      overflowStartIndex: 278 + family.length,
    })
    expect(count('a'.repeat(279) + '🇯🇵', 280)).toMatchObject({ weightedLength: 281, overflowStartIndex: 279 })
  })

  it('maps the overflow back to decomposed (NFD) input', () => {
    const decomposed = 'e\u0301'
    expect(count(decomposed.repeat(281), 280)).toMatchObject({ weightedLength: 281, overflowStartIndex: 560 })
  })

  it('a byte order mark does not move the overflow index', () => {
    expect(count('\uFEFF' + 'a'.repeat(280), 280)).toMatchObject({
      weightedLength: 282,
      overflowStartIndex: 279,
    })
  })

  it('empty text is within the limit', () => {
    expect(count('', 280)).toMatchObject({ weightedLength: 0, valid: true, overflowStartIndex: null })
  })

  it('loading twice gives the same counter', async () => {
    expect(await loadPostLengthCounter()).toBe(count)
  })
})
