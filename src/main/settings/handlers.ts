import type { appContract } from '../../shared/ipc/contracts/app'
import type { HandlersOf } from '../ipc/dispatcher'
import type { SettingsService } from './settingsService'

/** The app's own channels: its name and version, the settings, and links for the browser. */
export function createAppHandlers(deps: {
  appInfo: { name: string; version: string }
  settings: SettingsService
  /** Opens only the URLs the external-link policy allows (platform/externalLinks). */
  openExternal: (url: string) => Promise<void>
}): HandlersOf<typeof appContract> {
  const { openExternal } = deps
  return {
    'app.info': () => deps.appInfo,
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => deps.settings.update(patch),
    'external.open': async ({ url }) => {
      await openExternal(url)
      return { opened: true as const }
    },
  }
}
