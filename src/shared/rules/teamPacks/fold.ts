// Text as team rules compare it: lower case, accents off, split into words. "Crédit" and
// "CREDIT" are one word; "#ad" holds the word "ad"; punctuation separates words and is ignored.

const WORD_RUN = /[\p{L}\p{N}]+/gu
const MARKS = /\p{M}/gu
// eslint-disable-next-line no-control-regex -- the ASCII range, to skip Unicode work on plain text
const NOT_ASCII = /[^\u0000-\u007f]/

/** Lower case without accents. Plain ASCII text skips the Unicode decomposition. */
export function fold(text: string): string {
  if (!NOT_ASCII.test(text)) return text.toLowerCase()
  return text.normalize('NFD').replace(MARKS, '').toLowerCase()
}

/** The words of folded text, in order. */
export function wordsOf(folded: string): string[] {
  return folded.match(WORD_RUN) ?? []
}

const WORD_CHAR = /[\p{L}\p{N}]/u

function isWordChar(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false
  const code = text.charCodeAt(index)
  if (code < 0x80)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
  // A low surrogate: look at the whole code point it ends.
  const start = code >= 0xdc00 && code <= 0xdfff && index > 0 ? index - 1 : index
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start)!))
}

/**
 * Whether folded `text` holds folded `needle` as whole words: not inside a longer word ("#ad" is
 * in "Sale #ad" but not in "#adventure"; "ad" is not in "read").
 */
export function holdsWords(text: string, needle: string): boolean {
  if (needle === '') return false
  const checkStart = isWordChar(needle, 0)
  const checkEnd = isWordChar(needle, needle.length - 1)
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const end = at + needle.length
    if (checkStart && isWordChar(text, at - 1)) continue
    if (checkEnd && isWordChar(text, end)) continue
    return true
  }
  return false
}
