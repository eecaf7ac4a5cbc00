// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PostTextEditor } from '../../../../src/renderer/features/composer/PostTextEditor'
import type { PostLength } from '../../../../src/shared/rules/postLength'
import type { PostLengthLimit } from '../../../../src/shared/rules/limits'

afterEach(cleanup)

/** A length over the limit from `overflowStartIndex` on (the counter's own figures do not matter here). */
function over(overflowStartIndex: number): PostLength {
  return {
    weightedLength: 10,
    limit: 280 as PostLengthLimit,
    remaining: -1,
    valid: false,
    overflowStartIndex,
  }
}

function renderEditor(text: string, length: PostLength | null) {
  return render(
    <PostTextEditor
      text={text}
      length={length}
      counterUnavailable={false}
      onChange={() => undefined}
      onBlur={() => undefined}
      limitPicker={null}
    />,
  )
}

const mirror = () => document.querySelector('.post-text__mirror')

describe('PostTextEditor overflow mirror', () => {
  it('lays the text out one block per paragraph, marking from the overflow on', () => {
    const text = 'First line\n\nSecond line\nThird'
    renderEditor(text, over(text.indexOf('line', 12)))
    const blocks = [...mirror()!.children]
    // One block per paragraph; the empty one still holds a line (a zero-width space).
    expect(blocks.map((block) => block.textContent)).toEqual(['First line', '\u200b', 'Second line', 'Third'])
    expect([...mirror()!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['line', 'Third'])
    // The test id names where the overflow starts.
    expect(screen.getByTestId('post-overflow').textContent).toBe('line')
  })

  it('has no mirror within the limit', () => {
    renderEditor('Short\ntext', { ...over(0), remaining: 270, valid: true, overflowStartIndex: null })
    expect(mirror()).toBeNull()
    expect(screen.queryByTestId('post-overflow')).toBeNull()
  })
})
