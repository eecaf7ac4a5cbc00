/**
 * Text that cannot travel. A lone UTF-16 surrogate (half of an emoji, e.g. "\ud83d" in a file
 * written by another tool, or a string cut in the middle of a pair) has no UTF-8 form: signing
 * (percent-encoding) and sending it fail. Such text is flagged on its field instead.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text)
}

export const BROKEN_CHARACTER_MESSAGE =
  'contains a broken character (half of an emoji or symbol) that cannot be sent — delete it and type it again'
