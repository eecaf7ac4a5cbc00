// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LengthRing } from '../../../../src/renderer/features/composer/LengthRing'
import type { PostLength } from '../../../../src/shared/rules/postLength'
import type { PostLengthLimit } from '../../../../src/shared/rules/limits'

afterEach(cleanup)

function lengthOf(weightedLength: number, limit = 4000): PostLength {
  return {
    weightedLength,
    limit: limit as PostLengthLimit,
    remaining: limit - weightedLength,
    valid: weightedLength <= limit,
    overflowStartIndex: null,
  }
}

const progress = () => document.querySelector('.length-ring__progress')!
const offset = () => Number(progress().getAttribute('stroke-dashoffset'))

describe('LengthRing', () => {
  it('moves with every character, and eases only a move one can see', () => {
    const { rerender } = render(<LengthRing length={lengthOf(100)} unavailable={false} />)
    const start = offset()

    // One typed character moves the ring by a fiftieth of a pixel: moved, not eased.
    rerender(<LengthRing length={lengthOf(101)} unavailable={false} />)
    expect(offset()).toBeLessThan(start)
    expect(progress().hasAttribute('data-eased')).toBe(false)

    // A paste of 500 characters moves it by about 10 px: eased.
    rerender(<LengthRing length={lengthOf(601)} unavailable={false} />)
    expect(progress().hasAttribute('data-eased')).toBe(true)

    // The same length again (another render of the same text) keeps the easing running.
    rerender(<LengthRing length={lengthOf(601)} unavailable={false} />)
    expect(progress().hasAttribute('data-eased')).toBe(true)

    // The next typed character is not eased again.
    rerender(<LengthRing length={lengthOf(600)} unavailable={false} />)
    expect(progress().hasAttribute('data-eased')).toBe(false)
  })

  it('eases a single character at the Classic 280 guideline only when it moves a pixel', () => {
    // 280 characters fill a ring of about 78.5 px: 0.28 px a character, 4 characters a pixel.
    const { rerender } = render(<LengthRing length={lengthOf(10, 280)} unavailable={false} />)
    rerender(<LengthRing length={lengthOf(11, 280)} unavailable={false} />)
    expect(progress().hasAttribute('data-eased')).toBe(false)
    rerender(<LengthRing length={lengthOf(15, 280)} unavailable={false} />)
    expect(progress().hasAttribute('data-eased')).toBe(true)
  })
})
