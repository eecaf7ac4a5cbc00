/**
 * The text the composer bench types into: a long-form post as a designer writes one, not a
 * stress test. Paragraphs of words and spaces separated by blank lines, with hashtags, mentions
 * and links (so twitter-text's entity parsing and the 23-character link weighting do real work)
 * and a few emoji.
 *
 * Why the shape matters (rule P19, bench/PERFORMANCE.md): Chromium re-shapes the paragraph a
 * key lands in, not the whole textarea. A 25,000-character text with no line break and an emoji
 * every 50 characters (this bench's earlier text) makes every key re-shape all of it, and on a
 * machine with no emoji font (these Linux images have none) each emoji also costs a fallback-font
 * search: ~250 ms per key in a bare <textarea>, the browser's cost alone, which no app can fix
 * and no designer on a real machine feels. So the emoji here are real ones only where a font can
 * draw them; otherwise symbols the installed fonts have (☀ ★ ♥, weighted 2 like emoji).
 */
import { execFileSync } from 'node:child_process'

const WORDS = (
  'spring sale new collection autumn jackets free shipping today only limited offer for members ' +
  'early access in every size and colour online and in store this weekend with our best prices ' +
  'of the season order now while stocks last gift cards returns are free within thirty days'
).split(' ')

const HASHTAGS = ['#SpringSale', '#NewIn', '#FreeShipping', '#AutumnCollection']
const MENTIONS = ['@examplestore', '@example_help']
const LINKS = ['https://shop.example.com/spring?utm_source=ads', 'https://example.com/stores']
const EMOJI = ['🌱', '🎉', '🛍️']
const SYMBOLS = ['☀', '★', '♥']

/** Whether fontconfig knows a font that draws emoji (Linux); elsewhere the OS always has one. */
export function hasEmojiFont(): boolean {
  try {
    return execFileSync('fc-list', [':charset=1f389', 'family'], { encoding: 'utf8' }).trim() !== ''
  } catch {
    return process.platform !== 'linux'
  }
}

/** A deterministic long post of exactly `length` UTF-16 units (same text every run). */
export function realisticPostText(length: number, emoji = hasEmojiFont() ? EMOJI : SYMBOLS): string {
  let seed = 7
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return Math.floor((seed / 2147483648) * below)
  }
  const pick = <T>(list: readonly T[]): T => list[next(list.length)]!
  let text = ''
  let paragraph = 0
  while (text.length < length) {
    const words = Array.from({ length: 8 + next(12) }, () => pick(WORDS)).join(' ')
    let sentence = `${words[0]!.toUpperCase()}${words.slice(1)}.`
    const extra = next(100)
    if (extra < 15) sentence += ` ${pick(HASHTAGS)}`
    else if (extra < 25) sentence += ` ${pick(LINKS)}`
    else if (extra < 32) sentence += ` ${pick(MENTIONS)}`
    else if (extra < 38) sentence += ` ${pick(emoji)}`
    paragraph += sentence.length
    // A paragraph of about a classic post's length, then a blank line.
    if (paragraph > 280) {
      sentence += '\n\n'
      paragraph = 0
    } else sentence += ' '
    text += sentence
  }
  // Never end inside a surrogate pair.
  const cut = text.slice(0, length)
  return /[\ud800-\udbff]$/.test(cut) ? `${cut.slice(0, -1)}.` : cut
}
