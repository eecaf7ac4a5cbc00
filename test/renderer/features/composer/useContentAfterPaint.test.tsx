// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { emptyPostContent, type PostContent } from '../../../../src/shared/creatives/post'
import { useContentAfterPaint } from '../../../../src/renderer/features/composer/useContentAfterPaint'
import { installFakeFrames } from '../../fakeFrames'

describe('useContentAfterPaint', () => {
  const frames = installFakeFrames()
  /** The browser paints a frame, then runs the tasks queued for after it. */
  const paintFrame = () =>
    act(() => {
      frames.runFrame()
      vi.advanceTimersByTime(0)
    })
  const render = (first: PostContent) =>
    renderHook(({ content }) => useContentAfterPaint(content), { initialProps: { content: first } })

  it('lets the text follow once the frame is painted, the last of the keys typed within it', () => {
    const empty = emptyPostContent('42')
    const { result, rerender } = render(empty)
    const typed = { ...empty, text: 'S' }
    const typedMore = { ...typed, text: 'Sp' }
    rerender({ content: typed })
    rerender({ content: typedMore })
    expect(result.current).toBe(empty)
    paintFrame()
    expect(result.current).toBe(typedMore)
  })

  it('applies any other edit in the same render, and no older text comes back after it', () => {
    const empty = emptyPostContent('42')
    const { result, rerender } = render(empty)
    const typed = { ...empty, text: 'Spring' }
    rerender({ content: typed })
    const unticked = { ...typed, nullcast: !typed.nullcast }
    rerender({ content: unticked })
    expect(result.current).toBe(unticked)
    paintFrame()
    vi.advanceTimersByTime(1_000)
    expect(result.current).toBe(unticked)
  })

  it('leaves nothing waiting once unmounted', () => {
    const empty = emptyPostContent('42')
    const { rerender, unmount } = render(empty)
    rerender({ content: { ...empty, text: 'S' } })
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
    expect(frames.pending()).toBe(0)
  })
})
