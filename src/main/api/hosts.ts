import type { ApiHosts } from '../../shared/hosts'

export type { ApiHosts }

export const HOST_ENV_VARS = {
  apiUrl: 'ADS_STUDIO_API_URL',
  adsUrl: 'ADS_STUDIO_ADS_URL',
  adsSandboxUrl: 'ADS_STUDIO_ADS_SANDBOX_URL',
} as const satisfies Record<keyof ApiHosts, string>

/**
 * The profile's hosts, each replaced by its environment override when one is set (proxies,
 * tests). Trailing slashes are dropped so callers can append paths. Invalid URLs throw: a typo
 * in an override should stop the app rather than send credentials somewhere unexpected.
 */
export function resolveHosts(profileHosts: ApiHosts, env: Record<string, string | undefined>): ApiHosts {
  const pick = (key: keyof ApiHosts): string => {
    const override = env[HOST_ENV_VARS[key]]?.trim()
    return normaliseBaseUrl(override ? override : profileHosts[key], override ? HOST_ENV_VARS[key] : key)
  }
  return { apiUrl: pick('apiUrl'), adsUrl: pick('adsUrl'), adsSandboxUrl: pick('adsSandboxUrl') }
}

function normaliseBaseUrl(value: string, source: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${source} is not a valid URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${source} must be an http(s) URL`)
  if (url.search || url.hash) throw new Error(`${source} must not carry a query or fragment`)
  return url.href.replace(/\/+$/, '')
}
