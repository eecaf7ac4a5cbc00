import { lookup } from 'node:dns/promises'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import {
  hostsOf,
  isLoopbackHostname,
  parseUrlWithoutCredentials,
  PLATFORM_MEDIA_HOSTS,
  type ApiHosts,
} from '../../shared/hosts'
import type { Environment } from '../../shared/profiles'

/**
 * Where main may fetch an image the ads API names (a library medium's `media_url`): a thumbnail
 * is fetched by main and handed to the renderer, so an API answer must not make main fetch
 * from anywhere it likes — this computer, the local network, a cloud's metadata address.
 * - Only over https, from the platform's media hosts (PLATFORM_MEDIA_HOSTS); a custom or local
 *   sandbox profile's media come from its own API hosts instead.
 * - Only to public addresses, checked after DNS resolution, on the addresses the connection then
 *   uses (no second look-up a rebinding name could answer differently). The one exception is a
 *   local sandbox or practice profile's own host on this computer: the designer connected to it
 *   on purpose, by an address (127.0.0.1, localhost) that names this computer, over plain http.
 */

export interface MediaAddressPolicy {
  /** Every address a host name resolves to. */
  resolve(hostname: string): Promise<{ address: string; family: number }[]>
  /** Whether main may connect to this address. */
  allows(address: string): boolean
}

// Loopback, private, shared, link-local, documentation, benchmark, multicast and reserved ranges.
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

/** An address on the public internet: not this computer, the local network or a reserved range. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 6) {
    // An IPv4 address written as IPv6 is judged as the IPv4 address it is.
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
    if (mapped) return isPublicAddress(mapped[1] as string)
    if (/^::ffff:/i.test(address)) return false
  }
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

export const DEFAULT_MEDIA_ADDRESS_POLICY: MediaAddressPolicy = {
  resolve: (hostname) => lookup(hostname, { all: true, verbatim: true }),
  allows: isPublicAddress,
}

/** A fetch main refused before connecting: the URL or its address is not one it may fetch. */
export class MediaFetchRefused extends Error {
  override readonly name = 'MediaFetchRefused'
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '')

/** What a profile's thumbnails may be fetched from, by the URL; undefined when not at all. */
export interface MediaFetchTarget {
  url: URL
  /** Addresses of this computer may be connected to (a local sandbox profile's own host). */
  loopbackAllowed: boolean
}

/** Whether main may fetch this media URL for a profile, and how. */
export function mediaFetchTarget(
  rawUrl: string,
  profile: { environment: Environment; hosts: ApiHosts },
): MediaFetchTarget | undefined {
  const url = parseUrlWithoutCredentials(rawUrl)
  if (!url) return undefined
  const ownHosts = hostsOf(Object.values(profile.hosts))
  const platform = profile.environment === 'production' || profile.environment === 'ads_sandbox'
  if (platform ? !PLATFORM_MEDIA_HOSTS.includes(url.host) : !ownHosts.includes(url.host)) return undefined
  const onThisComputer = profile.environment === 'local_sandbox' || profile.environment === 'practice'
  const loopbackAllowed = onThisComputer && isLoopbackHostname(url.hostname)
  if (url.protocol === 'https:') return { url, loopbackAllowed }
  return url.protocol === 'http:' && loopbackAllowed ? { url, loopbackAllowed } : undefined
}

/**
 * The connection's look-up: resolves through the policy and refuses a name with any address the
 * policy does not allow, so the check is on the very addresses the socket connects to.
 */
export function checkedLookup(policy: MediaAddressPolicy, target: MediaFetchTarget): LookupFunction {
  const allowed = (address: string) =>
    policy.allows(address) || (target.loopbackAllowed && isLoopbackAddress(address))
  return (hostname, options, callback) => {
    policy.resolve(bare(hostname)).then(
      (answers) => {
        const refused = answers.length === 0 || answers.some((answer) => !allowed(answer.address))
        if (refused) {
          callback(
            new MediaFetchRefused(`${hostname} resolves to an address Ads Studio does not fetch from`),
            '',
            0,
          )
          return
        }
        if (options.all) callback(null, answers)
        else callback(null, answers[0]!.address, answers[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^127\./.test(address) || /^::ffff:127\./i.test(address)
}

/** An address written in the URL itself: no look-up happens, so it is checked here. */
export function literalAllowed(policy: MediaAddressPolicy, target: MediaFetchTarget): boolean {
  const host = bare(target.url.hostname)
  if (isIP(host) === 0) return true
  return policy.allows(host) || (target.loopbackAllowed && isLoopbackAddress(host))
}
