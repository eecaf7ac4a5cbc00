// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatar, initialOf } from '../../../src/renderer/components/Avatar'

afterEach(cleanup)

describe('initialOf', () => {
  it('is the first letter of the name, upper-cased, past any spaces', () => {
    expect(initialOf('ada studio')).toBe('A')
    expect(initialOf('  élan')).toBe('É')
  })

  it('is a whole emoji or combined character, never half of one', () => {
    expect(initialOf('😀 Studio')).toBe('😀')
    expect(initialOf('👩‍🎨 Art desk')).toBe('👩‍🎨')
    expect(initialOf('🇫🇷 Paris')).toBe('🇫🇷')
    expect(initialOf('e\u0301cole')).toBe('E\u0301')
  })

  it('is "?" for a name with nothing to show', () => {
    expect(initialOf('')).toBe('?')
    expect(initialOf('   ')).toBe('?')
  })
})

describe('Avatar', () => {
  it('draws the initial, hidden from screen readers, which read the name beside it', () => {
    const { container } = render(<Avatar name="" size="sm" />)
    const avatar = container.querySelector('.avatar')
    expect(avatar).toHaveTextContent('?')
    expect(avatar).toHaveAttribute('aria-hidden', 'true')
    expect(avatar).toHaveClass('avatar--sm')
  })
})
