// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { latestAfterPaint } from '../../../src/renderer/features/drafts/latestAfterPaint'

describe('latestAfterPaint', () => {
  let frames: FrameRequestCallback[]
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })
  const paintFrame = () => {
    const now = frames.splice(0)
    for (const callback of now) callback(0)
  }

  it('applies only the newest value, after the next frame is painted, once per frame', () => {
    const applied: string[] = []
    const later = latestAfterPaint<string>((value) => applied.push(value))
    later.push('s')
    later.push('sp')
    later.push('spr')
    expect(applied).toEqual([])
    paintFrame()
    // The frame's own work comes first: applied in a task after it.
    expect(applied).toEqual([])
    vi.advanceTimersByTime(0)
    expect(applied).toEqual(['spr'])
    later.push('spri')
    paintFrame()
    vi.advanceTimersByTime(0)
    expect(applied).toEqual(['spr', 'spri'])
    vi.advanceTimersByTime(1_000)
    expect(applied).toEqual(['spr', 'spri'])
  })

  it('still applies when no frame comes (a hidden window), and never after cancel', () => {
    const applied: string[] = []
    const later = latestAfterPaint<string>((value) => applied.push(value))
    later.push('spring')
    vi.advanceTimersByTime(100)
    expect(applied).toEqual(['spring'])
    later.push('spring sale')
    later.cancel()
    paintFrame()
    vi.advanceTimersByTime(1_000)
    expect(applied).toEqual(['spring'])
  })
})
