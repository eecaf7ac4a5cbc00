/**
 * The three base URLs the spec writes as {base_url}, {ads_url} and {ads_sandbox_url}, and the
 * rules a base URL must meet, as plain values and functions: the renderer's connect store (in
 * the first page's code) needs these and none of hosts.ts's schemas, which would bring zod into
 * that code (rule P11, bench/PERFORMANCE.md). hosts.ts builds its schemas from these.
 * The spec names no real hosts; the production values are the platform's public ones.
 */
export interface ApiHosts {
  apiUrl: string
  adsUrl: string
  adsSandboxUrl: string
}

export const API_HOST_KEYS = [
  'apiUrl',
  'adsUrl',
  'adsSandboxUrl',
] as const satisfies readonly (keyof ApiHosts)[]

/** What the connect form calls each URL; errors name the URL the way the person saw it. */
export const HOST_LABELS: Record<keyof ApiHosts, string> = {
  apiUrl: 'Platform URL',
  adsUrl: 'Ads URL',
  adsSandboxUrl: 'Ads sandbox URL',
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this computer. */
export function isLoopbackHostname(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/**
 * Why a base URL cannot carry secrets, or undefined when it can. Secrets are signed into (or sent
 * in) every request, so: https only, except plain http to this computer (the local sandbox); no
 * user name or password in the URL; no query or fragment, which paths would be appended after.
 */
export function hostUrlProblem(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Enter a full URL, starting with https://'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an https:// URL'
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname))
    return 'Use https:// — plain http is allowed only for this computer (127.0.0.1 or localhost)'
  if (url.username || url.password) return 'Leave the user name and password out of the URL'
  if (url.search || url.hash) return 'Leave the query (?…) and fragment (#…) out of the URL'
  return undefined
}

/** A URL as given, parsed; undefined when it is none, or names a user name or password. */
export function parseUrlWithoutCredentials(raw: string): URL | undefined {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  return url.username || url.password ? undefined : url
}

/** The host (and port) of each base URL that is one. */
export function hostsOf(bases: readonly string[]): string[] {
  return bases.flatMap((base) => parseUrlWithoutCredentials(base)?.host ?? [])
}

/** One spelling per base URL (no trailing slash), so two host sets compare as their owner means. */
export function normaliseBaseUrl(value: string): string {
  return new URL(value).href.replace(/\/+$/, '')
}

export function sameHosts(a: ApiHosts, b: ApiHosts): boolean {
  return API_HOST_KEYS.every((key) => normaliseBaseUrl(a[key]) === normaliseBaseUrl(b[key]))
}

export const PRODUCTION_HOSTS: ApiHosts = {
  apiUrl: 'https://api.x.com',
  adsUrl: 'https://ads-api.x.com',
  adsSandboxUrl: 'https://ads-api-sandbox.x.com',
}

/**
 * Where the production platform (and its ads sandbox) serves the media its API names in
 * `media_url` and `poster_media_url`: its public media CDN. Not in the spec, which names no real
 * hosts; main fetches thumbnails from these only (a custom profile: from its own API hosts).
 */
export const PLATFORM_MEDIA_HOSTS: readonly string[] = ['pbs.twimg.com', 'video.twimg.com', 'ton.twimg.com']

/** Ads API path version (platform-auth-events-releases.md, Versioning: "12 for most paths"). */
export const ADS_API_VERSION = 12
