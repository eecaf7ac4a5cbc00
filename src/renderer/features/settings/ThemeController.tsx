import { useEffect } from 'react'
import { useSettingsStore } from './settingsStore'

/** Applies the saved theme; "system" leaves it to prefers-color-scheme, so it follows the OS live. */
export function ThemeController() {
  const theme = useSettingsStore((state) => state.settings?.theme)
  const load = useSettingsStore((state) => state.load)
  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    const root = document.documentElement
    if (!theme || theme === 'system') delete root.dataset.theme
    else root.dataset.theme = theme
  }, [theme])
  return null
}
