// Text as team rules compare it: lower case, accents off, split into words. "Crédit" and
// "CREDIT" are one word; "#ad" holds the word "ad"; punctuation separates words and is ignored.

const WORD_RUN = /[\p{L}\p{N}]+/gu
// eslint-disable-next-line no-control-regex -- the ASCII range, to skip Unicode work on plain text
const NOT_ASCII = /[^\u0000-\u007f]/

/** The combining accents NFD splits off letters (é → e + U+0301): the blocks of diacritics. */
function isAccent(code: number): boolean {
  return (
    (code >= 0x0300 && code <= 0x036f) ||
    (code >= 0x1ab0 && code <= 0x1aff) ||
    (code >= 0x1dc0 && code <= 0x1dff) ||
    (code >= 0x20d0 && code <= 0x20ff) ||
    (code >= 0xfe20 && code <= 0xfe2f)
  )
}

/**
 * Lower case without accents. Plain ASCII text skips the Unicode work; accents are dropped by a
 * scan, as a /\p{M}/gu replace cost 0.8 ms on a 25,000-character post.
 */
export function fold(text: string): string {
  if (!NOT_ASCII.test(text)) return text.toLowerCase()
  const split = text.normalize('NFD')
  let out = ''
  let from = 0
  for (let index = 0; index < split.length; index++) {
    if (!isAccent(split.charCodeAt(index))) continue
    out += split.slice(from, index)
    from = index + 1
  }
  return (from === 0 ? split : out + split.slice(from)).toLowerCase()
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

/** One line of a text as rules read it. */
export interface FoldedLine {
  readonly folded: string
  readonly words: readonly string[]
}

/**
 * Lines folded and split, kept from one check to the next: a key changes one line of a long
 * post, so only that line is read again (rule P7, bench/PERFORMANCE.md). Two generations: what
 * the last check and this one used; anything older is dropped.
 */
export class LineCache<T> {
  private current = new Map<string, T>()
  private previous = new Map<string, T>()
  constructor(private readonly make: (line: string) => T) {}
  get(line: string): T {
    let known = this.current.get(line)
    if (known !== undefined) return known
    known = this.previous.get(line) ?? this.make(line)
    this.current.set(line, known)
    return known
  }
  /** Ends a check: what it did not use is forgotten after the next. */
  turn(): void {
    this.previous = this.current
    this.current = new Map()
  }
}

export const foldedLines = new LineCache<FoldedLine>((line) => {
  const folded = fold(line)
  return { folded, words: wordsOf(folded) }
})
