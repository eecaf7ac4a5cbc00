import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import { ADS_API_VERSION, HOST_LABELS, type ApiHosts } from '../../shared/hosts'
import { listAccounts } from '../api/ads'
import { type AdsContext } from '../api/adsRequest'

/**
 * Checks that each URL a profile was given is the host it claims to be, so a wrong one is named
 * while the person is still on the connect form instead of surfacing later as "Not found".
 */

type HostKey = keyof ApiHosts

function hostFailure(key: HostKey, message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message, { field: `hosts.${key}` }))
}

/**
 * Shape mistakes that need no request: the ads base URL is the part before the version, which
 * the app adds itself (pasting `…/ads/12` is the usual slip).
 */
export function hostShapeProblem(hosts: ApiHosts): AppFailure | undefined {
  for (const key of ['adsUrl', 'adsSandboxUrl'] as const) {
    const path = new URL(hosts[key]).pathname.replace(/\/+$/, '')
    if (/\/\d+$/.test(path)) {
      return hostFailure(
        key,
        `Leave the version (/${path.split('/').pop()}) off the end of the ${HOST_LABELS[key]}: Ads Studio adds /${ADS_API_VERSION} itself`,
      )
    }
  }
  return undefined
}

/** The platform answered, and the answer says this is not an ads API for this authorization. */
const WRONG_HOST_CODES = new Set([
  'not_found',
  'unexpected_response',
  'invalid_request',
  'token_expired',
  'bad_credentials',
])

/** What the probe got, said about a host rather than an object ("Not found — it may have been deleted" is not). */
function answerOf(code: string, message: string): string {
  const read = `GET /${ADS_API_VERSION}/accounts`
  if (code === 'not_found') return `${read} was not found there`
  if (code === 'unexpected_response') return `its answer to ${read} is not the API's`
  return `${read} was refused (${message})`
}

/**
 * One signed read (GET accounts, count 1) per distinct ads host the profile will use: `hosts` are
 * the effective ones, `fieldOf` names the form field each came from. The platform URL needs no
 * probe of its own: the PIN exchange that just succeeded was a signed request to it.
 * Network trouble is not a verdict (the designer may be going offline); an answer that shows the
 * URL is not the ads API of this platform is, and it names the URL.
 */
export async function findWrongAdsHost(
  ctx: AdsContext,
  fieldOf: Record<'adsUrl' | 'adsSandboxUrl', HostKey>,
): Promise<AppFailure | undefined> {
  const checked = new Set<string>()
  for (const use of ['adsUrl', 'adsSandboxUrl'] as const) {
    const url = ctx.hosts[use]
    if (checked.has(url)) continue
    checked.add(url)
    try {
      await listAccounts({ ...ctx, hosts: { ...ctx.hosts, adsUrl: url } }, { count: 1 })
    } catch (error) {
      if (!isAppFailure(error) || !WRONG_HOST_CODES.has(error.code)) continue
      const key = fieldOf[use]
      const named = `The ${HOST_LABELS[key]} (${url})`
      return hostFailure(
        key,
        error.code === 'token_expired' || error.code === 'bad_credentials'
          ? `${named} did not accept this authorization: it must belong to the same platform as the ${HOST_LABELS.apiUrl}. Correct it, then open the authorization page again.`
          : `${named} does not answer like the ads API: ${answerOf(error.code, error.message)}. Correct it, then open the authorization page again.`,
      )
    }
  }
  return undefined
}
