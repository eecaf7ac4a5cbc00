import { AppFailure, appError } from '../../shared/errors'
import { isLoopbackHostname } from '../../shared/hosts'

/**
 * shell.openExternal is a classic Electron foot-gun: only https pages on the API hosts the
 * designer configured may open (the authorization page lives there). Plain http is allowed
 * for loopback only, for the local sandbox.
 */
export function isAllowedExternalUrl(rawUrl: string, apiHosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  const allowedHosts = new Set(
    apiHosts.flatMap((base) => {
      try {
        return [new URL(base).host]
      } catch {
        return []
      }
    }),
  )
  if (!allowedHosts.has(url.host)) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && isLoopbackHostname(url.hostname)
}

export function createExternalOpener(
  open: (url: string) => Promise<void>,
  apiHosts: () => readonly string[],
): (url: string) => Promise<void> {
  return async (url) => {
    if (!isAllowedExternalUrl(url, apiHosts())) {
      throw new AppFailure(
        appError('forbidden', 'Ads Studio only opens pages on the ads platform you connected to.', {
          field: 'url',
        }),
      )
    }
    await open(url)
  }
}
