// Weighted post length (twitter-text), loaded lazily so the renderer's first paint does not
// pay for twitter-text and its emoji tables.

import type { ParseTweetOptions } from 'twitter-text'
import type { PostLengthLimit } from './limits'

export interface PostLength {
  readonly weightedLength: number
  readonly limit: PostLengthLimit
  /** limit - weightedLength; negative when over. */
  readonly remaining: number
  /** Within the limit. (Empty text is within the limit; whether text is required is validate's job.) */
  readonly valid: boolean
  /** UTF-16 index of the first character past the limit, for highlighting; null when within it. */
  readonly overflowStartIndex: number | null
}

export type PostLengthCounter = (text: string, limit: PostLengthLimit) => PostLength

type ParseTweet = (
  text: string,
  options?: ParseTweetOptions,
) => { weightedLength: number; validRangeEnd: number }

interface TwitterText {
  parseTweet: ParseTweet
  configs?: { defaults?: ParseTweetOptions }
}

// twitter-text stops counting a character as valid after one of these, which would move the
// reported end of the valid range; they are swapped for a same-length character of the same
// weight (2) before measuring, so only the length decides the overflow position.
const INVALID_CHARACTERS = /[\uFFFE\uFEFF\uFFFF]/g
const SAME_WEIGHT_STAND_IN = '\u3000'

let loading: Promise<PostLengthCounter> | undefined

export function loadPostLengthCounter(): Promise<PostLengthCounter> {
  loading ??= import('twitter-text').then((module) => createCounter(module.default as unknown as TwitterText))
  return loading
}

function createCounter(twitter: TwitterText): PostLengthCounter {
  const defaults = twitter.configs?.defaults
  if (!defaults)
    throw new Error('twitter-text has no configs.defaults; the weighted length cannot be computed')
  const optionsByLimit = new Map<number, ParseTweetOptions>()
  const optionsFor = (limit: number): ParseTweetOptions => {
    let options = optionsByLimit.get(limit)
    if (!options) {
      // parseTweet uses the given options as they are, without merging defaults.
      options = { ...defaults, maxWeightedTweetLength: limit }
      optionsByLimit.set(limit, options)
    }
    return options
  }

  return (text, limit) => {
    const nfc = text.normalize('NFC')
    const parsed = twitter.parseTweet(
      nfc.replace(INVALID_CHARACTERS, SAME_WEIGHT_STAND_IN),
      optionsFor(limit),
    )
    const weightedLength = parsed.weightedLength
    const over = weightedLength > limit
    return {
      weightedLength,
      limit,
      remaining: limit - weightedLength,
      valid: !over,
      overflowStartIndex: over ? toOriginalIndex(text, nfc === text, parsed.validRangeEnd + 1) : null,
    }
  }
}

/**
 * Maps an index in the NFC form of `text` back to `text` (they differ only for text holding
 * decomposed characters): the smallest prefix whose NFC form reaches past the index.
 */
function toOriginalIndex(text: string, textIsNfc: boolean, index: number): number {
  if (textIsNfc) return index
  let low = 0
  let high = text.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (text.slice(0, middle + 1).normalize('NFC').length > index) high = middle
    else low = middle + 1
  }
  return startOfCodePoint(text, low)
}

function startOfCodePoint(text: string, index: number): number {
  const code = text.charCodeAt(index)
  const previous = text.charCodeAt(index - 1)
  const isLowSurrogate = code >= 0xdc00 && code <= 0xdfff
  const afterHighSurrogate = previous >= 0xd800 && previous <= 0xdbff
  return isLowSurrogate && afterHighSurrogate ? index - 1 : index
}
