import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Settings } from '../../../src/shared/ipc/contract'
import { ThemeController } from '../../../src/renderer/app/ThemeController'
import { useSettingsStore } from '../../../src/renderer/state/settings/settingsStore'

const settings = (theme: Settings['theme']): Settings => ({
  theme,
  postLengthLimits: {},
  draftBackupsKept: 10,
})
const root = document.documentElement
const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => done()))

describe('ThemeController', () => {
  /** Every class the root element took, in order. */
  let classes: string[]
  let observer: MutationObserver
  beforeEach(() => {
    // The store's load asks main; these tests set what it would have read.
    useSettingsStore.setState({ settings: null, error: null, load: async () => {} })
    delete root.dataset.theme
    classes = []
    observer = new MutationObserver(() => classes.push(root.className))
    observer.observe(root, { attributeFilter: ['class'] })
  })
  afterEach(() => {
    observer.disconnect()
    cleanup()
    delete root.dataset.theme
  })

  it('pins a theme with transitions off for that frame only, and goes back to the system', async () => {
    render(<ThemeController />)
    act(() => useSettingsStore.setState({ settings: settings('dark') }))
    expect(root.dataset.theme).toBe('dark')
    expect(root.classList.contains('palette-switching')).toBe(true)
    await act(nextFrame)
    expect(root.classList.contains('palette-switching')).toBe(false)

    act(() => useSettingsStore.setState({ settings: settings('system') }))
    expect(root.dataset.theme).toBeUndefined()
    await act(nextFrame)
    expect(root.classList.contains('palette-switching')).toBe(false)
    expect(classes).toEqual(['palette-switching', '', 'palette-switching', ''])
  })

  it('touches nothing when the start applies "system" over no theme', async () => {
    render(<ThemeController />)
    act(() => useSettingsStore.setState({ settings: settings('system') }))
    await act(nextFrame)
    expect(root.dataset.theme).toBeUndefined()
    expect(classes).toEqual([])
  })
})
