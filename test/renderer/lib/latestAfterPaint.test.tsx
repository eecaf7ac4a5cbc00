// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { latestAfterPaint } from '../../../src/renderer/lib/latestAfterPaint'
import { installFakeFrames } from '../fakeFrames'

describe('latestAfterPaint', () => {
  const frames = installFakeFrames()
  const paintFrame = frames.runFrame

  it('applies the newest value once, in a task after the next frame, for all values pushed within it', () => {
    const applied: string[] = []
    const later = latestAfterPaint<string>((value) => applied.push(value))
    later.push('s')
    later.push('sp')
    later.push('spr')
    expect(frames.pending()).toBe(1)
    expect(applied).toEqual([])
    paintFrame()
    // The frame's own work (style, layout, paint) comes first: applied in a task after it.
    expect(applied).toEqual([])
    vi.advanceTimersByTime(0)
    expect(applied).toEqual(['spr'])
    later.push('spri')
    paintFrame()
    vi.advanceTimersByTime(0)
    expect(applied).toEqual(['spr', 'spri'])
    // Nothing left over: neither the fallback nor another frame applies anything again.
    paintFrame()
    vi.advanceTimersByTime(1_000)
    expect(applied).toEqual(['spr', 'spri'])
  })

  it('applies after 100 ms when no frame comes (a hidden window), once', () => {
    const applied: string[] = []
    const later = latestAfterPaint<string>((value) => applied.push(value))
    later.push('spring')
    vi.advanceTimersByTime(99)
    expect(applied).toEqual([])
    vi.advanceTimersByTime(1)
    expect(applied).toEqual(['spring'])
    // The late frame finds nothing to apply.
    paintFrame()
    vi.advanceTimersByTime(1_000)
    expect(applied).toEqual(['spring'])
  })

  it('drops a pushed value on cancel, and still applies values pushed after it', () => {
    const applied: string[] = []
    const later = latestAfterPaint<string>((value) => applied.push(value))
    later.push('spring sale')
    later.cancel()
    paintFrame()
    vi.advanceTimersByTime(1_000)
    expect(applied).toEqual([])
    later.push('summer')
    paintFrame()
    vi.advanceTimersByTime(0)
    expect(applied).toEqual(['summer'])
  })
})
