/**
 * Text that cannot travel. A lone UTF-16 surrogate (half of an emoji, e.g. "\ud83d" in a file
 * written by another tool, or a string cut in the middle of a pair) has no UTF-8 form: signing
 * (percent-encoding) and sending it fail. Such text is flagged on its field instead.
 */
export function hasLoneSurrogate(text: string): boolean {
  // A plain scan: a 25,000-character post is checked on every key, and the regular expression
  // this replaces (with a lookbehind) was among the composer's costliest functions per key.
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0xd800 || code > 0xdfff) continue
    const next = text.charCodeAt(index + 1)
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) index++
    else return true
  }
  return false
}

export const BROKEN_CHARACTER_MESSAGE =
  'contains a broken character (half of an emoji or symbol) that cannot be sent — delete it and type it again'
