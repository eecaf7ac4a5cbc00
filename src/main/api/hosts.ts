import { AppFailure, appError } from '../../shared/errors'
import { hostUrlProblem, normaliseBaseUrl, type ApiHosts } from '../../shared/hosts'
import { usesAdsSandboxHost, type Environment } from '../../shared/environments'

export type { ApiHosts }

export const HOST_ENV_VARS = {
  apiUrl: 'ADS_STUDIO_API_URL',
  adsUrl: 'ADS_STUDIO_ADS_URL',
  adsSandboxUrl: 'ADS_STUDIO_ADS_SANDBOX_URL',
} as const satisfies Record<keyof ApiHosts, string>

/**
 * The profile's hosts, each replaced by its environment override when one is set (proxies,
 * tests). Trailing slashes are dropped so callers can append paths. A URL that may not carry
 * secrets (plain http off this computer, credentials in it) throws before anything is signed:
 * a typo in an override, or a profile saved by an older version, must stop the call rather than
 * send credentials somewhere unexpected. Overrides come from the process environment, which
 * the person running the app sets; the renderer cannot.
 */
export function resolveHosts(profileHosts: ApiHosts, env: Record<string, string | undefined>): ApiHosts {
  const pick = (key: keyof ApiHosts): string => {
    const override = env[HOST_ENV_VARS[key]]?.trim()
    const value = override ? override : profileHosts[key]
    const problem = hostUrlProblem(value)
    if (problem) {
      const source = override ? HOST_ENV_VARS[key] : `The profile's ${key}`
      throw new AppFailure(
        appError('invalid_input', `${source} cannot be used: ${problem}`, { field: `hosts.${key}` }),
      )
    }
    return normaliseBaseUrl(value)
  }
  return { apiUrl: pick('apiUrl'), adsUrl: pick('adsUrl'), adsSandboxUrl: pick('adsSandboxUrl') }
}

/**
 * The hosts a profile's calls go to: its own, with the overrides, and for "Ads sandbox" the ads
 * sandbox host in place of the ads host.
 */
export function profileHosts(
  profile: { hosts: ApiHosts; environment: Environment },
  env: Record<string, string | undefined>,
): ApiHosts {
  const hosts = resolveHosts(profile.hosts, env)
  return usesAdsSandboxHost(profile.environment) ? { ...hosts, adsUrl: hosts.adsSandboxUrl } : hosts
}
