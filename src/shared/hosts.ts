import { z } from 'zod'

/**
 * The three base URLs the spec writes as {base_url}, {ads_url} and {ads_sandbox_url}.
 * The spec names no real hosts; the production values are the platform's public ones.
 */
export const apiHostsSchema = z.object({
  apiUrl: z.string().url(),
  adsUrl: z.string().url(),
  adsSandboxUrl: z.string().url(),
})
export type ApiHosts = z.infer<typeof apiHostsSchema>

export const PRODUCTION_HOSTS: ApiHosts = {
  apiUrl: 'https://api.x.com',
  adsUrl: 'https://ads-api.x.com',
  adsSandboxUrl: 'https://ads-api-sandbox.x.com',
}

/** Ads API path version (platform-auth-events-releases.md, Versioning: "12 for most paths"). */
export const ADS_API_VERSION = 12
