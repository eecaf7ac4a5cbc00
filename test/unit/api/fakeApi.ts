import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A tiny scripted HTTP server for unit tests. It records every request and can check OAuth 1.0a
 * signatures with its own small RFC 5849 implementation (independent of src/main/auth), so a
 * test proves that what the client sends is exactly what it signed.
 */

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
  oauth: Map<string, string> | undefined
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>

export interface FakeApi {
  url: string
  requests: RecordedRequest[]
  /** Handlers are used in order; the last one repeats. */
  respond(...handlers: Handler[]): void
  close(): Promise<void>
}

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

export function parseOAuthHeader(header: string | undefined): Map<string, string> | undefined {
  if (!header?.startsWith('OAuth ')) return undefined
  const params = new Map<string, string>()
  for (const match of header.slice(6).matchAll(/([^=,\s]+)="([^"]*)"/g)) {
    params.set(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!))
  }
  return params
}

/** Recomputes the HMAC-SHA1 signature from the request as received. */
export function verifySignature(req: RecordedRequest, consumerSecret: string, tokenSecret = ''): boolean {
  const oauth = req.oauth
  if (!oauth) return false
  const pairs: [string, string][] = [...req.query.entries()]
  if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    pairs.push(...new URLSearchParams(req.body).entries())
  }
  for (const [name, value] of oauth)
    if (name !== 'oauth_signature' && name !== 'realm') pairs.push([name, value])
  const normalized = pairs
    .map(([n, v]) => [rfc3986(n), rfc3986(v)] as const)
    .sort(([an, av], [bn, bv]) => (an === bn ? (av < bv ? -1 : av > bv ? 1 : 0) : an < bn ? -1 : 1))
    .map(([n, v]) => `${n}=${v}`)
    .join('&')
  const baseUri = `http://${String(req.headers.host).toLowerCase()}${req.path}`
  const base = `${req.method}&${rfc3986(baseUri)}&${rfc3986(normalized)}`
  const key = `${rfc3986(consumerSecret)}&${rfc3986(tokenSecret)}`
  return createHmac('sha1', key).update(base).digest('base64') === oauth.get('oauth_signature')
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
}

export function text(status: number, body: string, contentType = 'text/html'): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType })
    res.end(body)
  }
}

/** Closes the connection without answering: the response is lost after the request arrived. */
export const dropConnection: Handler = (_req, res) => {
  res.socket?.destroy()
}

/** Never answers (until the server closes). */
export const hang: Handler = () => undefined

export async function startFakeApi(): Promise<FakeApi> {
  const requests: RecordedRequest[] = []
  let handlers: Handler[] = [json(200, { data: null })]
  const server = createServer((incoming, res) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake')
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        oauth: parseOAuthHeader(incoming.headers.authorization),
      }
      requests.push(recorded)
      const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)] ?? handlers[0]!
      void handler(recorded, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(...next) {
      handlers = next
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
