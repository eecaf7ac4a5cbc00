import { createHmac, timingSafeEqual } from 'node:crypto'

/** RFC 5849 §3.6: RFC 3986 unreserved characters stay, everything else is %XX (uppercase). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

export type ParamPair = readonly [string, string]

/**
 * Parses `Authorization: OAuth k="v", ...` into decoded pairs (RFC 5849 §3.5.1).
 * Returns undefined when the header is not an OAuth header or is malformed.
 */
export function parseOAuthHeader(header: string | undefined): Map<string, string> | undefined {
  if (!header) return undefined
  const match = /^OAuth\s+(.*)$/is.exec(header.trim())
  if (!match) return undefined
  const result = new Map<string, string>()
  const body = match[1] ?? ''
  const pairPattern = /\s*([^=,\s]+)\s*=\s*"([^"]*)"\s*(?:,|$)/gy
  let consumed = 0
  for (let m = pairPattern.exec(body); m; m = pairPattern.exec(body)) {
    const [, rawName = '', rawValue = ''] = m
    try {
      result.set(decodeURIComponent(rawName), decodeURIComponent(rawValue))
    } catch {
      return undefined
    }
    consumed = pairPattern.lastIndex
    if (consumed >= body.length) break
  }
  if (body.slice(consumed).trim() !== '') return undefined
  return result
}

/** RFC 5849 §3.4.1.2: scheme and host lowercase, default port dropped, no query or fragment. */
export function baseStringUri(scheme: string, hostHeader: string, path: string): string {
  const lowerScheme = scheme.toLowerCase()
  let host = hostHeader.toLowerCase()
  const defaultPort = lowerScheme === 'https' ? ':443' : ':80'
  if (host.endsWith(defaultPort)) host = host.slice(0, -defaultPort.length)
  return `${lowerScheme}://${host}${path}`
}

/** RFC 5849 §3.4.1.3.2: encode names and values, sort by name then value, join with & and =. */
export function normalizeParameters(params: readonly ParamPair[]): string {
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

/** RFC 5849 §3.4.1: METHOD&encoded-base-uri&encoded-normalized-parameters. */
export function signatureBaseString(method: string, baseUri: string, params: readonly ParamPair[]): string {
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalizeParameters(params))].join('&')
}

/** RFC 5849 §3.4.2: key is encoded consumer secret & encoded token secret (empty when no token). */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`
  return createHmac('sha1', key).update(baseString).digest('base64')
}

export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The parameters that enter the base string (RFC 5849 §3.4.1.3.1): every query pair, every pair of
 * an application/x-www-form-urlencoded body, and the protocol parameters except oauth_signature
 * and realm. JSON and multipart bodies contribute nothing.
 */
export function signatureParams(
  query: readonly ParamPair[],
  formBody: readonly ParamPair[],
  protocolParams: Map<string, string>,
): ParamPair[] {
  const protocol = [...protocolParams].filter(([name]) => name !== 'oauth_signature' && name !== 'realm')
  return [...query, ...formBody, ...protocol]
}

/** application/x-www-form-urlencoded decoding as OAuth needs it: '+' is a space, pairs keep order. */
export function parseFormPairs(text: string): ParamPair[] {
  if (text === '') return []
  return text
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=')
      const name = eq === -1 ? part : part.slice(0, eq)
      const value = eq === -1 ? '' : part.slice(eq + 1)
      return [decodeFormComponent(name), decodeFormComponent(value)] as const
    })
}

function decodeFormComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}
