import { AppFailure, appError } from '../../shared/errors'
import { API_HOST_KEYS, HOST_LABELS, isLoopbackHostname, sameHosts, type ApiHosts } from '../../shared/hosts'

/**
 * The rules that keep practice and real work apart, as pure functions of the hosts: a practice
 * profile reaches the practice sandbox and nothing else, and no other profile reaches it.
 */

function loopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && isLoopbackHostname(url.hostname)
}

/**
 * A practice profile's hosts moved to the sandbox's current address: the sandbox picks a free
 * port at each start, and the profile follows it. Only hosts that were the practice sandbox's
 * (loopback, with its paths) follow; anything else is left as it is, for the gate to refuse.
 */
export function followSandbox(hosts: ApiHosts, sandbox: ApiHosts): ApiHosts | undefined {
  const origin = new URL(sandbox.apiUrl).origin
  const moved = {} as ApiHosts
  for (const key of API_HOST_KEYS) {
    const url = new URL(hosts[key])
    if (!loopbackHttp(url)) return undefined
    moved[key] = new URL(url.pathname, origin).href
  }
  return sameHosts(moved, sandbox) ? { ...sandbox } : undefined
}

/** Whether a base URL reaches the loopback port the practice sandbox listens on. */
function reachesPort(base: string, port: number): boolean {
  const url = new URL(base)
  return loopbackHttp(url) && Number(url.port || 80) === port
}

/** The first host of a profile that would reach the practice sandbox, if any. */
export function hostOnSandbox(hosts: ApiHosts, port: number): keyof ApiHosts | undefined {
  return API_HOST_KEYS.find((key) => reachesPort(hosts[key], port))
}

/** A practice profile whose calls would go anywhere but the practice sandbox. */
export function practiceElsewhere(hosts: ApiHosts, sandbox: ApiHosts): AppFailure {
  const key = API_HOST_KEYS.find((name) => hosts[name] !== sandbox[name]) ?? 'apiUrl'
  return new AppFailure(
    appError(
      'forbidden',
      `A practice profile reaches only the practice platform inside Ads Studio, not ${hosts[key]}: nothing was sent. To publish for real, connect your own ad account (Connect → Add another profile).`,
    ),
  )
}

/** Another profile pointed at the practice sandbox's address. */
export function notForPractice(key: keyof ApiHosts, hosts: ApiHosts): AppFailure {
  return new AppFailure(
    appError(
      'invalid_input',
      `${hosts[key]} is Ads Studio’s practice platform, which only the practice profile uses. Choose Practice to use it, or enter the address of a sandbox you started yourself as the ${HOST_LABELS[key]}.`,
      { field: `hosts.${key}` },
    ),
  )
}
