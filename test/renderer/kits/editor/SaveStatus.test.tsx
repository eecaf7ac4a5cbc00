// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SLOW_SAVE_MS, SaveStatus } from '../../../../src/renderer/kits/editor/SaveStatus'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const status = () => screen.getByTestId('save-status')

describe('SaveStatus', () => {
  it('keeps its words during a quick save and says "Saving…" once a save is slow', () => {
    vi.useFakeTimers()
    const { rerender } = render(<SaveStatus save={{ state: 'saved' }} />)
    expect(status().textContent).toBe('Saved as draft')

    // A quick save: the state is told (data-save-state), the words and icon stay.
    rerender(<SaveStatus save={{ state: 'saving' }} />)
    expect(status().getAttribute('data-save-state')).toBe('saving')
    expect(status().textContent).toBe('Saved as draft')
    act(() => vi.advanceTimersByTime(SLOW_SAVE_MS - 1))
    rerender(<SaveStatus save={{ state: 'saved' }} />)
    expect(status().getAttribute('data-save-state')).toBe('saved')
    act(() => vi.advanceTimersByTime(SLOW_SAVE_MS))
    expect(status().textContent).toBe('Saved as draft')

    // A slow one says so, until it ends.
    rerender(<SaveStatus save={{ state: 'saving' }} />)
    act(() => vi.advanceTimersByTime(SLOW_SAVE_MS))
    expect(status().textContent).toBe('Saving…')
    rerender(<SaveStatus save={{ state: 'saved' }} />)
    expect(status().textContent).toBe('Saved as draft')
  })

  it('shows a failed save at once', () => {
    render(<SaveStatus save={{ state: 'error', message: 'The disk is full.' }} />)
    expect(status().getAttribute('role')).toBe('alert')
    expect(status().textContent).toBe('The disk is full.')
  })
})
