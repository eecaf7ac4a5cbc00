import { AppFailure, appError } from '../../shared/errors'
import { hostsOf, isLoopbackHostname, parseUrlWithoutCredentials } from '../../shared/hosts'

/**
 * shell.openExternal is a classic Electron foot-gun: only https pages on the platform's API
 * hosts may open (plain http for loopback only, for a local sandbox as the platform). A host a
 * profile names (custom, local sandbox) is no platform's: of its pages, only the authorization
 * page main itself built and still waits on a PIN for may open.
 */
export function isAllowedExternalUrl(rawUrl: string, apiHosts: readonly string[]): boolean {
  const url = parseUrlWithoutCredentials(rawUrl)
  if (!url || !hostsOf(apiHosts).includes(url.host)) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && isLoopbackHostname(url.hostname)
}

export function createExternalOpener(
  open: (url: string) => Promise<void>,
  allowed: {
    /** The platform's API hosts (the app's configured hosts). */
    platformHosts: () => readonly string[]
    /** The exact authorization pages main built and still waits on. */
    authorizePages: () => readonly string[]
  },
): (url: string) => Promise<void> {
  return async (url) => {
    if (!isAllowedExternalUrl(url, allowed.platformHosts()) && !allowed.authorizePages().includes(url)) {
      throw new AppFailure(
        appError('forbidden', 'Ads Studio only opens pages on the ads platform you connected to.', {
          field: 'url',
        }),
      )
    }
    await open(url)
  }
}
