import { describe, expect, it } from 'vitest'
import { createIncrementalCounter, runsOf } from '../../../../src/renderer/features/composer/incrementalCount'
import type { PostLengthLimit } from '../../../../src/shared/rules/limits'
import { loadPostLengthCounter } from '../../../../src/shared/rules/postLength'

// The composer's incremental count must give exactly what twitter-text gives for the whole text.
const PIECES = [
  'Spring sale ',
  '🌱 ',
  'https://example.com/spring ',
  'example.org/path?x=1 ',
  '春のセール ',
  'e\u0301te\u0301 ',
  '👩‍👩‍👧‍👦 ',
  '#hashtag @someone $CASH ',
  'word\n\n',
  '\u3000',
  'longwordwithoutanyspaces'.repeat(40),
  ' ',
  'a.b.c.d ',
]

function randomText(seed: number, length: number): string {
  let state = seed
  let text = ''
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    text += PIECES[state % PIECES.length]
  }
  return text.slice(0, length)
}

describe('the incremental post length count', () => {
  it('cuts the text into runs that join back into it', () => {
    const text = randomText(7, 5_000)
    expect(runsOf(text).join('')).toBe(text)
  })

  it('equals whole-text parsing, overflow position included, as the text is edited', async () => {
    const count = await loadPostLengthCounter()
    const incremental = createIncrementalCounter(count)
    for (const [seed, length, limit] of [
      [1, 26_000, 25_000],
      [2, 4_500, 4_000],
      [3, 24_990, 25_000],
      [4, 1_500, 280],
    ] as [number, number, PostLengthLimit][]) {
      let text = randomText(seed, length)
      for (let edit = 0; edit < 12; edit++) {
        expect(incremental(text, limit)).toEqual(count(text, limit))
        const at = (edit * 7919) % text.length
        text =
          edit % 3 === 2
            ? text.slice(0, at) + text.slice(at + 1)
            : `${text.slice(0, at)}${PIECES[edit % PIECES.length]}${text.slice(at)}`
      }
    }
  })
})
