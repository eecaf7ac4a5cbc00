/**
 * The kinds of connection a profile can be, as plain values: the renderer's account switcher
 * (in the first page's code) needs these and none of profiles.ts's schemas, which would bring
 * zod into that code (rule P11, bench/PERFORMANCE.md). profiles.ts builds its schemas from these.
 */
export const ENVIRONMENTS = ['production', 'ads_sandbox', 'local_sandbox', 'custom', 'practice'] as const
export type Environment = (typeof ENVIRONMENTS)[number]

/**
 * The ads host a profile publishes to. "Ads sandbox" authorizes against the production
 * platform but sends every ads call to the sandbox host.
 */
export function usesAdsSandboxHost(environment: Environment): boolean {
  return environment === 'ads_sandbox'
}

/** Profiles whose ads calls reach a sandbox host, where sandbox accounts and features can be made. */
export const SANDBOX_ENVIRONMENTS: readonly Environment[] = ['ads_sandbox', 'local_sandbox', 'practice']

/**
 * Practice mode: the sandbox that ships inside Ads Studio, started by main on this computer. A
 * practice profile reaches that sandbox and nothing else (main checks every request's hosts).
 */
export function isPractice(environment: Environment): boolean {
  return environment === 'practice'
}
