import twitterText from 'twitter-text'
import type { Runtime } from './context'
import type { AdsRecord } from './state'
import { isoSeconds, longId } from './state'

/**
 * Rules every post obeys, whichever API creates it (ads `accounts/:id/post` or `/2/posts`).
 * Platform document, limits: "long-form posts up to 25,000 characters, standard up to 4,000".
 * Characters are counted as the platform counts post text: the weighted length (twitter-text).
 */
export const STANDARD_TEXT_MAX = 4_000
export const LONG_FORM_TEXT_MAX = 25_000
/** Part B: "up to 4 images, or 1 GIF, or 1 video". */
export const MAX_IMAGES = 4

// The typings omit `configs`, which the library exports.
const { configs } = twitterText as unknown as { configs: { defaults: twitterText.ParseTweetOptions } }
const COUNTING = { ...configs.defaults, maxWeightedTweetLength: LONG_FORM_TEXT_MAX }

export function weightedLength(text: string): number {
  return twitterText.parseTweet(text.normalize('NFC'), COUNTING).weightedLength
}

/** Why a set of attached media types is not allowed, or undefined when it is. */
export function mediaMixProblem(types: readonly string[]): string | undefined {
  if (types.length > MAX_IMAGES) return `A post takes at most ${MAX_IMAGES} media`
  if (types.length > 1 && types.some((t) => t !== 'IMAGE'))
    return 'A post takes up to 4 images, or 1 GIF, or 1 video'
  return undefined
}

/**
 * Stores a new post, made through either API: a fresh 19-digit id, created now, with no name, card
 * or media and open conversation unless `fields` say otherwise.
 */
export function storePost(rt: Runtime, now: number, fields: Record<string, unknown>): AdsRecord {
  const post: AdsRecord = {
    id: longId(rt.state),
    created_at: isoSeconds(now),
    updated_at: isoSeconds(now),
    deleted: false,
    name: null,
    card_uri: null,
    media_keys: [],
    conversation_settings: 'EVERYONE',
    ...fields,
  }
  rt.state.posts.push(post)
  rt.state.created.posts += 1
  return post
}
