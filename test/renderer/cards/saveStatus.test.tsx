// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SaveState } from '../../../src/renderer/lib/draftEditor'
import { SAVED_SETTLE_MS, useShownSaveState } from '../../../src/renderer/features/cards/SaveStatus'

afterEach(() => vi.useRealTimers())

describe('the save status while typing', () => {
  it('shows "Saving…" at once, and "Saved" only once the saves pause', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ save }: { save: SaveState }) => useShownSaveState(save), {
      initialProps: { save: { state: 'saved' } as SaveState },
    })
    expect(result.current.state).toBe('saved')
    rerender({ save: { state: 'saving' } })
    expect(result.current.state).toBe('saving')
    // Main answered, but the designer is still typing: no flip back and forth per key.
    rerender({ save: { state: 'saved' } })
    expect(result.current.state).toBe('saving')
    act(() => vi.advanceTimersByTime(SAVED_SETTLE_MS / 2))
    rerender({ save: { state: 'saving' } })
    rerender({ save: { state: 'saved' } })
    act(() => vi.advanceTimersByTime(SAVED_SETTLE_MS - 1))
    expect(result.current.state).toBe('saving')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.state).toBe('saved')
  })

  it('shows a failed save at once', () => {
    const { result, rerender } = renderHook(({ save }: { save: SaveState }) => useShownSaveState(save), {
      initialProps: { save: { state: 'saving' } as SaveState },
    })
    rerender({ save: { state: 'error', message: 'The disk is full.' } })
    expect(result.current).toEqual({ state: 'error', message: 'The disk is full.' })
  })
})
