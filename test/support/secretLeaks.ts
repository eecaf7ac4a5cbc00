import {
  hmacSha1Signature,
  parseFormPairs,
  parseOAuthHeader,
  signatureBaseString,
  signatureParams,
  baseStringUri,
} from '../../sandbox/oauth1'
import type { RecordedRequest } from './recordingServer'

export interface KnownSecrets {
  consumerSecret: string
  accessToken?: string | null
  accessTokenSecret?: string | null
  bearerToken?: string | null
}

/**
 * Every way a request could carry one of the profile's secrets: in clear (raw or percent-encoded,
 * anywhere in the URL, headers or body), inside a Basic header, or as the key of an OAuth 1.0a
 * signature (which lets whoever receives it test guesses offline, and proves the secret was used
 * for that host). Returns a line per leak, empty when the request is clean.
 */
export function secretLeaks(request: RecordedRequest, secrets: KnownSecrets): string[] {
  const leaks: string[] = []
  const text = [request.method, request.url, JSON.stringify(request.headers), request.body].join('\n')
  const values = Object.entries(secrets).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  for (const [name, value] of values) {
    for (const form of new Set([value, encodeURIComponent(value)])) {
      if (text.includes(form)) leaks.push(`${request.method} ${request.url} carries the ${name}`)
    }
  }
  const authorization = request.headers.authorization
  const header = Array.isArray(authorization) ? authorization.join(',') : authorization
  const basic = header ? /^Basic\s+(\S+)/i.exec(header) : null
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
    for (const [name, value] of values) {
      if (decoded.includes(value) || decoded.includes(encodeURIComponent(value)))
        leaks.push(`${request.method} ${request.url} carries the ${name} in a Basic header`)
    }
  }
  const oauth = parseOAuthHeader(header)
  const signature = oauth?.get('oauth_signature')
  if (oauth && signature) {
    const [path, query = ''] = request.url.split('?') as [string, string?]
    const host = String(request.headers.host ?? '')
    const form = String(request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')
      ? parseFormPairs(request.body)
      : []
    const base = signatureBaseString(
      request.method,
      baseStringUri('http', host, path),
      signatureParams(parseFormPairs(query), form, oauth),
    )
    for (const tokenSecret of ['', secrets.accessTokenSecret ?? '', 'planted-secret']) {
      if (hmacSha1Signature(base, secrets.consumerSecret, tokenSecret) === signature)
        leaks.push(`${request.method} ${request.url} is signed with the consumer secret`)
    }
  }
  return leaks
}
