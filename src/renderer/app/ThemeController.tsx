import { useEffect } from 'react'
import { useSettingsStore } from '../state/settings/settingsStore'

/** Applies the saved theme; "system" leaves it to prefers-color-scheme, so it follows the OS live. */
export function ThemeController() {
  const theme = useSettingsStore((state) => state.settings?.theme)
  const load = useSettingsStore((state) => state.load)
  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    const root = document.documentElement
    const pinned = !theme || theme === 'system' ? undefined : theme
    // Only a real change: the start applies "system" over no theme, and the whole page's style
    // would be invalidated twice for nothing.
    if (root.dataset.theme !== pinned)
      withoutTransitions(() => {
        if (pinned) root.dataset.theme = pinned
        else delete root.dataset.theme
      })
  }, [theme])
  return null
}

/**
 * Applies a palette change in one frame. Controls with a colour transition (the navigation's
 * links, buttons) would otherwise fade into the new palette while everything else snaps, and the
 * first frames would show them half-switched. Only for a theme chosen here: when the OS switches,
 * the browser may restyle the page before any listener of ours runs.
 */
function withoutTransitions(apply: () => void) {
  const root = document.documentElement
  root.classList.add('palette-switching')
  apply()
  // Style is computed now, with no transition to run; they come back for the next frame.
  void getComputedStyle(root).color
  requestAnimationFrame(() => root.classList.remove('palette-switching'))
}
