import type { PostLengthLimit } from '../../../shared/rules/limits'
import type { PostLength, PostLengthCounter } from '../../../shared/rules/postLength'

/**
 * The weighted length of a long post without re-parsing all of it on every key. twitter-text's
 * weighting is a sum over the text in which nothing spans whitespace (a URL, an emoji sequence
 * and a normalised character are whitespace-free, and what may precede a URL includes both a
 * space and the start of the text), so the text is cut into runs that end after whitespace,
 * each run is weighed once and remembered, and a key re-weighs only the run it touched.
 * test/renderer/composer/incrementalCount.test.tsx checks the sums against whole-text parsing.
 *
 * Cuts fall after whitespace that follows a character whose code is a multiple of 8: they
 * depend only on the text around them, so typing in one place leaves the others where they were.
 */
const MAX_RUN = 2_000
/** Below this a whole parse is cheap enough. */
const SHORT_TEXT = 1_000

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13 || code === 0x3000 || code === 0xa0
}

export function runsOf(text: string): string[] {
  const runs: string[] = []
  let start = 0
  for (let index = 1; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (!isWhitespace(code)) continue
    const cut = text.charCodeAt(index - 1) % 8 === 0 || index + 1 - start >= MAX_RUN
    // A run ends after the whole stretch of whitespace, never inside it.
    if (cut && !isWhitespace(text.charCodeAt(index + 1))) {
      runs.push(text.slice(start, index + 1))
      start = index + 1
    }
  }
  if (start < text.length) runs.push(text.slice(start))
  return runs
}

export function createIncrementalCounter(count: PostLengthCounter): PostLengthCounter {
  let weights = new Map<string, number>()
  // The last two answers: the counter under the textarea and the rules, which follow after the
  // key's frame (latestAfterPaint), ask about the same texts, so each text is counted once.
  let recent: { text: string; limit: PostLengthLimit; length: PostLength }[] = []
  const remember = (text: string, limit: PostLengthLimit, length: PostLength) => {
    recent = [{ text, limit, length }, ...recent.slice(0, 1)]
    return length
  }
  return (text, limit) => {
    const known = recent.find((entry) => entry.limit === limit && entry.text === text)
    if (known) return known.length
    return remember(text, limit, weigh(text, limit))
  }

  function weigh(text: string, limit: PostLengthLimit): PostLength {
    if (text.length < SHORT_TEXT) return count(text, limit)
    const runs = runsOf(text)
    const next = new Map<string, number>()
    let total = 0
    let overflow: { before: number; start: number; run: string } | null = null
    let start = 0
    for (const run of runs) {
      let weight = next.get(run) ?? weights.get(run)
      // Weighed against the largest limit, so the sum never depends on the limit chosen.
      if (weight === undefined) weight = count(run, 25_000 as PostLengthLimit).weightedLength
      next.set(run, weight)
      if (overflow === null && total + weight > limit) overflow = { before: total, start, run }
      total += weight
      start += run.length
    }
    weights = next
    let overflowStartIndex: number | null = null
    if (overflow) {
      const allowance = limit - overflow.before
      overflowStartIndex =
        allowance <= 0
          ? overflow.start
          : overflow.start +
            (count(overflow.run, allowance as PostLengthLimit).overflowStartIndex ?? overflow.run.length)
    }
    const result: PostLength = {
      weightedLength: total,
      limit,
      remaining: limit - total,
      valid: total <= limit,
      overflowStartIndex,
    }
    return result
  }
}
