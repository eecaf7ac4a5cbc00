import { z } from 'zod'
import { hostUrlProblem, type ApiHosts } from './apiHosts'

export {
  ADS_API_VERSION,
  API_HOST_KEYS,
  HOST_LABELS,
  hostsOf,
  hostUrlProblem,
  isLoopbackHostname,
  normaliseBaseUrl,
  parseUrlWithoutCredentials,
  PLATFORM_MEDIA_HOSTS,
  PRODUCTION_HOSTS,
  sameHosts,
} from './apiHosts'
export type { ApiHosts } from './apiHosts'

/** The three base URLs (apiHosts.ts) as main receives and stores them. */
export const apiHostsSchema = z.object({
  apiUrl: z.string().url(),
  adsUrl: z.string().url(),
  adsSandboxUrl: z.string().url(),
}) satisfies z.ZodType<ApiHosts>

const hostUrlSchema = z
  .string()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = hostUrlProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** Hosts as a person (or a page) asks to connect to: held to hostUrlProblem's rules. Other keys are dropped. */
export const apiHostsInputSchema = z.object({
  apiUrl: hostUrlSchema,
  adsUrl: hostUrlSchema,
  adsSandboxUrl: hostUrlSchema,
})
