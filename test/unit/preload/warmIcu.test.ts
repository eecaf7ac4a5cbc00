// The preload's ICU warm-up: it must wait for an idle period (never ahead of the page's work),
// and then build the Intl objects whose first construction loads ICU's data.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmIcuWhenIdle } from '../../../src/preload/warmIcu'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('warmIcuWhenIdle', () => {
  it('builds nothing at once, and the number, collation and relative-time formats when idle', () => {
    const idle: { callback: () => void; timeout: number }[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      idle.push({ callback, timeout: options.timeout })
      return idle.length
    })
    const built: string[] = []
    for (const kind of ['NumberFormat', 'Collator', 'RelativeTimeFormat'] as const) {
      const original = Intl[kind] as unknown as new (...args: unknown[]) => object
      vi.spyOn(Intl, kind).mockImplementation(function (this: unknown, ...args: unknown[]) {
        built.push(kind)
        return new original(...args)
      } as never)
    }

    warmIcuWhenIdle()
    expect(built).toEqual([])
    expect(idle).toHaveLength(1)
    expect(idle[0]!.timeout).toBeGreaterThan(0)

    idle[0]!.callback()
    expect(built).toEqual(['NumberFormat', 'Collator', 'RelativeTimeFormat'])
  })

  it('falls back to a task where there is no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    const built: string[] = []
    const original = Intl.NumberFormat
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: unknown[]) {
      built.push('NumberFormat')
      return new original(...(args as []))
    } as never)
    warmIcuWhenIdle()
    expect(built).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(built).toEqual(['NumberFormat'])
  })
})
